"""Static files as collectstatic writes them: WhiteNoise's hashed names with a gzip and a brotli
copy of each (nginx serves those as they are: gzip_static, brotli_static). Brotli's top quality
(11) is the smallest but costs 15 s of CPU per collectstatic over Django's admin files and ours;
STATIC_BROTLI_QUALITY chooses (11 by default; `make test` sets 5: 8 % larger, ten times faster)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from typing import Any

from django.conf import settings
from whitenoise.compress import Compressor
from whitenoise.storage import CompressedManifestStaticFilesStorage


class QualityCompressor(Compressor):
    quality = 11

    def compress_brotli(self, data: bytes) -> bytes:
        import brotli

        return bytes(brotli.compress(data, quality=self.quality))


class StaticStorage(CompressedManifestStaticFilesStorage):
    """Also leaves alone a `sourceMappingURL` comment whose map is not shipped: the vendored Pyodide
    names maps its package does not carry, and a missing reference fails the whole collectstatic."""

    def create_compressor(self, **kwargs: Any) -> Compressor:
        compressor = QualityCompressor(**kwargs)
        compressor.quality = int(getattr(settings, "STATIC_BROTLI_QUALITY", 11))
        return compressor

    def url_converter(
        self, name: str, hashed_files: Any, template: str | None = None
    ) -> Callable[[re.Match[str]], str]:
        convert = super().url_converter(name, hashed_files, template)

        def converter(match: re.Match[str]) -> str:
            url = match.groupdict()["url"]
            target = posixpath.join(posixpath.dirname(name.replace("\\", "/")), url)
            if url.endswith(".map") and not self.exists(target):
                return str(match.groupdict()["matched"])
            return str(convert(match))

        return converter
