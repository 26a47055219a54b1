"""Turning content text into page HTML: markup, cross-references and mentions, and the content
version that keys every cache of rendered text."""
