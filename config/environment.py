"""Reading settings from the environment: booleans, lists, the cache URL and the release id.

CACHE_URL picks the cache every process uses (see README, "Production"):
  locmem://            one cache per process (the default; fine for one process), at most 64 MB
                       (?max_bytes=…) and 3,000 entries (?max_entries=…)
  redis://host:6379/0  Django's own RedisCache through redis-py, shared by every worker and server
                       (give the Redis server a maxmemory and maxmemory-policy allkeys-lru)
  rediss://…           the same over TLS
  file:///var/cache/x  a folder shared by the processes of one machine
  dummy://             no cache at all (for measuring)
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

CACHE_BACKENDS = {
    "locmem": "rulebook.serving.localcache.BoundedLocMemCache",
    "redis": "django.core.cache.backends.redis.RedisCache",
    "rediss": "django.core.cache.backends.redis.RedisCache",
    "file": "django.core.cache.backends.filebased.FileBasedCache",
    "dummy": "django.core.cache.backends.dummy.DummyCache",
}
# Entries are keyed by the content version, so old ones are never read again: a day is plenty.
DEFAULT_TIMEOUT = 24 * 3600


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def cache_from_url(url: str, key_prefix: str) -> dict[str, Any]:
    """A CACHES["default"] entry from a URL (see the module docstring)."""
    parts = urlsplit(url.strip() or "locmem://")
    scheme = parts.scheme.lower()
    if scheme not in CACHE_BACKENDS:
        raise ValueError(f"CACHE_URL: unknown scheme {scheme!r} (use one of {', '.join(CACHE_BACKENDS)})")
    query = {name: values[-1] for name, values in parse_qs(parts.query).items()}
    config: dict[str, Any] = {
        "BACKEND": CACHE_BACKENDS[scheme],
        "KEY_PREFIX": key_prefix,
        "TIMEOUT": int(query.get("timeout", DEFAULT_TIMEOUT)),
    }
    if scheme in ("redis", "rediss"):
        config["LOCATION"] = url.split("?", 1)[0]
    elif scheme == "file":
        config["LOCATION"] = parts.path
        config["OPTIONS"] = {"MAX_ENTRIES": int(query.get("max_entries", 20000))}
    elif scheme == "locmem":
        config["LOCATION"] = parts.netloc or "default"
        config["OPTIONS"] = {
            "MAX_ENTRIES": int(query.get("max_entries", 3000)),
            "MAX_BYTES": int(query.get("max_bytes", 64 * 1024 * 1024)),
        }
    return config


def release_id(base_dir: Path, folders: tuple[str, ...] = ("config", "rulebook", "tutorial", "locale")) -> str:
    """A short id of the code being served (RELEASE_ID, else a digest of the names, sizes and
    times of its files): cache keys include it, so a deploy never serves pages of the last one
    from a shared cache. Content files are left out: the content version covers them."""
    explicit = os.environ.get("RELEASE_ID", "").strip()
    if explicit:
        return explicit[:40]
    digest = hashlib.blake2b(digest_size=6)
    for folder in folders:
        for path in sorted((base_dir / folder).rglob("*")):
            if path.suffix not in {".py", ".html", ".toml", ".mo", ".json"} or "content" in path.parts:
                continue
            stat = path.stat()
            digest.update(f"{path.relative_to(base_dir)}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    manifest = base_dir / "staticfiles" / "staticfiles.json"
    if manifest.exists():
        digest.update(manifest.read_bytes())
    return digest.hexdigest()
