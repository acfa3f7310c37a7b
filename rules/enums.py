"""Choices of the rules models (labels es-AR through gettext, stable English values)."""
from django.db import models
from django.utils.translation import gettext_lazy as _


class BanScope(models.TextChoices):
    """What a ban entry names; mirrors :class:`rules.catalog.BanScope`
    (DESIGN.md decision 13)."""

    SET = "set", _("Expansión completa")
    CARD = "card", _("Carta (todas sus impresiones)")
    PRINTING = "printing", _("Una impresión")


class DecklistStatus(models.TextChoices):
    """draft (stored, not validated yet) → legal / illegal (validated)."""

    DRAFT = "draft", _("Borrador")
    LEGAL = "legal", _("Legal")
    ILLEGAL = "illegal", _("Ilegal")
