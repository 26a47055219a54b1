"""How pages are served: which views are public and cacheable, which methods they answer, and
the headers every answer carries. Apps import the decorators from here (a door like http.py).

A new page opts in with one decorator on its view:

    @public_page(params=("category", "kind"), vary=("HX-Request",))
    def skills(request, ruleset): ...

`params` names the query parameters the page reads (the only ones kept: the others are dropped
before the view runs, so nothing else can be reflected into a shared page); `vary` names the
request headers the answer depends on (HX-Request for a view that answers a fragment to htmx);
`prefixes` keeps, besides, every parameter whose name starts with one of them (the team builder's
"n-", so that a player the roster lacks is said, not dropped; such a page answers 400, never cached).
The page is then cached for anonymous readers under the content version (middleware.py), with a
strong ETag, Cache-Control and the exact Vary, and answers 405 to unsafe methods. A view that
is read-only but must not be cached (a redirect to something random) uses @read_only instead.

A JSON endpoint under /api/v1/ adds @api_view inside @public_page and raises ApiError for a bad
request: every error of the API is {"error": "<English message>", "problem": "<stable key>"}
(api.py).
"""

from .api import ApiError, api_view
from .policy import PagePolicy, public_page, read_only

__all__ = ["ApiError", "PagePolicy", "api_view", "public_page", "read_only"]
