"""Static files as collectstatic writes them: WhiteNoise's hashed names with a gzip and a brotli
copy of each (nginx serves those as they are: gzip_static, brotli_static). Brotli's top quality
(11) is the smallest but costs 15 s of CPU per collectstatic over Django's admin files and ours;
STATIC_BROTLI_QUALITY chooses (11 by default; CI sets 5: 8 % larger, ten times faster)."""

from __future__ import annotations

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
    def create_compressor(self, **kwargs: Any) -> Compressor:
        compressor = QualityCompressor(**kwargs)
        compressor.quality = int(getattr(settings, "STATIC_BROTLI_QUALITY", 11))
        return compressor
