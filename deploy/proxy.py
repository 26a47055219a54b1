"""The production stack on one machine: nginx (deploy/nginx/rules.conf) in front of gunicorn, and
Redis as the shared cache. `make serve-proxy` runs `python -m deploy.proxy`; bench/load.py and the
proxy tests start the same stack through `Stack`.

    SECRET_KEY=… make serve-proxy          # http://127.0.0.1:8080 (PROXY_BIND), gunicorn on 127.0.0.1:8001 (BIND)

Before starting it builds what the stack serves (collectstatic, the error pages) and runs
`check --deploy --fail-level WARNING`. CACHE_URL, if set, is the cache; otherwise a private
redis-server (loopback, no persistence, `maxmemory 256mb` with `allkeys-lru`: every entry is keyed
by content version and release, so evicting the oldest loses nothing) when one is installed,
else locmem. Ctrl-C (or SIGTERM) stops everything it started.

nginx runs as the current user with everything under a run folder (configuration, cache, temporary
files, pid, logs): no root and no system configuration needed, only the nginx binary (Debian:
nginx, and libnginx-mod-http-brotli-filter / -static for brotli, used when present).
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "deploy" / "nginx" / "rules.conf"
PROXY_HEADERS = ROOT / "deploy" / "nginx" / "proxy_headers.conf"
PYTHON = Path(sys.executable)
STATIC_ROOT = ROOT / "staticfiles"  # settings.STATIC_ROOT
BROTLI_MODULES = ("ngx_http_brotli_filter_module.so", "ngx_http_brotli_static_module.so")
BROTLI = """    brotli on;
    brotli_comp_level 5;
    brotli_min_length 256;
    brotli_types text/css text/plain text/xml application/javascript text/javascript application/json
                 application/xml application/manifest+json image/svg+xml;"""
REDIS_MAXMEMORY = "256mb"
WORKER_USER = "nobody"  # nginx's workers, when it is started as root (CI): never root itself


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)


def _nginx_paths(binary: str) -> tuple[Path, Path]:
    """(mime.types, modules folder) of this nginx build, from `nginx -V`."""
    built = subprocess.run([binary, "-V"], capture_output=True, text=True).stderr
    conf = re.search(r"--conf-path=(\S+)", built)
    modules = re.search(r"--modules-path=(\S+)", built)
    mime = Path(conf.group(1)).parent / "mime.types" if conf else Path("/etc/nginx/mime.types")
    return mime, Path(modules.group(1)) if modules else Path("/usr/lib/nginx/modules")


def render(listen: str, upstream: str, run: Path, static_root: Path, error_pages: Path, binary: str) -> str:
    """rules.conf with its @NAMES@ filled in."""
    mime, modules = _nginx_paths(binary)
    found = [modules / name for name in BROTLI_MODULES if (modules / name).exists()]
    brotli = len(found) == len(BROTLI_MODULES)
    values = {
        "USER": f"user {WORKER_USER} {_group_of(WORKER_USER)};" if os.geteuid() == 0 else "",
        "MODULES": "\n".join(f"load_module {path};" for path in found) if brotli else "",
        "WORKERS": "1",
        "RUN": str(run),
        "ERROR_LOG": str(run / "error.log"),
        "ACCESS_LOG": "off",
        "MIME_TYPES": str(mime),
        "BROTLI": BROTLI if brotli else "",
        "BROTLI_STATIC": "            brotli_static on;" if brotli else "",
        "BROTLI_OFF": "            brotli off;" if brotli else "",
        "CACHE_SIZE": "256m",
        "UPSTREAM": upstream,
        "LISTEN": listen,
        "ERROR_PAGES": str(error_pages),
        "STATIC_ROOT": str(static_root),
        "PROXY_HEADERS": str(PROXY_HEADERS),
    }
    text = TEMPLATE.read_text(encoding="utf-8")
    for name, value in values.items():
        text = text.replace(f"@{name}@", value)
    missing = re.findall(r"@[A-Z_]+@", text)
    if missing:
        raise RuntimeError(f"rules.conf: unknown placeholders {missing}")
    return text


def _group_of(user: str) -> str:
    import grp
    import pwd

    return grp.getgrgid(pwd.getpwnam(user).pw_gid).gr_name


def _writable_by_workers(run: Path) -> None:
    """Started as root, nginx's workers run as WORKER_USER: they write the cache and buffers."""
    if os.geteuid() != 0:
        return
    import pwd

    account = pwd.getpwnam(WORKER_USER)
    run.chmod(0o755)
    for folder in run.iterdir():
        if folder.is_dir():
            os.chown(folder, account.pw_uid, account.pw_gid)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} stopped at start (exit {process.returncode})")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not listen on {port} within {seconds:.0f} s")


def stop(process: subprocess.Popen[bytes] | None) -> None:
    if process is None or process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


def start_redis(port: int) -> subprocess.Popen[bytes] | None:
    """A private Redis on loopback with a memory limit and LRU eviction, or None if not installed."""
    binary = shutil.which("redis-server")
    if binary is None:
        return None
    redis = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        + ["--maxmemory", REDIS_MAXMEMORY, "--maxmemory-policy", "allkeys-lru"],
        stdout=subprocess.DEVNULL,
        start_new_session=True,
    )
    wait_for_port(port, redis, 10, "redis-server")
    return redis


def site_environment(proxy_port: int, gunicorn_bind: str, cache_url: str, extra: dict[str, str]) -> dict[str, str]:
    """Production settings on loopback behind the proxy (TRUSTED_PROXY_COUNT=1: nginx is the one
    proxy, and it writes the client's address in X-Forwarded-For)."""
    return {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost"),
        "SECURE_SSL_REDIRECT": os.environ.get("SECURE_SSL_REDIRECT", "0"),
        "TRUSTED_PROXY_COUNT": "1",
        "SITE_PORT": str(proxy_port),
        "BIND": gunicorn_bind,
        "CACHE_URL": cache_url,
        # Behind the proxy, which answers cached pages itself, one request per worker at a time:
        # misses then wait their turn instead of sharing the CPUs (bench/load.py: all-miss p99
        # about 290 ms with threads=1, 860 ms with 4, at 16 connections on 2 CPUs).
        "GUNICORN_THREADS": os.environ.get("GUNICORN_THREADS", "1"),
        # And one worker per CPU plus one, not gunicorn's two per CPU: a miss is CPU-bound work, so
        # more processes only share the CPUs and split each worker's kept results more ways
        # (bench/load.py, 16 connections, 2 CPUs: 5 workers 68 req/s, all-miss p99 478 ms;
        # 3 workers 89 req/s, p99 274 ms).
        "WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY") or str((os.cpu_count() or 1) + 1),
        **extra,
    }


def build(env: dict[str, str], reuse_static: bool = False) -> None:
    """What the stack serves: static files (hashed, compressed), the error pages; then the checks.
    reuse_static (tests, benchmarks): skip collectstatic when its manifest is newer than every
    file under static/ and the installed packages, and the deploy check (tested on its own)."""
    manage = [str(PYTHON), "manage.py"]
    commands = [["error_pages", "-v", "0"]]
    if not reuse_static:
        commands.append(["check", "--deploy", "--fail-level", "WARNING"])
    if not (reuse_static and static_is_fresh()):
        commands.insert(0, ["collectstatic", "--noinput", "-v", "0"])
    for command in commands:
        subprocess.run(manage + command, cwd=ROOT, env=env, check=True)


def static_is_fresh() -> bool:
    manifest = STATIC_ROOT / "staticfiles.json"
    if not manifest.exists():
        return False
    sources = [path for path in (ROOT / "static").rglob("*") if path.is_file()]
    sources.append(ROOT / ".venv" / ".installed")
    newest = max((path.stat().st_mtime for path in sources if path.exists()), default=0.0)
    return manifest.stat().st_mtime > newest


@dataclass
class Stack:
    """nginx on proxy_port in front of gunicorn on gunicorn_port, with the given cache."""

    proxy_port: int = 0
    gunicorn_port: int = 0
    cache_url: str = ""
    extra_env: dict[str, str] = field(default_factory=dict)
    run_dir: Path | None = None
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)

    @contextmanager
    def running(self, reuse_static: bool = False, proxy: bool = True) -> Iterator[Stack]:
        """Started (proxy=False: gunicorn and Redis only), answering, and stopped on exit."""
        binary = nginx_binary() or ""
        if proxy and not binary:
            raise RuntimeError("nginx is not installed (Debian: apt-get install nginx)")
        self.proxy_port = self.proxy_port or free_port()
        self.gunicorn_port = self.gunicorn_port or free_port()
        with tempfile.TemporaryDirectory(prefix="rules-proxy-") as scratch:
            run = self.run_dir or Path(scratch)
            try:
                if not self.cache_url:
                    redis_port = free_port()
                    redis = start_redis(redis_port)
                    if redis is not None:
                        self.processes.append(redis)
                    self.cache_url = f"redis://127.0.0.1:{redis_port}/0" if redis else "locmem://"
                self.env = site_environment(
                    self.proxy_port, f"127.0.0.1:{self.gunicorn_port}", self.cache_url, self.extra_env
                )
                build(self.env, reuse_static)
                self._start_gunicorn()
                if proxy:
                    self._start_nginx(binary, run)
                yield self
            finally:
                for process in reversed(self.processes):
                    stop(process)
                self.processes.clear()

    def _start_gunicorn(self) -> None:
        gunicorn = PYTHON.parent / "gunicorn"
        server = subprocess.Popen(
            [str(gunicorn), "config.wsgi", "--config", "config/gunicorn.py"],
            cwd=ROOT,
            env=self.env,
            start_new_session=True,
        )
        self.processes.append(server)
        wait_for_port(self.gunicorn_port, server, 90, "gunicorn")
        # The port opens before the master has warmed the caches and forked its workers.
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.gunicorn_port}/static/css/site.css", timeout=5):
                    return
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("gunicorn did not answer") from None
                time.sleep(0.2)

    def _start_nginx(self, binary: str, run: Path) -> None:
        for folder in ("body", "proxy", "fastcgi", "uwsgi", "scgi", "cache"):
            (run / folder).mkdir(parents=True, exist_ok=True)
        _writable_by_workers(run)
        conf = run / "nginx.conf"
        upstream = f"127.0.0.1:{self.gunicorn_port}"
        conf.write_text(
            render(f"127.0.0.1:{self.proxy_port}", upstream, run, STATIC_ROOT, error_pages(self.env), binary)
        )
        nginx = subprocess.Popen(
            [binary, "-p", str(run), "-e", str(run / "error.log"), "-c", str(conf), "-g", "daemon off;"],
            start_new_session=True,
        )
        self.processes.append(nginx)
        wait_for_port(self.proxy_port, nginx, 20, "nginx")


def error_pages(env: dict[str, str]) -> Path:
    """settings.ERROR_PAGES_ROOT for this environment."""
    return Path(env.get("ERROR_PAGES_ROOT") or ROOT / "errorpages")


def main() -> None:
    parser = argparse.ArgumentParser(description="nginx in front of gunicorn, with Redis (make serve-proxy)")
    parser.add_argument("--print", action="store_true", help="print the filled-in nginx configuration and stop")
    args = parser.parse_args()
    proxy_host, _, proxy_port = os.environ.get("PROXY_BIND", "127.0.0.1:8080").rpartition(":")
    gunicorn_port = int(os.environ.get("BIND", "127.0.0.1:8001").rpartition(":")[2])
    if proxy_host not in ("127.0.0.1", "localhost"):
        raise SystemExit("PROXY_BIND: this launcher serves loopback only; see README for a public nginx")
    if args.print:
        binary = nginx_binary() or "nginx"
        run = Path(tempfile.gettempdir()) / "rules-proxy"
        upstream = f"127.0.0.1:{gunicorn_port}"
        print(render(f"127.0.0.1:{proxy_port}", upstream, run, STATIC_ROOT, error_pages(dict(os.environ)), binary))
        return
    stack = Stack(int(proxy_port), gunicorn_port, os.environ.get("CACHE_URL", ""))
    for stopping in (signal.SIGTERM, signal.SIGHUP):  # stop what was started, however it is asked to stop
        signal.signal(stopping, lambda *_: sys.exit(0))
    with stack.running():
        print(
            f"serving http://127.0.0.1:{stack.proxy_port}/ (nginx) → gunicorn 127.0.0.1:{stack.gunicorn_port}, "
            f"cache {stack.cache_url}; Ctrl-C stops",
            flush=True,
        )
        try:
            while all(process.poll() is None for process in stack.processes):
                time.sleep(1)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
