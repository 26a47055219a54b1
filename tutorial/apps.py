from django.apps import AppConfig


class TutorialConfig(AppConfig):
    name = "tutorial"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The rules' chapters list the scenarios that work through them (rulebook.examples).
        from rulebook.examples import register

        from .examples import scenarios_showing

        register(scenarios_showing)
