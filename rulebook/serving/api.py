"""The JSON API's one contract, for every endpoint under /api/v1/ (the rulebook's, the odds', the
board's): a view returns its payload as a dict, or raises ApiError; @api_view answers the payload
as JSON, and the error as

    {"error": "<English message>", "problem": "<stable key>"}

with the error's status. The answers the serving layer gives by itself under /api/ (404 for an
unknown address, 405 for a method other than GET or HEAD, 400, 403, 500) have the same shape
(errors.py), so a client reads one shape: the message for people, the key for programs.

Put @public_page outside, so the endpoint is cached, GET only and keeps only its parameters:

    @public_page(params=("lang",))
    @api_view
    def skills(request, key): ...
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps
from typing import Any, Concatenate, ParamSpec, TypeVar

from django.http import HttpRequest, JsonResponse

# The problems every endpoint may report; an endpoint adds its own keys (the board's code errors,
# the odds' step errors: see README, "JSON API").
BAD_PARAMETER = "bad_parameter"  # 400: a parameter missing, out of range or not one of its choices
UNKNOWN_ITEM = "unknown_item"  # 404: no ruleset, skill, table or team of that key or slug
NOT_FOUND = "not_found"  # 404: no endpoint at that address
NOT_ALLOWED = "not_allowed"  # 405: the API is read-only (GET and HEAD)
BAD_REQUEST = "bad_request"  # 400 before any view ran (a refused Host, say)
FORBIDDEN = "forbidden"  # 403
INTERNAL_ERROR = "internal_error"  # 500
TOO_MANY_REQUESTS = "too_many_requests"  # 429: the client's budget of uncached work is spent (budget.py)
# Answered before Django, by the proxy or gunicorn itself (errorpages.py):
BODY_TOO_LARGE = "body_too_large"  # 413
ADDRESS_TOO_LONG = "address_too_long"  # 414
HEADERS_TOO_LARGE = "headers_too_large"  # 431
UNAVAILABLE = "unavailable"  # 502, 503: gunicorn down or busy
TIMEOUT = "timeout"  # 504
PROBLEM_RE = re.compile(r"[a-z][a-z0-9_]*")

P = ParamSpec("P")
Request = TypeVar("Request", bound=HttpRequest)


class ApiError(Exception):
    """What an endpoint answers instead of its payload: an English `message` (a person reads it),
    a stable `problem` key (a program tests it), and the HTTP status."""

    def __init__(self, message: str, problem: str, status: int = 400) -> None:
        if not PROBLEM_RE.fullmatch(problem):
            raise ValueError(f"a problem key is lower-case letters, digits and _: {problem!r}")
        super().__init__(message)
        self.message = message
        self.problem = problem
        self.status = status


def json_answer(data: dict[str, Any], status: int = 200) -> JsonResponse:
    """JSON in UTF-8, readable from any origin (the API is public and read-only)."""
    response = JsonResponse(data, status=status, json_dumps_params={"ensure_ascii": False})
    response["Access-Control-Allow-Origin"] = "*"
    return response


def error_answer(message: str, problem: str, status: int) -> JsonResponse:
    return json_answer({"error": message, "problem": problem}, status)


def api_view(
    view: Callable[Concatenate[Request, P], dict[str, Any]],
) -> Callable[Concatenate[Request, P], JsonResponse]:
    """A JSON endpoint: the view's dict as JSON, an ApiError as the error shape."""

    @wraps(view)
    def wrapper(request: Request, *args: P.args, **kwargs: P.kwargs) -> JsonResponse:
        try:
            payload = view(request, *args, **kwargs)
        except ApiError as error:
            return error_answer(error.message, error.problem, error.status)
        return json_answer(payload)

    return wrapper
