"""Several processes, one truth: two production servers (gunicorn, two workers each) on one fresh
database (this run's: SQLite, or PostgreSQL under DATABASE_URL) and one cache (TEST_CACHE_URL,
Redis in CI; else each server its own). An admin edit through the first is seen on every answer
of the second, in its pages and its search; a load_content from the command line is seen by
both, without a restart."""

from __future__ import annotations

import http.client
import os
import re
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

import pytest
from django.conf import settings

from tests.rulebook.browser_form import form_data

ROOT = Path(settings.BASE_DIR)
GUNICORN = Path(sys.executable).parent / "gunicorn"
PAGE = "/en/lrb6/skills/block/"
MARK = "Zqvedit"  # a word nowhere in the content: the edit adds it to the skill's English name
ASKS = 16  # answers read from each server per check (both workers answer some of them)
pytestmark = pytest.mark.servers


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Browser:
    """Just enough of a browser for the admin: cookies (even Secure ones over loopback HTTP)."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, body: str = "") -> tuple[int, str, dict[str, str]]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Host": f"127.0.0.1:{self.port}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body.encode(), headers=headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        answer = (response.status, text, {k.lower(): v for k, v in response.getheaders()})
        connection.close()
        return answer

    def get(self, path: str) -> str:
        status, text, _ = self.request("GET", path)
        assert status == 200, (path, status, text[:500])
        return text


def fresh_database(tmp_path: Path) -> Iterator[str]:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        yield f"sqlite:///{tmp_path / 'servers.sqlite3'}"
        return
    import psycopg

    parts = urlsplit(url)
    name = f"rules_servers_{secrets.token_hex(4)}"
    admin_url = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin_url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(admin_url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def environment(tmp_path: Path) -> Iterator[dict[str, str]]:
    for database in fresh_database(tmp_path):
        prefix = f"servers-{secrets.token_hex(4)}"
        env = {
            **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SECURE_SSL_REDIRECT": "0",
            "DATABASE_URL": database,
            "CACHE_URL": os.environ.get("TEST_CACHE_URL", "locmem://"),
            "CACHE_KEY_PREFIX": prefix,
            "WEB_CONCURRENCY": "2",
            "DJANGO_SUPERUSER_PASSWORD": "a-long-test-password",
        }
        manage = [sys.executable, "manage.py"]
        # The static files need no database: collected while the database is made (about 10 s less).
        collecting = subprocess.Popen(
            [*manage, "collectstatic", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for command in (
            ["migrate", "--noinput", "-v", "0"],
            ["load_content"],
            ["createsuperuser", "--noinput", "--username", "editor", "--email", "e@example.org"],
        ):
            subprocess.run(manage + command, cwd=ROOT, env=env, check=True, capture_output=True)
        _, errors = collecting.communicate(timeout=300)
        assert collecting.returncode == 0, errors.decode()[-2000:]
        yield env
        if env["CACHE_URL"].startswith("redis"):
            import redis

            client = redis.Redis.from_url(env["CACHE_URL"])
            for key in client.scan_iter(f"*{prefix}*"):
                client.delete(key)


@pytest.fixture
def servers(environment: dict[str, str]) -> Iterator[tuple[Browser, Browser]]:
    started: list[subprocess.Popen[bytes]] = []
    browsers = []
    try:
        for _ in range(2):
            port = free_port()
            started.append(
                subprocess.Popen(
                    [str(GUNICORN), "config.wsgi", "--config", "config/gunicorn.py"],
                    cwd=ROOT,
                    env={**environment, "BIND": f"127.0.0.1:{port}"},
                    start_new_session=True,
                )
            )
            browsers.append(Browser(port))
        for server, browser in zip(started, browsers, strict=True):
            deadline = time.monotonic() + 90
            while True:
                try:
                    browser.get("/static/css/site.css")
                    break
                except (OSError, AssertionError):
                    assert server.poll() is None, "a server did not start"
                    assert time.monotonic() < deadline, "a server did not answer within 90 s"
                    time.sleep(0.3)
        yield browsers[0], browsers[1]
    finally:
        for server in started:
            if server.poll() is None:
                os.killpg(server.pid, 15)
        for server in started:
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, 9)


def names_seen(browser: Browser) -> set[str]:
    return {re.search(r"<h1[^>]*>(.*?)</h1>", browser.get(PAGE), re.S).group(1).strip() for _ in range(ASKS)}  # type: ignore[union-attr]


def search_hits(browser: Browser, word: str) -> set[bool]:
    return {"lrb6/skills/block/" in browser.get(f"/en/search/?q={word}") for _ in range(ASKS)}


def admin_edit(browser: Browser, name: str) -> None:
    login = browser.get("/admin/login/?next=/admin/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', login).group(1)  # type: ignore[union-attr]
    form = urlencode({"csrfmiddlewaretoken": token, "username": "editor", "password": "a-long-test-password"})
    status, _, _ = browser.request("POST", "/admin/login/?next=/admin/", form)
    assert status == 302, "the admin login failed"
    listing = browser.get("/admin/rulebook/skill/?q=block")
    rows = re.findall(r"<tr.*?</tr>", listing, re.S)
    row = next(r for r in rows if 'lrb6:block"' in r)  # the row's checkbox is labelled with its str()
    change = re.search(r'href="(/admin/rulebook/skill/\d+/change/)', row).group(1)  # type: ignore[union-attr]
    pairs = [(k, name if k == "name_en" else v) for k, v in form_data(browser.get(change), "skill_form")]
    status, text, _ = browser.request("POST", change, urlencode([*pairs, ("_save", "Save")]))
    assert status == 302, text[:2000]


def test_an_admin_edit_and_a_command_line_load_reach_both_servers(
    servers: tuple[Browser, Browser], environment: dict[str, str]
) -> None:
    first, second = servers
    assert names_seen(first) == names_seen(second) == {"Block"}  # both warm, every worker's cache full
    assert search_hits(second, MARK) == {False}

    admin_edit(first, f"Block {MARK}")
    assert names_seen(second) == {f"Block {MARK}"}
    assert names_seen(first) == {f"Block {MARK}"}
    assert search_hits(second, MARK) == {True}
    assert search_hits(first, MARK) == {True}

    subprocess.run([sys.executable, "manage.py", "load_content", "--overwrite"], cwd=ROOT, env=environment, check=True)
    assert names_seen(first) == names_seen(second) == {"Block"}
    assert search_hits(first, MARK) == search_hits(second, MARK) == {False}
