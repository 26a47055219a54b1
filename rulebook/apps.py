from django.apps import AppConfig


class RulebookConfig(AppConfig):
    name = "rulebook"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects cache invalidation on admin edits)
