"""The app installed on a phone's home screen: its manifest, its service worker as the site serves
it, its icon, and the page the worker shows offline."""
