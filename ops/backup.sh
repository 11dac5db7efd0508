#!/usr/bin/env bash
# A backup of the whole PostgreSQL database (every group, game, history and ledger entry) in
# pg_dump's custom format, named by its time; backups older than BACKUP_DAYS days are removed.
#
#   DATABASE_URL=postgres://... ops/backup.sh            # prints the backup's path
#   BACKUP_DIR (default: backups), BACKUP_DAYS (default: 30)
#
# Nightly from cron (README, "Backups"):
#   15 4 * * *  cd /srv/cardtable && . /etc/cardtable.env && ops/backup.sh >/dev/null
set -euo pipefail
: "${DATABASE_URL:?DATABASE_URL must name the database to back up}"
backup_dir=${BACKUP_DIR:-backups}
mkdir -p "$backup_dir"
backup="$backup_dir/cards-$(date -u +%Y%m%dT%H%M%SZ).dump"
# Written under another name first, so a backup that stopped half-way is never taken for one.
pg_dump --format=custom --no-owner --no-privileges --file "$backup.partial" "$DATABASE_URL"
mv "$backup.partial" "$backup"
find "$backup_dir" -name 'cards-*.dump' -mtime +"${BACKUP_DAYS:-30}" -delete
echo "$backup"
