from django.apps import AppConfig


class TutorialConfig(AppConfig):
    name = "tutorial"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The rules' chapters list the scenarios that work through them (rulebook.examples).
        from rulebook.examples import register
        from rulebook.offline.toolpages import register as register_tool_pages

        from .examples import scenarios_showing
        from .sitemaps import offline_pages

        register(scenarios_showing)
        # Saving the tools keeps the tutorial's steps too (rulebook/views/offline.py).
        register_tool_pages(offline_pages)
