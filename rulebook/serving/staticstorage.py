"""Static files as collectstatic writes them: WhiteNoise's hashed names with a gzip and a brotli
copy of each (nginx serves those as they are: gzip_static, brotli_static). Brotli's top quality
(11) is the smallest but costs 15 s of CPU per collectstatic over Django's admin files and ours;
STATIC_BROTLI_QUALITY chooses (11 by default; CI sets 5: 8 % larger, ten times faster).

A vendored file's source-map comment naming a map we do not ship (Pyodide's pyodide.js.map) is left
as it is: browsers only fetch maps with the developer tools open, and Django's storage would
otherwise refuse the whole collectstatic."""

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
    def url_converter(
        self, name: str, hashed_files: dict[str, str], template: str | None = None
    ) -> Callable[[re.Match[str]], str]:
        convert = super().url_converter(name, hashed_files, template)

        def converter(found: re.Match[str]) -> str:
            target = posixpath.join(posixpath.dirname(name), found["url"].strip())
            if "sourceMappingURL" in found["matched"] and not self.exists(target):
                return found["matched"]
            return convert(found)

        return converter

    def create_compressor(self, **kwargs: Any) -> Compressor:
        compressor = QualityCompressor(**kwargs)
        compressor.quality = int(getattr(settings, "STATIC_BROTLI_QUALITY", 11))
        return compressor
