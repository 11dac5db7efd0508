#!/usr/bin/env bash
# Restores a backup made by ops/backup.sh into an empty database (create it first with
# createdb); stops at the first error.
#
#   ops/restore.sh backups/cards-20261201T041500Z.dump postgres://cards:...@127.0.0.1/cards_restored
set -euo pipefail
backup=${1:?the backup file to restore}
target=${2:?the URL of an empty database to restore into}
pg_restore --no-owner --no-privileges --exit-on-error --dbname "$target" "$backup"
