"""On the phone and in the middle of the table: the app installed on a home screen (its
manifest, its service worker, the page it shows offline) and the read-only table view of a
game for a tablet or a TV."""
