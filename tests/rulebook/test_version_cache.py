"""@per_content_version: results kept while the content version stays, recomputed after it
changes, bounded, and safe to call from several threads."""

from __future__ import annotations

import threading

import pytest

from rulebook.models import Skill
from rulebook.rendering import version
from rulebook.rendering.version import PerContentVersion, bump_content_version, per_content_version
from tutorial.shared import contentnames


class Versions:
    """The content version the cache reads, moved by hand."""

    def __init__(self) -> None:
        self.token = "v1"
        self.reads = 0

    def __call__(self) -> str:
        self.reads += 1
        return self.token


@pytest.fixture
def versions(monkeypatch: pytest.MonkeyPatch) -> Versions:
    fake = Versions()
    monkeypatch.setattr(version, "content_version", fake)
    return fake


def counted(maxsize: int) -> tuple[PerContentVersion[[str], str], list[str]]:
    calls: list[str] = []

    @per_content_version(maxsize=maxsize)
    def shout(word: str) -> str:
        """The word, loud."""
        calls.append(word)
        return word.upper()

    return shout, calls


def test_a_second_call_is_a_hit(versions: Versions) -> None:
    shout, calls = counted(maxsize=4)
    assert shout("dodge") == "DODGE" and shout("dodge") == "DODGE"
    assert calls == ["dodge"]
    assert shout.cache_info()[:2] == (1, 1)
    assert versions.reads == 2  # the version, read once per call
    assert shout.__doc__ == "The word, loud." and shout.__name__ == "shout"


def test_a_new_version_recomputes_and_drops_the_old_results(versions: Versions) -> None:
    shout, calls = counted(maxsize=4)
    shout("dodge")
    shout("block")
    versions.token = "v2"
    assert shout("dodge") == "DODGE"
    assert calls == ["dodge", "block", "dodge"]
    assert shout.cache_info().currsize == 1  # v1's results can never be asked for again


def test_bounded_least_recently_used_out_first(versions: Versions) -> None:
    shout, calls = counted(maxsize=2)
    shout("a")
    shout("b")
    shout("a")  # a is now the most recently used
    shout("c")  # b goes
    assert shout.cache_info().currsize == 2
    shout("a")
    shout("b")
    assert calls == ["a", "b", "c", "b"]


def test_keyword_arguments_are_part_of_the_key(versions: Versions) -> None:
    calls: list[tuple[str, str]] = []

    @per_content_version(maxsize=8)
    def name(slug: str, lang: str = "en") -> str:
        calls.append((slug, lang))
        return f"{slug}:{lang}"

    assert name("dodge", lang="es") == "dodge:es"
    assert name("dodge", lang="es") == "dodge:es"
    assert name("dodge") == "dodge:en"
    assert calls == [("dodge", "es"), ("dodge", "en")]


def test_cache_clear_forgets(versions: Versions) -> None:
    shout, calls = counted(maxsize=2)
    shout("a")
    shout.cache_clear()
    shout("a")
    assert calls == ["a", "a"] and shout.cache_info()[:2] == (0, 1)


def test_a_maxsize_below_one_is_refused() -> None:
    with pytest.raises(ValueError):
        per_content_version(maxsize=0)(str)


def test_threads_share_one_bounded_store(versions: Versions) -> None:
    shout, _calls = counted(maxsize=16)
    errors: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            for n in range(400):
                word = f"w{(n + offset) % 40}"
                assert shout(word) == word.upper()
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    info = shout.cache_info()
    assert info.currsize <= 16 and info.hits + info.misses == 8 * 400


@pytest.mark.django_db
def test_a_content_edit_is_seen_at_once() -> None:
    """The real version: an edit bumps it (signals.py), so the next read computes again."""
    before = contentnames.skill_name("lrb6", "dodge", "fr")
    assert contentnames.skill_name("lrb6", "dodge", "fr") == before
    skill = Skill.objects.get(ruleset__key="lrb6", slug="dodge")
    skill.name_fr = "Esquive (modifiée)"
    skill.save()
    assert contentnames.skill_name("lrb6", "dodge", "fr") == "Esquive (modifiée)"
    bump_content_version()  # and a version with no change gives the same name, computed again
    assert contentnames.skill_name("lrb6", "dodge", "fr") == "Esquive (modifiée)"
