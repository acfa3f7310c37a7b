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


class ResultSource(models.TextChoices):
    """Who a recorded result came from (issue #17)."""

    JUDGE = "judge", _("Juez")
    PLAYERS = "players", _("Jugadores")
    ORGANIZER = "organizer", _("Organizador")


class MatchOutcome(models.TextChoices):
    """Mirrors :class:`tournaments.swiss.types.Outcome`."""

    A_WINS = "a_wins", _("Gana A")
    B_WINS = "b_wins", _("Gana B")
    DRAW = "draw", _("Empate")
    DOUBLE_LOSS = "double_loss", _("Doble derrota")
    BYE = "bye", _("Bye")


class SeatOutcomeHow(models.TextChoices):
    """How a seat's result came about: played at the table, or lost without playing (issue #25).

    One value per seat of a table (each side of a match and each of its
    result entries, each pod seat). ``absent``: never came to the table (a
    no-show, a double loss, a drop before the table started); ``late``: lost
    the match for arriving more than 10 minutes late (the minutes are kept
    with the result); ``penalty``: present, but lost the match to a penalty
    before a game was played. Absent and late are losses by absence: they do
    not count as taking part (DESIGN.md decision 15); a penalty does
    (decision 10). Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las
    Rondas Suizas".
    """

    PLAYED = "played", _("Jugó")
    ABSENT = "absent", _("Ausente")
    LATE = "late", _("Llegó tarde")
    PENALTY = "penalty", _("Perdió por penalidad")


#: The seat outcomes that are a loss by absence: no participation (DESIGN.md decision 15).
ABSENCE_HOWS = frozenset({SeatOutcomeHow.ABSENT, SeatOutcomeHow.LATE})


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


class EventLogAction(models.TextChoices):
    """What an event log entry records: the service's name and what the log shows."""

    REGISTRATION_OPEN = "registration_open", _("Inscripción abierta")
    REGISTRATION_CLOSE = "registration_close", _("Inscripción cerrada")
    REGISTRATION_CREATE = "registration_create", _("Inscripción")
    REGISTRATION_DROP = "registration_drop", _("Abandono")
    REGISTRATION_DROP_UNDO = "registration_drop_undo", _("Abandono deshecho")
    REGISTRATION_CHECK_IN = "registration_check_in", _("Presente")
    REGISTRATION_DELETE = "registration_delete", _("Inscripción borrada")
    ROUND_PAIR_NEXT = "round_pair_next", _("Ronda emparejada")
    ROUND_REPAIR = "round_repair", _("Ronda emparejada de nuevo")
    ROUND_PAIR_MANUAL = "round_pair_manual", _("Ronda emparejada a mano")
    ROUND_CLOSE = "round_close", _("Ronda cerrada")
    TOP_CUT_START = "top_cut_start", _("Reducido iniciado")
    EVENT_FINISH = "event_finish", _("Evento finalizado")
    EVENT_PODIUM_RECOMPUTE = "event_podium_recompute", _("Podio recalculado")
    EVENT_VOID = "event_void", _("Evento anulado")
    MATCH_RESULT_RECORD = "match_result_record", _("Resultado cargado")
    POD_RESULT_RECORD = "pod_result_record", _("Resultado de mesa cargado")
    MATCH_RESULT_CORRECT = "match_result_correct", _("Resultado corregido")
    POD_RESULT_CORRECT = "pod_result_correct", _("Resultado de mesa corregido")
    ROUND_CLOCK_START = "round_clock_start", _("Reloj en marcha")
    ROUND_CLOCK_PAUSE = "round_clock_pause", _("Reloj en pausa")
    ROUND_CLOCK_RESUME = "round_clock_resume", _("Reloj reanudado")
    MATCH_TIME_EXTEND = "match_time_extend", _("Tiempo extra")
    PENALTY_ISSUE = "penalty_issue", _("Penalidad")
    PENALTY_REVISE = "penalty_revise", _("Penalidad revisada")
    PAIRING_SWAP = "pairing_swap", _("Intercambio de jugadores")
    PAIRING_MOVE = "pairing_move", _("Jugador cambiado de mesa")
    PAIRING_BYE_GIVE = "pairing_bye_give", _("Bye asignado")
    PAIRING_BYE_TAKE = "pairing_bye_take", _("Bye quitado")
    REGISTRATION_FIXED_TABLE = "registration_fixed_table", _("Mesa fija")
    REGISTRATION_PACK_INDOOR = "registration_pack_indoor", _("Pack Indoor")
    ROUND_BUILD_START = "round_build_start", _("Armado de mazos iniciado")
    ROUND_BUILD_END = "round_build_end", _("Armado de mazos terminado")
    DECKLIST_SUBMIT = "decklist_submit", _("Lista de mazo cargada")
    DECKLISTS_PUBLISH = "decklists_publish", _("Listas del top publicadas")
    MATCH_REPORT_SUBMIT = "match_report_submit", _("Reporte de jugador")
    POD_REPORT_SUBMIT = "pod_report_submit", _("Reporte de mesa de jugador")
    PREREGISTRATION_CREATE = "preregistration_create", _("Preinscripción")
    PREREGISTRATION_CANCEL = "preregistration_cancel", _("Preinscripción cancelada")
    PREREGISTRATION_PROMOTE = "preregistration_promote", _("Preinscripción: sale de la lista de espera")
    PREREGISTRATION_CHECK_IN = "preregistration_check_in", _("Preinscripción: presente")
    EVENT_SETTINGS_UPDATE = "event_settings_update", _("Configuración del evento cambiada")


class PreRegistrationState(models.TextChoices):
    """A pre-registration's life: confirmed or waitlisted, then cancelled or checked in (issue #17)."""

    CONFIRMED = "confirmed", _("Confirmado")
    WAITLISTED = "waitlisted", _("En lista de espera")
    CANCELLED = "cancelled", _("Cancelada")
    CHECKED_IN = "checked_in", _("Presente")


class PushNoticeState(models.TextChoices):
    """One notice to one player (issue #29 point 2): queued, then sent, failed or with no browser to reach."""

    QUEUED = "queued", _("En cola")
    SENT = "sent", _("Enviado")
    FAILED = "failed", _("Falló")
    NO_SUBSCRIPTION = "no_subscription", _("Sin avisos activados")
