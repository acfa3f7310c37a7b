"""Choices shared by models, services, admin and API.

Labels are Spanish (es-AR) through gettext; values are stable English keys.
"""
from django.db import models
from django.utils.translation import gettext_lazy as _


class EventKind(models.TextChoices):
    """One value per competitive format of 000_0014b2ac83da54b4.txt § "Formatos Competitivos" (R-000-33)."""

    SUPER_LIGA = "super_liga", _("Super Liga")
    BREEDER_QUEST = "breeder_quest", _("Breeder Quest")
    INDOOR = "indoor", _("Torneo Indoor")
    EVENTUAL = "eventual", _("Torneo Eventual")
    VIRTUAL = "virtual", _("Eventual Virtual")
    VERANO = "verano", _("Torneo de Verano")
    VERANO_FINAL = "verano_final", _("Final de sede del Torneo de Verano")
    NACIONAL = "nacional", _("El Nacional")
    LA_FINAL = "la_final", _("Super Liga La Final")
    CASUAL = "casual", _("Torneo casual")


class EventState(models.TextChoices):
    """Life cycle of a tournament day, in order."""

    DRAFT = "draft", _("Borrador")
    REGISTRATION = "registration", _("Inscripción abierta")
    CLOSED = "closed", _("Inscripción cerrada")
    SWISS = "swiss", _("Rondas suizas")
    TOP_CUT = "top_cut", _("Reducido")
    FINISHED = "finished", _("Finalizado")


class RoundPhase(models.TextChoices):
    SWISS = "swiss", _("Suiza")
    TOP_CUT = "top_cut", _("Reducido")


class RoundState(models.TextChoices):
    PAIRED = "paired", _("Emparejada")
    CLOSED = "closed", _("Cerrada")


class MatchStatus(models.TextChoices):
    """pending → reported (a judge entered it) → confirmed (closed round or organizer)."""

    PENDING = "pending", _("Pendiente")
    REPORTED = "reported", _("Cargado")
    CONFIRMED = "confirmed", _("Confirmado")


class MatchOutcome(models.TextChoices):
    """Mirrors :class:`tournaments.swiss.types.Outcome`."""

    A_WINS = "a_wins", _("Gana A")
    B_WINS = "b_wins", _("Gana B")
    DRAW = "draw", _("Empate")
    DOUBLE_LOSS = "double_loss", _("Doble derrota")
    BYE = "bye", _("Bye")


class DocumentKind(models.TextChoices):
    """The printed documents of a round (issue #5)."""

    PAIRINGS_BY_TABLE = "pairings_by_table", _("Emparejamientos por mesa")
    PAIRINGS_BY_NAME = "pairings_by_name", _("Emparejamientos por nombre")
    RESULT_SLIPS = "result_slips", _("Planillas de resultado")
    STANDINGS = "standings", _("Posiciones")
    BRACKET = "bracket", _("Llave del reducido")


class DocumentState(models.TextChoices):
    QUEUED = "queued", _("En cola")
    RENDERING = "rendering", _("Generando")
    READY = "ready", _("Listo")
    FAILED = "failed", _("Falló")
