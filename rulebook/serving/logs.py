"""Log records of refused requests: a hostile Host header, too many parameters, an over-long
upload are the client's fault, not the server's. Django logs them at ERROR with the traceback of
the exception it raised to refuse them (django.security.*); a fuzzer or a bot then fills the log
with tracebacks that hide real errors. This filter, on the log handler, turns them into one line at
WARNING, with the message Django wrote (which names the refused value)."""

from __future__ import annotations

import logging

REFUSALS = "django.security."


class RefusalsAsWarnings(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith(REFUSALS) and record.levelno > logging.WARNING:
            record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
            record.exc_info, record.exc_text, record.stack_info = None, None, None
        return True
