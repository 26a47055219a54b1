"""The offline pack holds the engine's and the apps' own modules, refuses anything but the standard
library, and is served per language (words in that language, its catalogue)."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from django.test import override_settings

from rulebook.offline import engine_pack


def test_the_pack_holds_the_engine_and_the_phones_entry_and_no_django() -> None:
    modules = engine_pack.closure()
    assert {"tutorial.phone", "rulebook.engine.turn", "rulebook.builder", "rulebook.portable.packed"} <= set(modules)
    assert not [m for m in modules if m.startswith(("rulebook.models", "rulebook.views", "rulebook.selectors"))]
    names = zipfile.ZipFile(io.BytesIO(engine_pack.engine_zip())).namelist()
    assert "rulebook/engine/turn.py" in names and "tutorial/shared/phrases.toml" in names


def test_a_module_that_imports_django_is_refused(tmp_path: Path) -> None:
    (tmp_path / "tutorial").mkdir()
    (tmp_path / "tutorial" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "tutorial" / "phone.py").write_text("from . import odd\n", encoding="utf-8")
    (tmp_path / "tutorial" / "odd.py").write_text("from django.utils import translation\n", encoding="utf-8")
    with (
        override_settings(BASE_DIR=tmp_path),
        pytest.raises(engine_pack.PackError, match=r"tutorial\.odd imports django"),
    ):
        engine_pack.closure()


@pytest.mark.django_db
def test_each_language_gets_its_own_words_and_catalogue(client) -> None:
    words = json.loads(client.get("/fr/offline/engine-words.json").content)
    assert words["lang"] == "fr" and words["numbers"]["decimal"] == ","
    assert words["teams"]["bb2025"]  # the builder's rosters
    assert client.get("/fr/offline/engine.mo").content[:4] in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")
    assert client.get("/es/offline/engine.zip")["content-type"] == "application/zip"


@pytest.mark.django_db
def test_the_engines_worker_script_is_served_under_each_language_and_saved_with_the_tools(client) -> None:
    # Under /<lang>/, the service worker of that language answers the worker's own files offline.
    from django.contrib.staticfiles import finders
    from django.utils import translation

    from rulebook.views.offline import tools_pack

    script = client.get("/it/offline/engine-worker.js")
    assert script["content-type"].startswith("text/javascript")
    assert script.content == Path(str(finders.find("js/engine.js"))).read_bytes()
    with translation.override("fr"):  # the language asked for, not the one active (ci40 ran it after a French page)
        saved = tools_pack("it")["urls"]
    assert "/it/offline/engine-worker.js" in saved and "/it/offline/engine.zip" in saved
    odds = client.get("/it/odds/").content.decode()
    assert 'data-engine-worker="/it/offline/engine-worker.js"' in odds  # on the script's tag
