"""The static files' storage with debug off: whitenoise's, each address worked out once."""

import json

from whitenoise.storage import CompressedManifestStaticFilesStorage

from core.web.static_files import CachedAddressesStorage

MANIFEST = {"version": "1.1", "hash": "0", "paths": {"css/app.css": "css/app.5e1f.css"}}


def storage_in(folder) -> CachedAddressesStorage:
    (folder / "staticfiles.json").write_text(json.dumps(MANIFEST))
    return CachedAddressesStorage(location=folder, base_url="/static/")


def test_it_gives_the_hashed_address_from_the_manifest(tmp_path):
    assert storage_in(tmp_path).url("css/app.css") == "/static/css/app.5e1f.css"


def test_it_works_an_address_out_once(tmp_path, monkeypatch):
    storage, asked = storage_in(tmp_path), []
    whitenoise_url = CompressedManifestStaticFilesStorage.url
    monkeypatch.setattr(
        CompressedManifestStaticFilesStorage,
        "url",
        lambda self, name, force=False: asked.append(name) or whitenoise_url(self, name, force),
    )
    for _ in range(3):
        storage.url("css/app.css")
    assert asked == ["css/app.css"]
