from django.apps import AppConfig


class TutorialConfig(AppConfig):
    name = "tutorial"
    default_auto_field = "django.db.models.BigAutoField"
