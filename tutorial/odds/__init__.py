"""The odds calculator wing: the classic one-player steps, the share code, the form, the target helper,
labels, the page and its views."""
