"""Claim codes: how an account becomes the account of an existing :class:`~tournaments.models.Player`.

A code is 8 characters from :data:`CODE_ALPHABET` (no 0/O, 1/I/L), shown
once to the organizer when it is generated and stored only as a keyed hash
(:func:`accounts.codes.code_hash`). A player has at most one live code
(not used, not replaced); a code expires ``ARENA_CLAIM_CODE_DAYS`` (30)
days after it was made. Rows are never deleted: who made a code, when, and
who used it stay on the row.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player


class PlayerClaimCode(models.Model):
    """One one-time code for claiming ``player``; live while ``used_at`` and ``replaced_at`` are empty."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="claim_codes",
                               verbose_name=_("jugador"))
    code_hash = models.CharField(_("código (cifrado)"), max_length=64, unique=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+", verbose_name=_("generado por"))
    created_at = models.DateTimeField(_("generado"), auto_now_add=True)
    expires_at = models.DateTimeField(_("vence"))
    used_at = models.DateTimeField(_("usado"), null=True, blank=True)
    used_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+", verbose_name=_("usado por"))
    replaced_at = models.DateTimeField(_("reemplazado"), null=True, blank=True)

    class Meta:
        verbose_name = _("código para vincular cuenta")
        verbose_name_plural = _("códigos para vincular cuenta")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["player"], condition=Q(used_at__isnull=True, replaced_at__isnull=True),
                name="claim_code_one_live_per_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.created_at:%d/%m/%Y}"
