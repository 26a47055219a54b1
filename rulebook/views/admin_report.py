"""The translation completeness page in the admin."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from ..contentfiles.completeness import build_report, percentages


@staff_member_required
def translation_report(request: HttpRequest) -> HttpResponse:
    rows = [row for row in percentages(build_report()) if row["total"]]
    context = {**admin.site.each_context(request), "rows": rows, "title": "Translation completeness"}
    return render(request, "admin/translation_report.html", context)
