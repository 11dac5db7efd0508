"""The storage of the static files with debug off: whitenoise's, with each file's address worked
out once per server process."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class CachedAddressesStorage(CompressedManifestStaticFilesStorage):
    """Every page asks for the same ten addresses (styles, scripts, icons), and the manifest
    that gives their hashed names does not change while a process runs: a deployment that
    changes the files starts new processes."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._addresses = {}

    def url(self, name, force=False):
        if force:
            return super().url(name, force=True)
        if name not in self._addresses:
            self._addresses[name] = super().url(name)
        return self._addresses[name]
