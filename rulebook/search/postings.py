"""Postings as another process receives them (the index's words and stems: word → language →
doc ids), kept compact like deletions.py's table."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping

Postings = Mapping[str, dict[str, set[int]]]  # word → language → doc ids
BuiltPostings = defaultdict[str, dict[str, set[int]]]


class PackedPostings(Mapping[str, dict[str, set[int]]]):
    """Postings as another process receives them: one short string per word ("es 3 17|fr 3"),
    decoded at its first look-up. Unpickling a word's dict, its sets and their integers took 90 of
    the index's 110 ms (every worker, after every content change); a string per word takes a
    tenth of that, and a search decodes the few words it looks up."""

    __slots__ = ("_decoded", "_packed")

    def __init__(self, packed: dict[str, str]) -> None:
        self._packed = packed
        self._decoded: dict[str, dict[str, set[int]]] = {}

    @staticmethod
    def pack(postings: Postings) -> dict[str, str]:
        return {
            word: "|".join(f"{lang} {' '.join(map(str, sorted(ids)))}" for lang, ids in by_lang.items())
            for word, by_lang in postings.items()
        }

    def __getitem__(self, word: str) -> dict[str, set[int]]:
        found = self._decoded.get(word)
        if found is None:
            found = self._decoded[word] = {  # two threads may both decode a word: the same value
                lang: {int(i) for i in ids.split(" ") if i}
                for lang, _, ids in (part.partition(" ") for part in self._packed[word].split("|"))
            }
        return found

    def get(self, word: str, default: object = None) -> dict[str, set[int]] | None:  # type: ignore[override]
        return self[word] if word in self._packed else default  # type: ignore[return-value]

    def __contains__(self, word: object) -> bool:
        return word in self._packed

    def __iter__(self) -> Iterator[str]:
        return iter(self._packed)

    def __len__(self) -> int:
        return len(self._packed)


class SentCompact:
    """The search index's pickling: its words and stems packed (PackedPostings), the rest as is."""

    words: tuple[Postings, ...]
    stems: tuple[Postings, ...]

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state["words"] = tuple(PackedPostings.pack(postings) for postings in self.words)
        state["stems"] = tuple(PackedPostings.pack(postings) for postings in self.stems)
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self.words = tuple(PackedPostings(packed) for packed in state["words"])  # type: ignore[attr-defined]
        self.stems = tuple(PackedPostings(packed) for packed in state["stems"])  # type: ignore[attr-defined]
