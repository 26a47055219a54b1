"""Search across every item in the four languages: word folding and stemming (text), the in-memory
index (index), the documents built from the content rows (documents), highlighted snippets
(snippets), results for pages and the API (results), and the relevance set (relevance)."""
