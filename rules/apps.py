from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rules"
    verbose_name = _("Reglas y cartas")

    def ready(self) -> None:
        # Imported here, once the app registry is ready: the receivers use the models.
        from tournaments import signals

        from . import receivers

        signals.round_paired.connect(receivers.lock_decklists_at_round_one, dispatch_uid="rules.lock_decklists")
