"""Editable rules data: the games a venue hosts.

The card catalog and ban lists (issue #6) live here too.
"""
from django.db import models
from django.utils.translation import gettext_lazy as _


class Game(models.Model):
    """A card game with its own profile in :mod:`rules.games`.

    ``key`` names the profile module (``weed_monsters``, ``blobbiemundo`` …);
    the defaults prefill new events (DESIGN.md, "Decisions").
    """

    key = models.SlugField(_("clave"), max_length=40, unique=True)
    name = models.CharField(_("nombre"), max_length=100)
    players_per_match = models.PositiveSmallIntegerField(_("jugadores por partida"), default=2)
    default_best_of = models.PositiveSmallIntegerField(_("mejor de (por defecto)"), default=3)
    default_round_minutes = models.PositiveSmallIntegerField(_("minutos por ronda (por defecto)"), default=50)

    class Meta:
        verbose_name = _("juego")
        verbose_name_plural = _("juegos")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
