"""Game logs and backups: the files a group takes out of the app and brings back. The one registry
of log formats (replay, import, export), a group's zip backup, and its restore in steps."""
