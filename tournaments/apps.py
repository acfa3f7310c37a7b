from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Torneos")

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from . import stamps

        stamps.connect()
        post_migrate.connect(_epoch_after_migrate, sender=self, dispatch_uid="arena_epoch_after_migrate")


def _epoch_after_migrate(sender, using="default", plan=None, **kwargs) -> None:
    """A migration that applied anything may change what the pages show: the cache epoch moves on."""
    if not plan:
        return
    from .services.installation import installation_epoch_advance

    installation_epoch_advance(using=using)
