from django.apps import AppConfig


class RulebookConfig(AppConfig):
    name = "rulebook"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import portable, serverwords  # signals: connects cache invalidation on admin edits

        portable.install(serverwords.ServerWords())  # the words of the pure modules (rulebook/portable)
