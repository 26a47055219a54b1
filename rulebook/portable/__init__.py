"""The Django-free floor shared by the server and the phone: what the apps' pure modules (the
odds, the board, the builder, the tutorial's steps) need besides the engine, behind small doors
whose words come from a backend installed once:

- i18n: gettext and friends (the server: Django's translation; the phone: the same compiled
  catalogue, read by the standard library's gettext);
- numbers: numbers, percentages and plural categories in the reader's language (the server:
  Babel; the phone: the same locale's symbols and CLDR rules, exported by the server);
- content: names from the content (skills, glossary terms, table rows) per edition and language
  (the server: the selectors, once per content version; the phone: their answers, exported);
- queries: reading numbers, choices and text from a query string.

Nothing here imports Django, Babel or the models (tests/test_architecture.py and the offline
engine's packer check it): `manage.py build_offline_engine` packs this package with the engine and
the apps' pure modules for the browser (Pyodide), where rulebook/portable/packed.py is the backend.
"""

from __future__ import annotations

from .backend import Backend, backend, install

__all__ = ["Backend", "backend", "install"]
