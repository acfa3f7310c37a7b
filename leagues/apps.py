from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "leagues"
    verbose_name = _("Super Liga")

    def ready(self) -> None:
        # Imported here, once the app registry is ready: the receivers use the models.
        from tournaments import signals

        from . import receivers

        signals.event_finished.connect(receivers.post_event_points, dispatch_uid="leagues.post_event_points")
        # A voided event wants no points: posting again reverses them (leagues.services.event_points_post).
        signals.event_voided.connect(receivers.post_event_points, dispatch_uid="leagues.reverse_voided_event_points")
        signals.event_finished.connect(
            receivers.record_pro_player_titles, dispatch_uid="leagues.record_pro_player_titles"
        )
