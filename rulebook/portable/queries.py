"""The one way to read numbers, choices and text from query strings, shared by the pages, the
fragments, the API and the phone: ASCII digits only (a superscript "²" passes str.isdigit()
and then fails int()), bounded ranges and lengths, and an error that names the parameter."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

MAX_NUMBER_DIGITS = 12  # longer inputs are refused before int() ever sees them
MAX_TEXT_LENGTH = 200


class QueryError(ValueError):
    """A query parameter that cannot be read. `param` names it; `message` is English (the API's
    400 answer); pages show their own translated message for `param`."""

    def __init__(self, param: str, message: str) -> None:
        super().__init__(f"{param}: {message}")
        self.param = param
        self.message = message


def parse_int(raw: str, lo: int, hi: int, param: str = "value") -> int:
    """A whole number written with ASCII digits (and an optional sign) within lo..hi."""
    text = raw.strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not digits or len(digits) > MAX_NUMBER_DIGITS or not (digits.isascii() and digits.isdigit()):
        raise QueryError(param, f"must be a whole number from {lo} to {hi}")
    value = int(text)
    if not lo <= value <= hi:
        raise QueryError(param, f"must be a whole number from {lo} to {hi}")
    return value


def query_int(params: Mapping[str, str], name: str, lo: int, hi: int, default: int | None = None) -> int:
    """The parameter as a number in lo..hi; `default` when absent or empty (required when None)."""
    raw = params.get(name)
    if raw is None or not raw.strip():
        if default is None:
            raise QueryError(name, "is required")
        return default
    return parse_int(raw, lo, hi, name)


def query_choice(params: Mapping[str, str], name: str, choices: Iterable[str], default: str | None = None) -> str:
    """The parameter if it is one of `choices`; `default` when absent (required when None)."""
    allowed = tuple(choices)
    raw = params.get(name)
    if raw is None or raw == "":
        if default is None:
            raise QueryError(name, f"must be one of {', '.join(allowed)}")
        return default
    if raw not in allowed:
        raise QueryError(name, f"must be one of {', '.join(allowed)}")
    return raw


def query_filter(params: Mapping[str, str], name: str, choices: Iterable[str]) -> str:
    """A filter's value if it is one of `choices`, else "" (no filter): for lists that show
    everything when a bookmark names a filter that no longer exists."""
    raw = params.get(name)
    return raw if raw is not None and raw in tuple(choices) else ""


def query_text(params: Mapping[str, str], name: str, max_length: int = MAX_TEXT_LENGTH) -> str:
    """The parameter stripped and cut to `max_length` characters ("" when absent); NUL and other
    control characters are dropped (PostgreSQL refuses NUL in text)."""
    raw = params.get(name) or ""
    cleaned = "".join(ch for ch in raw if ch >= " " or ch in "\t")
    return cleaned.strip()[:max_length]


class PairsQuery(Mapping[str, str]):
    """A query string's (name, value) pairs read as Django's QueryDict reads them (the phone has
    no Django): get() gives a name's last value, getlist() every value."""

    def __init__(self, pairs: Iterable[tuple[str, str]] | Iterable[list[str]]) -> None:
        self.lists: dict[str, list[str]] = {}
        for name, value in pairs:
            self.lists.setdefault(name, []).append(value)

    def __getitem__(self, name: str) -> str:
        return self.lists[name][-1]

    def __iter__(self) -> Iterator[str]:
        return iter(self.lists)

    def __len__(self) -> int:
        return len(self.lists)

    def getlist(self, name: str) -> list[str]:
        return list(self.lists.get(name, []))
