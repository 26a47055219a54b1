"""The offline search index of one language and ruleset: for each item its kind, URL, title in the
reader's language and in English, and the words it is found by, folded and stemmed exactly as the
server search does it (rulebook/search/text.py): the names in the reader's language first, then the
names in the other languages, the other edition's names and the aliases.

The client matcher (static/js/offline-search.js) folds what the reader types the same way and
matches whole words, prefixes, stems (a typed word that starts with a stored stem) and one typo.
Body text is left out: offline the box finds items by name, which keeps the index a few dozen KB.
"""

from __future__ import annotations

import itertools
from typing import Any

from ..search.index import Document
from ..search.ranking import KIND_ORDER, UNLISTED_KIND
from ..search.results import current_index, url_for
from ..search.text import STOPWORDS, fold, stem, words
from ..vocab import LANGS

FORMAT = 1


def item_words(text: str, lang: str) -> list[str]:
    """Folded words of a name, the stems Snowball gives them, and adjacent words run together
    ("Side Step" is also "sidestep"), as the server index stores name words."""
    raw = words(text)
    folded = [fold(w) for w in raw]
    found = list(folded)
    found += [stem(w, lang) for w in raw if len(w) >= 3 and not w.isdigit()]
    found += [a + b for a, b in itertools.pairwise(folded) if not ({a, b} & STOPWORDS or a.isdigit() or b.isdigit())]
    return list(dict.fromkeys(w for w in found if w))


def _entry(document: Document, lang: str) -> list[Any]:
    own = item_words(document.names.get(lang, ""), lang)
    other: list[str] = []
    for other_lang in LANGS:
        texts = [] if other_lang == lang else [document.names.get(other_lang, "")]
        texts += document.aliases.get(other_lang, [])
        for text in texts:
            other += item_words(text, other_lang)
    seen = set(own)
    others = [w for w in dict.fromkeys(other) if w not in seen]
    title, english = document.names.get(lang, ""), document.names.get("en", "")
    return [
        document.kind,
        url_for(document, lang),
        title,
        english if english != title else "",
        " ".join(own),
        " ".join(others),
    ]


def offline_index(lang: str, ruleset: str, version: str) -> dict[str, Any]:
    documents = [d for d in current_index().documents if d.ruleset == ruleset and d.names.get(lang)]
    documents.sort(key=lambda d: (KIND_ORDER.get(d.kind, UNLISTED_KIND), d.slug))
    return {
        "format": FORMAT,
        "version": version,
        "lang": lang,
        "ruleset": ruleset,
        "stopwords": sorted(STOPWORDS),
        "fields": ["kind", "url", "title", "title_en", "words", "other_words"],
        "items": [_entry(d, lang) for d in documents],
    }
