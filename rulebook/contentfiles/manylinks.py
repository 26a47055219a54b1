"""Many-to-many links of many rows rebuilt at once, for the load of the content files: one DELETE
and one INSERT per relation instead of a `set()` (a SELECT and an INSERT) per row. No
m2m_changed signal is sent: the load saves its rows, and the content version is bumped for them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import models

BATCH = 200  # rows per statement (SQLite allows 999 parameters in one)


class LinkBatch:
    def __init__(self) -> None:
        self.wanted: dict[tuple[type[models.Model], str], dict[Any, list[models.Model]]] = {}

    def set(self, instance: models.Model, name: str, targets: Iterable[models.Model]) -> None:
        """What `getattr(instance, name).set(targets)` would leave, once apply() has run."""
        self.wanted.setdefault((type(instance), name), {})[instance.pk] = list(targets)

    def apply(self) -> None:
        for (model, name), rows in self.wanted.items():
            field = model._meta.get_field(name)
            assert isinstance(field, models.ManyToManyField)
            through = field.remote_field.through
            assert through is not None and not isinstance(through, str)  # resolved once the apps are ready
            source, target = field.m2m_field_name(), field.m2m_reverse_field_name()
            through._default_manager.filter(**{f"{source}__in": list(rows)}).delete()
            links = [
                through(**{f"{source}_id": pk, f"{target}_id": other.pk})
                for pk, others in rows.items()
                for other in dict.fromkeys(others)  # set() ignores a target named twice
            ]
            through._default_manager.bulk_create(links, batch_size=BATCH)
        self.wanted.clear()
