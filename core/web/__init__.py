"""Web plumbing every page shares: middleware (headers, language, request log, throttle), health,
static storage, catalogs, the cache that may fail, URL converters, deploy checks, the permission
helper, what every view shares, the render shared by a game's readers, and this machine's
address on the local network."""
