"""Settings for the rules site, driven by environment variables.

Development defaults (DEBUG on, an embedded SQLite file) need no environment at all; production sets
DEBUG=0, SECRET_KEY, ALLOWED_HOSTS and, for PostgreSQL, DATABASE_URL (see README).
"""

from __future__ import annotations

import base64
import hashlib
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from rulebook.vocab import LANGS, SOURCE_LANGUAGE

from .environment import cache_from_url, env_bool, env_int, env_list, release_id

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", True)
# The development key is only used when DEBUG is on; production refuses to start without one.
SECRET_KEY = os.environ.get("SECRET_KEY") or ("dev-only-insecure-key-not-for-production" if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set when DEBUG is off")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "modeltranslation",  # must precede django.contrib.admin
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "django_htmx",
    "template_partials",
    "csp",
    "axes",
    "rulebook",
    "tutorial",
]

# Order matters: the headers every answer carries come first, then the page cache (a hit answers
# from there, before sessions, locale and the view), then what a rendered page needs. Axes last.
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "rulebook.serving.middleware.SecurityHeadersMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "rulebook.serving.middleware.PageCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
CSRF_FAILURE_VIEW = "rulebook.serving.errors.csrf_failure"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "rulebook.context_processors.site",
            ],
        },
    }
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# django-axes first: a locked-out login is refused before any password is hashed.
AUTHENTICATION_BACKENDS = [
    "rulebook.serving.throttle.LoginThrottle",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15))
# Locked per user name from one address, and per address whatever the name (password spraying).
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "admin/locked_out.html"
# Behind TRUSTED_PROXY_COUNT proxies (0: none), the client is the address the outermost one saw.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
AXES_CLIENT_IP_CALLABLE = "rulebook.serving.proxy.client_ip"

# The only people who sign in are editors: after a login whose `next` is refused (another host),
# the admin, not Django's default /accounts/profile/ (no such page).
LOGIN_URL = "admin:login"
LOGIN_REDIRECT_URL = "admin:index"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Languages: English is the source language of the UI strings; content exists in all four.
LANGUAGE_CODE = SOURCE_LANGUAGE
LANGUAGE_LABELS = {"es": _("Spanish"), "it": _("Italian"), "fr": _("French"), "en": _("English")}
LANGUAGES = [(code, LANGUAGE_LABELS[code]) for code in LANGS]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

MODELTRANSLATION_DEFAULT_LANGUAGE = SOURCE_LANGUAGE
MODELTRANSLATION_LANGUAGES = LANGS
# No silent fallback: every item exists in every language, and a gap must show up in the report.
MODELTRANSLATION_FALLBACK_LANGUAGES: tuple[str, ...] = ()

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATIC_BROTLI_QUALITY = env_int("STATIC_BROTLI_QUALITY", 11)  # collectstatic's brotli copies (staticstorage.py)
# The proxy's and gunicorn's own error answers, rendered by `manage.py error_pages` after collectstatic.
ERROR_PAGES_ROOT = Path(os.environ.get("ERROR_PAGES_ROOT", BASE_DIR / "errorpages"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "rulebook.serving.staticstorage.StaticStorage"
        )
    },
}

# One cache for every process that serves the site (CACHE_URL, see config/environment.py). Keys
# carry the release, so a deploy starts from a clean slate even in a shared Redis.
RELEASE_ID = release_id(BASE_DIR)
CACHES = {
    "default": cache_from_url(
        os.environ.get("CACHE_URL", "locmem://"), f"{os.environ.get('CACHE_KEY_PREFIX', 'rules')}:{RELEASE_ID}"
    )
}
# Public pages and fragments (rulebook/serving): how long browsers and CDNs may keep them, and
# serve them stale while they check again; the server's own copy is keyed by the content version.
PAGE_MAX_AGE = env_int("PAGE_MAX_AGE", 300)
PAGE_STALE_WHILE_REVALIDATE = env_int("PAGE_STALE_WHILE_REVALIDATE", 86400)
# How long the proxy in front (deploy/nginx) keeps a public page before it asks again with the ETag
# (X-Accel-Expires): an edit reaches readers through it within this many seconds.
PROXY_CACHE_SECONDS = env_int("PROXY_CACHE_SECONDS", 10)
# The port in the pages' absolute links and cache keys (rulebook/serving/hosts.py): "" for the
# scheme's own, a number, or "*" for the request's own (development servers on any port).
SITE_PORT = os.environ.get("SITE_PORT", "*" if DEBUG else "").strip()
# Uncached work each client may ask for (rulebook/serving/budget.py): "60/30s" is sixty requests
# that no cache answers in thirty seconds, then 429 until the window ends; "" for no limit (the
# default with DEBUG on: a developer's own server, the test suite).
MISS_RATE_LIMIT = os.environ.get("MISS_RATE_LIMIT", "" if DEBUG else "60/30s").strip()
RATELIMIT_FAIL_OPEN = True  # a cache that cannot count (Redis down) does not refuse readers
RATELIMIT_CACHE_PREFIX = "budget:"

# Production hardening: on whenever DEBUG is off (check --deploy must be clean).
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
# Preloading is a promise browsers keep for months: only when the operator asks for it.
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
# The scheme a proxy saw is trusted only when a proxy is configured in front of the site;
# otherwise any client could claim HTTPS with the header.
if TRUSTED_PROXY_COUNT or env_bool("TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# check --deploy warns until preloading is on; it stays off on purpose unless configured (above).
# `make serve` fails on any other deploy warning. SECURE_SSL_REDIRECT=0 is a choice the operator
# states (loopback, or a proxy in front that redirects to HTTPS itself), so its warning is silenced.
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]
if not DEBUG and not SECURE_SSL_REDIRECT:
    SILENCED_SYSTEM_CHECKS.append("security.W008")

# Everything the pages load comes from this origin: no inline script or style, no framing.
# The admin needs inline styles (Django's and modeltranslation's widgets): see serving/middleware.
# One inline script is allowed by its hash: the one that starts the tools' engine offline while the
# page is still being read (rulebook/templates/_engine_script.html); a page cache rules out nonces.
ENGINE_START = (BASE_DIR / "rulebook" / "templates" / "_engine_start.js").read_bytes()
ENGINE_START_HASH = "'sha256-" + base64.b64encode(hashlib.sha256(ENGINE_START).digest()).decode() + "'"
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        # the tools' engine offline (Pyodide) compiles WebAssembly
        "script-src": ["'self'", "'wasm-unsafe-eval'", ENGINE_START_HASH],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "manifest-src": ["'self'"],
        "worker-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
PERMISSIONS_POLICY = (
    "accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), "
    "gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), xr-spatial-tracking=()"
)

CONTENT_DIR = Path(os.environ.get("CONTENT_DIR", BASE_DIR / "rulebook" / "content"))
SEEDS_DIR = Path(os.environ.get("SEEDS_DIR", BASE_DIR.parent / "shared" / "seeds"))

# Refused requests (django.security.*: a hostile Host, too many fields) are one line at WARNING,
# without the traceback Django attaches (rulebook/serving/logs.py).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refusals": {"()": "rulebook.serving.logs.RefusalsAsWarnings"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["refusals"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING").upper()},
}
# modeltranslation reads this name unprefixed; vendored so the admin makes no CDN request.
JQUERY_UI_URL = "vendor/jquery-ui/jquery-ui-1.14.2.min.js"
