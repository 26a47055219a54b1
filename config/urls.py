"""Root URLs: language-prefixed pages, the language-neutral API, admin and sitemap."""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path

from rulebook import urls as rulebook_urls  # noqa: F401 - registers the <ruleset:…>/<edition:…> converters first
from rulebook.serving import public_page
from rulebook.sitemaps import SITEMAPS as RULEBOOK_SITEMAPS
from rulebook.views.admin_report import translation_report
from tutorial.sitemaps import TutorialSitemap

SITEMAPS = {**RULEBOOK_SITEMAPS, "tutorial": TutorialSitemap}

urlpatterns = [
    path("admin/translation-report/", translation_report, name="translation-report"),
    path("admin/", admin.site.urls),
    path("sitemap.xml", public_page()(sitemap), {"sitemaps": SITEMAPS}, name="sitemap"),
    path("api/v1/", include("config.api_urls")),
]

urlpatterns += i18n_patterns(
    path("", include("tutorial.urls")),
    path("", include("rulebook.urls")),
    prefix_default_language=True,
)

handler400 = "rulebook.serving.errors.bad_request"
handler403 = "rulebook.serving.errors.permission_denied"
handler404 = "rulebook.serving.errors.not_found"
handler500 = "rulebook.serving.errors.server_error"
