"""Web Push rows (issue #29 point 2): a player's browsers and the notices sent to them.

Kept apart from :mod:`tournaments.models` (which imports them, so Django
registers them with the app); they refer to the other models by name.

- :class:`PushSubscription`: one browser that turned on «Activar avisos»
  on «Mi torneo»: the push service's ``endpoint`` and the browser's keys
  (``p256dh``, ``auth``, base64url as the browser gives them). A
  subscription the push service says is gone (404/410) is deleted; other
  failures are counted.
- :class:`PushNotice`: one message to one registration (a round paired, a
  result recorded, ten minutes left, a top-cut match), unique by its
  ``key`` so a task delivered twice sends it once. It stays as the history
  of what was sent, whatever happens to the subscriptions.
"""
from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .enums import PushNoticeState


class PushSubscription(models.Model):
    """A browser that receives a player's notices; ``endpoint`` is unique (one browser, one player)."""

    player = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="push_subscriptions",
                               verbose_name=_("jugador"))
    endpoint = models.CharField(_("dirección del servicio de avisos"), max_length=1024, unique=True)
    p256dh = models.CharField(_("clave pública del navegador"), max_length=200)
    auth = models.CharField(_("secreto del navegador"), max_length=100)
    user_agent = models.CharField(_("navegador"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("alta"), auto_now_add=True)
    last_success_at = models.DateTimeField(_("último envío"), null=True, blank=True)
    failures = models.PositiveIntegerField(_("fallas seguidas"), default=0)
    last_failure_at = models.DateTimeField(_("última falla"), null=True, blank=True)
    last_error = models.CharField(_("último error"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("suscripción a avisos")
        verbose_name_plural = _("suscripciones a avisos")

    def __str__(self) -> str:
        return f"{self.player_id} — {self.endpoint[:60]}"

    @property
    def subscription_info(self) -> dict:
        """The shape pywebpush takes."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class PushNotice(models.Model):
    """One notice to one registration; ``delivered_to`` lists the subscription ids it reached."""

    registration = models.ForeignKey("tournaments.Registration", on_delete=models.CASCADE,
                                     related_name="push_notices", verbose_name=_("inscripción"))
    key = models.CharField(_("clave"), max_length=80)
    kind = models.CharField(_("tipo"), max_length=20)
    title = models.CharField(_("título"), max_length=200)
    body = models.CharField(_("texto"), max_length=300)
    url = models.CharField(_("dirección"), max_length=200)
    state = models.CharField(_("estado"), max_length=16, choices=PushNoticeState.choices,
                             default=PushNoticeState.QUEUED)
    attempts = models.PositiveSmallIntegerField(_("intentos"), default=0)
    delivered_to = models.JSONField(_("enviado a"), default=list, blank=True)
    error = models.CharField(_("error"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("creado"), auto_now_add=True)
    sent_at = models.DateTimeField(_("enviado"), null=True, blank=True)

    class Meta:
        verbose_name = _("aviso")
        verbose_name_plural = _("avisos")
        constraints = [models.UniqueConstraint(fields=["registration", "key"], name="push_notice_unique_key")]
        indexes = [models.Index(fields=["key"], name="push_notice_key")]

    def __str__(self) -> str:
        return self.body
