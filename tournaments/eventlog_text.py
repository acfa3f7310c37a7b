"""The event log as people read it (issue #28 point 2): a title and a before → after sentence per entry.

Terms:

- *entry*: an :class:`~tournaments.models.EventLogEntry` as the services
  write it (:func:`tournaments.services.eventlog.event_log_append`):
  ``action`` (the service's name), ``subject`` (what it touched, in
  words), ``before`` and ``after`` (JSON objects with registration ids,
  scores and codes), ``reason``.
- *roster*: what turns the ids of some entries into words, loaded in a
  fixed number of queries whatever the number of entries
  (:func:`roster_for`): registration id → the player's name and number,
  user id → user name, each event's game (its penalty ladder) and the
  names of the games and venues a settings change points to.
- *line*: one entry as read (:class:`LogLine`): the title («Resultado
  corregido»), where («Ronda 2, mesa 9»), the change in words («Mesa 9:
  0-2 → 2-0 (Milagros Núñez gana)»), the reason, the time, and the round,
  tables and registrations it concerns, which the log's filters use.

Describing reads only the entry's JSON and the roster, never the match
or pod rows: an entry reads the same after its table changed, and after
the tables' models change. Tables and rounds come from the JSON
(``round``, ``table``, ``players``: :func:`~tournaments.services.eventlog.table_place`)
or, in entries written before those keys, from the subject. An action or a
key this module does not know reads as a generic sentence; a line never
shows JSON, a service's name or an English key. Text is Spanish through
gettext (English in the catalog); times are local (``TIME_ZONE``).

Model access is in :func:`roster_for` and :func:`event_log_lines` only.
"""
from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from types import SimpleNamespace

from django.contrib.auth import get_user_model
from django.core.exceptions import FieldDoesNotExist
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from rules.enums import DecklistStatus
from rules.models import Game

from .enums import (
    EventLogAction,
    EventState,
    MatchOutcome,
    MatchStatus,
    PreRegistrationState,
    RoundState,
    SeatOutcomeHow,
)
from .formats import format_choices
from .models import Event, EventLogEntry, Registration, Round, Venue
from .services import penalty_preview
from .text import collation_key, round_label, stage_name

#: The filter value of entries without a user (a command or a task).
NO_ACTOR = "ninguno"

ARROW = " → "

#: Actions whose subject is a player's name (a decklist's: "Name (number)").
PLAYER_SUBJECT = frozenset({
    "registration_create", "registration_drop", "registration_drop_undo", "registration_check_in",
    "registration_delete", "registration_fixed_table", "registration_pack_indoor", "penalty_issue",
    "penalty_revise", "decklist_submit", "preregistration_create", "preregistration_cancel",
    "preregistration_promote", "preregistration_check_in",
})
#: Actions whose subject is the event's name.
EVENT_SUBJECT = frozenset({"event_settings_update", "decklists_publish"})

_SUBJECT_ROUND = re.compile(r"\b(?:Ronda|Round) (\d+)\b")
_SUBJECT_TABLES = re.compile(r"\b(?:mesas?|tables?) ((?:\d+|bye)(?:, (?:\d+|bye))*)", re.IGNORECASE)


# --------------------------------------------------------------------------- shapes


@dataclass(frozen=True)
class Roster:
    """Words for the ids of some entries (see the module docstring); every mapping may be empty.

    ``names``/``numbers``: registration id → the player's display name and
    number; ``users``: user id → user name; ``games``: event id → game key;
    ``related``: setting name (``game``, ``venue``) → {primary key as text:
    name}.
    """

    names: Mapping[int, str] = field(default_factory=dict)
    numbers: Mapping[int, str] = field(default_factory=dict)
    users: Mapping[int, str] = field(default_factory=dict)
    games: Mapping[int, str] = field(default_factory=dict)
    related: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @cached_property
    def by_name(self) -> dict[str, set[int]]:
        found: dict[str, set[int]] = {}
        for rid, name in self.names.items():
            found.setdefault(name, set()).add(rid)
        return found

    @cached_property
    def by_number(self) -> dict[str, int]:
        return {number: rid for rid, number in self.numbers.items()}

    def name(self, rid) -> str:
        """The player of registration ``rid``; a stated placeholder when the id names nobody here."""
        if rid is None:
            return "—"
        return self.names.get(rid) or _("jugador sin datos")


@dataclass(frozen=True)
class LogLine:
    """One entry as people read it.

    ``at`` is the entry's aware datetime (pages show it in local time);
    ``actor`` the user name (empty: a command or a task); ``round`` the
    round number the entry concerns (``None``: the event or a player);
    ``tables`` its table numbers; ``registrations`` the registration ids
    it concerns.
    """

    pk: int
    at: datetime.datetime
    actor: str
    actor_id: int | None
    action: str
    title: str
    where: str
    change: str
    reason: str
    round: int | None = None
    tables: tuple[int, ...] = ()
    registrations: frozenset[int] = frozenset()


@dataclass(frozen=True)
class LogFilters:
    """What the log page narrows to; ``None`` is "any". ``actor``: a user id or :data:`NO_ACTOR`."""

    round: int | None = None
    table: int | None = None
    registration: int | None = None
    actor: int | str | None = None


# --------------------------------------------------------------------------- words


def _lower(text) -> str:
    text = str(text)
    return text[:1].lower() + text[1:]


def _label(choices, value) -> str:
    """The label of ``value`` in a TextChoices class, lower-cased first letter; ``—`` when unknown."""
    labels = dict(choices.choices)
    return _lower(labels[value]) if value in labels else "—"


def _int(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _ints(values) -> list[int]:
    return [v for v in (values or ()) if _int(v) is not None] if isinstance(values, (list, tuple)) else []


def _local(iso) -> datetime.datetime | None:
    """An ISO datetime of the log (UTC) in local time; ``None`` when missing or unreadable."""
    if not isinstance(iso, str):
        return None
    try:
        moment = datetime.datetime.fromisoformat(iso)
    except ValueError:
        return None
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, datetime.UTC)
    return timezone.localtime(moment)


def _clock(iso) -> str:
    moment = _local(iso)
    return f"{moment:%H:%M}" if moment else "—"


def _duration(seconds) -> str:
    seconds = _int(seconds) or 0
    minutes, rest = divmod(seconds, 60)
    if rest:
        return _("%(m)d min %(s)d s") % {"m": minutes, "s": rest}
    return _("%(m)d min") % {"m": minutes}


def _yes_no(value) -> str:
    return _("sí") if value else _("no")


def _ordinal(place) -> str:
    return _("%(n)s.º") % {"n": place}


def _score(games) -> str:
    """``[a, b, drawn]`` as ``a-b`` (``a-b-drawn`` with drawn games)."""
    values = _ints(games)
    if len(values) < 2:
        return "—"
    drawn = values[2] if len(values) > 2 else 0
    return f"{values[0]}-{values[1]}-{drawn}" if drawn else f"{values[0]}-{values[1]}"


def _round_name(number, phase=None, stage=None) -> str:
    if _int(number) is None:
        return ""
    return round_label(SimpleNamespace(number=number, phase=phase or "swiss", stage=stage), numbered=True)


def _table_word(table) -> str:
    return _("Mesa %(t)s") % {"t": table} if table is not None else _("Mesa")


def _join(parts: Iterable[str]) -> str:
    return ", ".join(p for p in parts if p)


# --------------------------------------------------------------------------- results


def _outcome(data: Mapping, players: Sequence | None, roster: Roster) -> str:
    """Who won a two-player table, by name when the entry names the sides (``players``)."""
    a, b = (list(players) + [None, None])[:2] if players else (None, None)
    outcome = data.get("outcome")
    if data.get("status") == MatchStatus.PENDING:
        text = _("parcial: la mesa sigue en juego")
    elif outcome == MatchOutcome.A_WINS:
        text = _("%(player)s gana") % {"player": roster.name(a)} if a is not None else _("gana A")
    elif outcome == MatchOutcome.B_WINS:
        text = _("%(player)s gana") % {"player": roster.name(b)} if b is not None else _("gana B")
    elif outcome == MatchOutcome.DRAW:
        text = _("empate")
    elif outcome == MatchOutcome.DOUBLE_LOSS:
        text = _("doble derrota")
    else:
        text = ""
    hows = data.get("how") if isinstance(data.get("how"), list) else []
    for side, key, how in zip((a, b), ("A", "B"), hows):
        if how in (SeatOutcomeHow.ABSENT, SeatOutcomeHow.LATE, SeatOutcomeHow.PENALTY):
            who = roster.name(side) if side is not None else key
            text = _join([text, f"{who}: {_label(SeatOutcomeHow, how)}"])
    return text


def _match_result(entry, roster: Roster, table) -> str:
    before, after = entry.before, entry.after
    change = _score(after.get("games"))
    if before.get("games") is not None:
        change = _score(before.get("games")) + ARROW + change
    outcome = _outcome(after, after.get("players"), roster)
    text = _("%(table)s: %(change)s") % {"table": _table_word(table), "change": change}
    if outcome:
        text = f"{text} ({outcome})"
    reseeded = after.get("reseeded")
    if isinstance(reseeded, dict):
        pairs = _join(_pair(p, roster) for p in reseeded.get("pairs") or ())
        text += ". " + _("Nueva llave de %(stage)s: %(pairs)s") % {
            "stage": _lower(stage_name(_int(reseeded.get("stage")))), "pairs": pairs}
    return text


def _pair(pair, roster: Roster) -> str:
    ids = list(pair) + [None, None] if isinstance(pair, (list, tuple)) else [None, None]
    if ids[1] is None:
        return _("%(player)s (bye)") % {"player": roster.name(ids[0])}
    return f"{roster.name(ids[0])} – {roster.name(ids[1])}"


def _places(places, roster: Roster) -> str:
    """``[[registration, place, score], …]`` in finishing order: «1.º Ana (20), 2.º Beto (15)»."""
    rows = [p for p in places or () if isinstance(p, (list, tuple)) and len(p) >= 2]
    rows.sort(key=lambda p: (_int(p[1]) or 99, collation_key(roster.name(p[0]))))
    out = []
    for row in rows:
        text = f"{_ordinal(row[1])} {roster.name(row[0])}"
        if len(row) > 2 and row[2] is not None:
            text += f" ({row[2]})"
        out.append(text)
    return ", ".join(out) or "—"


def _pod_result(entry, roster: Roster, table) -> str:
    before, after = entry.before, entry.after
    change = _places(after.get("places"), roster)
    if before.get("places"):
        change = _places(before["places"], roster) + ARROW + change
    text = _("%(table)s: %(change)s") % {"table": _table_word(table), "change": change}
    notes = []
    if after.get("ended_by_time"):
        notes.append(_("terminada por tiempo"))
    if _ints(after.get("absent")):
        notes.append(_("ausentes: %(names)s") % {"names": _join(roster.name(r) for r in _ints(after["absent"]))})
    return f"{text} ({'; '.join(notes)})" if notes else text


def _reported(data: Mapping) -> str:
    return _score([data.get("games_a"), data.get("games_b"), data.get("games_drawn") or 0])


def _match_report(entry, roster: Roster, table) -> str:
    before, after = entry.before, entry.after
    change = _reported(after)
    if before:
        change = _reported(before) + ARROW + change
    a, b = _int(after.get("games_a")) or 0, _int(after.get("games_b")) or 0
    outcome = MatchOutcome.A_WINS if a > b else MatchOutcome.B_WINS if b > a else MatchOutcome.DRAW
    notes = [_outcome({"outcome": outcome}, after.get("players"), roster)]
    if after.get("intentional_draw"):
        notes.append(_("empate intencional"))
    if after.get("went_to_time"):
        notes.append(_("por tiempo"))
    return _("%(table)s, reporte de %(player)s: %(change)s (%(notes)s)") % {
        "table": _table_word(table), "player": roster.name(after.get("registration")), "change": change,
        "notes": _join(notes)}


def _pod_report(entry, roster: Roster, table) -> str:
    before, after = entry.before, entry.after
    change = _places(after.get("placements"), roster)
    if before:
        change = _places(before.get("placements"), roster) + ARROW + change
    text = _("%(table)s, reporte de %(player)s: %(change)s") % {
        "table": _table_word(table), "player": roster.name(after.get("registration")), "change": change}
    return f"{text} ({_('terminada por tiempo')})" if after.get("ended_by_time") else text


# --------------------------------------------------------------------------- rounds and the event


def _tables_count(n) -> str:
    n = _int(n) or 0
    return ngettext("%(n)d mesa", "%(n)d mesas", n) % {"n": n}


def _conflicts(after: Mapping, roster: Roster) -> list[str]:
    out = []
    for c in after.get("fixed_table_conflicts") or ():
        if not isinstance(c, dict):
            continue
        values = {"player": roster.name(c.get("player")), "table": c.get("table"),
                  "other": roster.name(c.get("kept_by"))}
        if c.get("reason") == "paired_together":
            out.append(_("%(player)s no juega en su mesa fija %(table)s: enfrenta a %(other)s, que conserva la "
                         "suya") % values)
        else:
            out.append(_("%(player)s no juega en su mesa fija %(table)s: la ocupa %(other)s") % values)
    return out


def _paired(entry, roster: Roster, _table) -> str:
    after = entry.after
    name = _round_name(after.get("round"), after.get("phase"), after.get("stage")) or entry.subject
    text = f"{name}: {_tables_count(after.get('tables'))}"
    if after.get("pairs"):
        text += " (" + _join(_pair(p, roster) for p in after["pairs"]) + ")"
    sentences = [text] + _conflicts(after, roster)
    if entry.before.get("state") and after.get("state"):
        sentences.insert(0, _label(EventState, entry.before["state"]) + ARROW + _label(EventState, after["state"]))
    return ". ".join(capfirst(s) for s in sentences) + "."


def _state_change(choices) -> Callable:
    def describe(entry, roster: Roster, _table) -> str:
        text = capfirst(_label(choices, entry.before.get("state")) + ARROW + _label(choices, entry.after.get("state")))
        return f"{entry.subject}: {_lower(text)}." if entry.subject else f"{text}."
    return describe


def _podium(ids, roster: Roster) -> str:
    return ", ".join(f"{_ordinal(place)} {roster.name(rid)}" for place, rid in enumerate(ids or (), 1)) or "—"


def _finished(entry, roster: Roster, _table) -> str:
    text = capfirst(_label(EventState, entry.before.get("state")) + ARROW + _label(EventState, EventState.FINISHED))
    return _("%(states)s. Podio: %(podium)s.") % {"states": text, "podium": _podium(entry.after.get("podium"), roster)}


def _podium_change(entry, roster: Roster, _table) -> str:
    return _("Podio: %(before)s%(arrow)s%(after)s.") % {
        "before": _podium(entry.before.get("podium"), roster), "arrow": ARROW,
        "after": _podium(entry.after.get("podium"), roster)}


def _voided(entry, roster: Roster, _table) -> str:
    return _("El evento queda anulado: se conserva, no se muestra y sus puntos de liga se revierten.")


def _clock_text(entry, roster: Roster, _table) -> str:
    after, name = entry.after, entry.subject
    if entry.action == "round_clock_pause":
        return _("%(round)s: reloj en pausa desde las %(time)s.") % {"round": name,
                                                                     "time": _clock(after.get("paused_at"))}
    if entry.action == "round_clock_resume":
        return _("%(round)s: el reloj sigue; pausas acumuladas: %(pause)s.") % {
            "round": name, "pause": _duration(after.get("paused_seconds"))}
    if entry.action == "round_build_start":
        return _("%(round)s: armado de mazos de %(minutes)s min; el reloj de la ronda arranca a las %(time)s.") % {
            "round": name, "minutes": after.get("build_minutes"), "time": _clock(after.get("round_clock_starts_at"))}
    if entry.action == "round_build_end":
        return _("%(round)s: armado terminado; el reloj de la ronda arranca a las %(time)s.") % {
            "round": name, "time": _clock(after.get("started_at"))}
    return _("%(round)s: el reloj arranca a las %(time)s.") % {"round": name, "time": _clock(after.get("started_at"))}


def _time_extend(entry, roster: Roster, table) -> str:
    return _("%(table)s: tiempo extra %(before)s%(arrow)s%(after)s min (+%(added)s).") % {
        "table": _table_word(table), "before": _int(entry.before.get("extra_minutes")) or 0, "arrow": ARROW,
        "after": _int(entry.after.get("extra_minutes")) or 0, "added": _int(entry.after.get("added")) or 0}


#: Pairing-edit warnings the organizer confirmed, by code.
_WARNINGS = {
    "rematch": gettext_lazy("revancha"), "score_gap": gettext_lazy("diferencia de puntaje"),
    "second_bye": gettext_lazy("segundo bye"), "fixed_table": gettext_lazy("mesa fija"),
}


def _seats(row: Mapping, roster: Roster) -> str:
    def who(seat):
        if not isinstance(seat, dict):
            return "—"
        return seat.get("name") or roster.name(seat.get("id"))
    if row.get("bye"):
        return who(row.get("a"))
    return f"{who(row.get('a'))} – {who(row.get('b'))}"


def _pairing_edit(entry, roster: Roster, _table) -> str:
    before = [t for t in entry.before.get("tables") or () if isinstance(t, dict)]
    after = [t for t in entry.after.get("tables") or () if isinstance(t, dict)]
    parts = []
    for old, new in zip(before, after):
        head = _("Bye") if new.get("bye") else _table_word(new.get("table"))
        parts.append(f"{head}: {_seats(old, roster)}{ARROW}{_seats(new, roster)}")
    text = "; ".join(parts) or "—"
    warnings = [str(_WARNINGS[w]) for w in entry.after.get("warnings") or () if w in _WARNINGS]
    if warnings:
        text += ". " + _("Confirmado con advertencias: %(list)s") % {"list": _join(warnings)}
    return text + "."


# --------------------------------------------------------------------------- players


def _player(entry) -> str:
    return entry.subject or "—"


def _number(entry) -> str:
    number = entry.after.get("player_number") or entry.before.get("player_number")
    return f"{_player(entry)} ({number})" if number else _player(entry)


def _registered(entry, roster: Roster, _table) -> str:
    after = entry.after
    if after.get("late_entry"):
        text = _("Inscripción tardía de %(player)s: juega desde la ronda %(n)s") % {
            "player": _number(entry), "n": after.get("joined_round")}
    else:
        text = _("Inscripción de %(player)s") % {"player": _number(entry)}
    if after.get("pack_indoor"):
        text += ", " + _("con el Pack Indoor")
    return text + "."


def _dropped(entry, roster: Roster, _table) -> str:
    after = entry.after
    rounds = _int(after.get("after_round")) or 0
    if rounds:
        text = _("%(player)s abandonó después de la ronda %(n)d") % {"player": _player(entry), "n": rounds}
    else:
        text = _("%(player)s abandonó antes de la ronda 1") % {"player": _player(entry)}
    if after.get("before_table"):
        text += "; " + _("no jugó su mesa de la ronda en curso: la pierde por ausencia")
    if after.get("self_drop"):
        text += "; " + _("lo pidió desde su teléfono")
    return text + "."


def _drop_undone(entry, roster: Roster, _table) -> str:
    rounds = _int(entry.before.get("after_round"))
    if rounds:
        return _("%(player)s vuelve al evento (había abandonado después de la ronda %(n)d).") % {
            "player": _player(entry), "n": rounds}
    return _("%(player)s vuelve al evento.") % {"player": _player(entry)}


def _present(value) -> str:
    return _("presente") if value else _("ausente")


def _checked_in(entry, roster: Roster, _table) -> str:
    return f"{_player(entry)}: {_present(entry.before.get('checked_in'))}{ARROW}" \
           f"{_present(entry.after.get('checked_in'))}."


def _deleted(entry, roster: Roster, _table) -> str:
    return _("Se borró la inscripción de %(player)s.") % {"player": _number(entry)}


def _fixed_table(entry, roster: Roster, _table) -> str:
    def table(value):
        return str(value) if _int(value) is not None else _("ninguna")
    return _("Mesa fija de %(player)s: %(before)s%(arrow)s%(after)s.") % {
        "player": _player(entry), "before": table(entry.before.get("fixed_table")), "arrow": ARROW,
        "after": table(entry.after.get("fixed_table"))}


def _pack_indoor(entry, roster: Roster, _table) -> str:
    def bought(value):
        return _("comprado") if value else _("sin comprar")
    text = _("%(player)s: Pack Indoor %(before)s%(arrow)s%(after)s") % {
        "player": _player(entry), "before": bought(entry.before.get("pack_indoor")), "arrow": ARROW,
        "after": bought(entry.after.get("pack_indoor"))}
    if entry.before.get("checked_in") and not entry.after.get("checked_in"):
        text += "; " + _("queda ausente")
    return text + "."


def _penalty_name(game: str, code) -> str:
    name = penalty_preview.penalty_label(game, str(code)) if code else ""
    return name if name and name != code else _("penalidad")


def _penalty(entry, roster: Roster, _table) -> str:
    game = roster.games.get(entry.event_id, "")
    after = entry.after
    infraction = after.get("infraction") or ""
    name = penalty_preview.infraction_name(game, infraction) if infraction else ""
    text = _("%(player)s: %(penalty)s") % {"player": _player(entry),
                                           "penalty": _penalty_name(game, after.get("penalty"))}
    if name and name != infraction:
        text += " " + _("por «%(infraction)s»") % {"infraction": name}
    sentences = [text + "."]
    codes = [c for c in after.get("consequences") or () if isinstance(c, str)]
    sentences += [label for code, label in zip(codes, penalty_preview.consequence_labels(codes)) if label != code]
    judges = [j for j in after.get("consulted_judges") or () if isinstance(j, str)]
    if judges:
        sentences.append(_("Jueces consultados: %(names)s.") % {"names": _join(judges)})
    return " ".join(sentences)


def _penalty_revised(entry, roster: Roster, _table) -> str:
    game = roster.games.get(entry.event_id, "")
    return f"{_player(entry)}: {_penalty_name(game, entry.before.get('penalty'))}{ARROW}" \
           f"{_penalty_name(game, entry.after.get('penalty'))}."


def _decklist_state(data: Mapping) -> str:
    if not data:
        return _("sin lista")
    parts = [_label(DecklistStatus, data.get("status"))]
    if _int(data.get("main_count")) is not None:
        n = data["main_count"]
        parts.append(ngettext("%(n)d carta", "%(n)d cartas", n) % {"n": n})
    if data.get("locked"):
        parts.append(_("bloqueada"))
    return _join(parts)


def _decklist(entry, roster: Roster, _table) -> str:
    return _("Lista de %(player)s: %(before)s%(arrow)s%(after)s.") % {
        "player": _player(entry), "before": _decklist_state(entry.before), "arrow": ARROW,
        "after": _decklist_state(entry.after)}


def _decklists_published(entry, roster: Roster, _table) -> str:
    ids = _ints(entry.after.get("registrations"))
    text = ngettext("Listas públicas del top (%(n)d jugador): %(names)s.",
                    "Listas públicas del top (%(n)d jugadores): %(names)s.", len(ids)) % {
        "n": len(ids), "names": _join(roster.name(r) for r in ids) or "—"}
    if _ints(entry.before.get("registrations")):
        text = _("Publicadas de nuevo.") + " " + text
    return text


def _preregistration(entry, roster: Roster, _table) -> str:
    before, after = entry.before, entry.after
    state = _label(PreRegistrationState, after.get("state"))
    if entry.action == "preregistration_create":
        return _("%(player)s se preinscribió: %(state)s.") % {"player": _number(entry), "state": state}
    if entry.action == "preregistration_promote":
        return _("%(player)s sale de la lista de espera: %(state)s.") % {"player": _number(entry), "state": state}
    text = _("Preinscripción de %(player)s: %(before)s%(arrow)s%(after)s") % {
        "player": _player(entry), "before": _label(PreRegistrationState, before.get("state")),
        "arrow": ARROW, "after": state}
    if after.get("late_entry"):
        text += "; " + _("inscripción tardía")
    if after.get("from_waitlist"):
        text += "; " + _("venía de la lista de espera")
    return text + "."


# --------------------------------------------------------------------------- settings and the generic text


def _setting_value(name: str, value, roster: Roster) -> str:
    """A setting as :func:`tournaments.services.events.setting_text` stored it, in words."""
    if value in ("", None):
        return _("ninguno")
    text = str(value)
    if name == "judges":
        return _join(roster.users.get(int(pk), _("usuario borrado")) for pk in text.split(",") if pk.isdigit())
    if name == "head_judge":
        return roster.users.get(int(text), _("usuario borrado")) if text.isdigit() else "—"
    if name == "format":
        return str(dict(format_choices()).get(text, "—"))
    if name in roster.related:
        return roster.related[name].get(text, "—")
    try:
        model_field = Event._meta.get_field(name)
    except FieldDoesNotExist:
        return "—"
    if model_field.choices:
        return str(dict((str(k), v) for k, v in model_field.flatchoices).get(text, "—"))
    kind = model_field.get_internal_type()
    if kind == "BooleanField":
        return _yes_no(text == "True")
    if kind == "DateTimeField":
        moment = _local(text)
        return f"{moment:%d/%m/%Y %H:%M}" if moment else "—"
    if kind == "DateField":
        try:
            return f"{datetime.date.fromisoformat(text):%d/%m/%Y}"
        except ValueError:
            return "—"
    if kind == "JSONField":
        try:
            data = json.loads(text)
        except ValueError:
            return "—"
        if isinstance(data, dict):
            return _join(f"{_ordinal(k)} {v}" for k, v in sorted(data.items(), key=lambda kv: str(kv[0]).zfill(3)))
        return _join(str(v) for v in data) if isinstance(data, list) else str(data)
    return text


def _setting_label(name: str) -> str | None:
    try:
        return capfirst(str(Event._meta.get_field(name).verbose_name))
    except FieldDoesNotExist:
        return None


def _settings(entry, roster: Roster, _table) -> str:
    parts, unknown = [], 0
    for name in sorted(set(entry.before) | set(entry.after)):
        label = _setting_label(name)
        if label is None:
            unknown += 1
            continue
        parts.append(f"{label}: {_setting_value(name, entry.before.get(name), roster)}{ARROW}"
                     f"{_setting_value(name, entry.after.get(name), roster)}")
    return _with_unknown("; ".join(parts), unknown)


def _with_unknown(text: str, unknown: int) -> str:
    if unknown:
        more = ngettext("%(n)d dato más cambió", "%(n)d datos más cambiaron", unknown) % {"n": unknown}
        text = f"{text}; {more}" if text else capfirst(more)
    return f"{text}." if text else _("Sin detalle.")


#: Keys the generic text knows, with their words and how a value reads.
def _generic_keys(roster: Roster) -> dict[str, tuple[str, Callable]]:
    def state(value):
        for choices in (EventState, RoundState, PreRegistrationState, MatchStatus, DecklistStatus):
            if value in dict(choices.choices):
                return _label(choices, value)
        return "—"
    return {
        "state": (_("estado"), state),
        "status": (_("estado"), state),
        "games": (_("resultado"), _score),
        "podium": (_("podio"), lambda v: _podium(v, roster)),
        "places": (_("puestos"), lambda v: _places(v, roster)),
        "checked_in": (_("presente"), _yes_no),
        "dropped": (_("abandonó"), _yes_no),
        "fixed_table": (_("mesa fija"), lambda v: str(v) if _int(v) is not None else _("ninguna")),
        "extra_minutes": (_("tiempo extra"), lambda v: _("%(n)s min") % {"n": _int(v) or 0}),
        "voided": (_("anulado"), _yes_no),
    }


def _generic(entry, roster: Roster, _table) -> str:
    """Any entry this module has no sentence for: the keys it knows, the count of the others."""
    known = _generic_keys(roster)
    parts, unknown = [], 0
    for key in sorted(set(entry.before) | set(entry.after)):
        if key not in known or key in ("round", "table", "players"):
            unknown += key not in ("round", "table", "players")
            continue
        label, read = known[key]
        old, new = entry.before.get(key), entry.after.get(key)
        parts.append(f"{capfirst(label)}: {read(old) if old is not None else '—'}{ARROW}"
                     f"{read(new) if new is not None else '—'}")
    return _with_unknown("; ".join(parts), unknown)


#: action → the sentence of its change; :func:`describe` falls back to :func:`_generic`.
DESCRIBERS: dict[str, Callable] = {
    "registration_open": _state_change(EventState),
    "registration_close": _state_change(EventState),
    "registration_create": _registered,
    "registration_drop": _dropped,
    "registration_drop_undo": _drop_undone,
    "registration_check_in": _checked_in,
    "registration_delete": _deleted,
    "registration_fixed_table": _fixed_table,
    "registration_pack_indoor": _pack_indoor,
    "round_pair_next": _paired,
    "round_repair": _paired,
    "round_pair_manual": _paired,
    "round_close": _state_change(RoundState),
    "top_cut_start": _paired,
    "event_finish": _finished,
    "event_podium_recompute": _podium_change,
    "event_void": _voided,
    "match_result_record": _match_result,
    "match_result_correct": _match_result,
    "pod_result_record": _pod_result,
    "pod_result_correct": _pod_result,
    "round_clock_start": _clock_text,
    "round_clock_pause": _clock_text,
    "round_clock_resume": _clock_text,
    "round_build_start": _clock_text,
    "round_build_end": _clock_text,
    "match_time_extend": _time_extend,
    "penalty_issue": _penalty,
    "penalty_revise": _penalty_revised,
    "pairing_swap": _pairing_edit,
    "pairing_move": _pairing_edit,
    "pairing_bye_give": _pairing_edit,
    "pairing_bye_take": _pairing_edit,
    "decklist_submit": _decklist,
    "decklists_publish": _decklists_published,
    "match_report_submit": _match_report,
    "pod_report_submit": _pod_report,
    "preregistration_create": _preregistration,
    "preregistration_cancel": _preregistration,
    "preregistration_promote": _preregistration,
    "preregistration_check_in": _preregistration,
    "event_settings_update": _settings,
}


# --------------------------------------------------------------------------- one entry


def _title(entry) -> str:
    labels = dict(EventLogAction.choices)
    if entry.action == "registration_check_in":
        return _("Marcado presente") if entry.after.get("checked_in") else _("Marcado ausente")
    if entry.action == "match_result_record" and entry.before:
        return _("Resultado cambiado")
    return str(labels[entry.action]) if entry.action in labels else _("Cambio en el evento")


def _round_of(entry) -> int | None:
    for data in (entry.after, entry.before):
        if _int(data.get("round")) is not None:
            return data["round"]
    if entry.action in PLAYER_SUBJECT or entry.action in EVENT_SUBJECT:
        return None
    found = _SUBJECT_ROUND.search(entry.subject or "")
    return int(found.group(1)) if found else None


def _tables_of(entry) -> tuple[int, ...]:
    if _int(entry.after.get("table")) is not None:
        return (entry.after["table"],)
    rows = [t for t in entry.after.get("tables") or () if isinstance(t, dict)] \
        if isinstance(entry.after.get("tables"), list) else []
    if rows:
        return tuple(sorted({t["table"] for t in rows if _int(t.get("table")) is not None and not t.get("bye")}))
    if entry.action in PLAYER_SUBJECT or entry.action in EVENT_SUBJECT:
        return ()
    found = _SUBJECT_TABLES.search(entry.subject or "")
    return tuple(int(t) for t in found.group(1).split(", ") if t.isdigit()) if found else ()


def _registrations_of(entry, roster: Roster) -> frozenset[int]:
    """Every registration the entry names: ids in its JSON, its player number, the player of its subject."""
    found: set[int] = set()
    for data in (entry.before, entry.after):
        found.update(_ints(data.get("players")))
        found.update(_ints(data.get("podium")))
        found.update(_ints(data.get("registrations")))
        found.update(_ints(data.get("absent")))
        if _int(data.get("registration")) is not None:
            found.add(data["registration"])
        for key in ("places", "placements", "pairs"):
            for row in data.get(key) or ():
                if isinstance(row, (list, tuple)):
                    found.update(_ints(row[:1] if key != "pairs" else row))
        for row in data.get("tables") or () if isinstance(data.get("tables"), list) else ():
            for seat in (row.get("a"), row.get("b")) if isinstance(row, dict) else ():
                if isinstance(seat, dict) and _int(seat.get("id")) is not None:
                    found.add(seat["id"])
        for conflict in data.get("fixed_table_conflicts") or ():
            if isinstance(conflict, dict):
                found.update(_ints([conflict.get("player"), conflict.get("kept_by")]))
        reseeded = data.get("reseeded")
        if isinstance(reseeded, dict):
            for pair in reseeded.get("pairs") or ():
                found.update(_ints(pair))
        number = data.get("player_number")
        if isinstance(number, str) and number in roster.by_number:
            found.add(roster.by_number[number])
    if entry.action in PLAYER_SUBJECT and entry.subject:
        name = entry.subject
        if entry.action == "decklist_submit" and name.endswith(")") and " (" in name:
            name, number = name[:-1].rsplit(" (", 1)
            if number in roster.by_number:
                found.add(roster.by_number[number])
        found.update(roster.by_name.get(name, ()))
    return frozenset(found)


def describe(entry, roster: Roster) -> LogLine:
    """One entry (an :class:`~tournaments.models.EventLogEntry`, or anything with its fields and
    ``event_id``, ``actor``) as a :class:`LogLine`, in the active language; no query."""
    table_numbers = _tables_of(entry)
    table = table_numbers[0] if table_numbers else None
    describer = DESCRIBERS.get(entry.action, _generic)
    try:
        change = describer(entry, roster, table)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):  # a hand-edited or foreign entry
        change = _generic(entry, roster, table)
    actor = getattr(entry, "actor", None)
    where = entry.subject or _("Evento")
    sides = _ints(entry.after.get("players")) if isinstance(entry.after.get("players"), list) else []
    if len(sides) == 2:
        where = f"{where} · {roster.name(sides[0])} – {roster.name(sides[1])}"
    return LogLine(
        pk=entry.pk, at=entry.at, actor=actor.get_username() if actor is not None else "",
        actor_id=getattr(entry, "actor_id", None), action=entry.action, title=_title(entry),
        where=where, change=change, reason=entry.reason or "", round=_round_of(entry),
        tables=table_numbers, registrations=_registrations_of(entry, roster),
    )


# --------------------------------------------------------------------------- loading


def _settings_ids(entries: Sequence, name: str) -> set[str]:
    found: set[str] = set()
    for entry in entries:
        if entry.action != "event_settings_update":
            continue
        for data in (entry.before, entry.after):
            found.update(p for p in str(data.get(name) or "").split(",") if p.isdigit())
    return found


def roster_for(entries: Sequence) -> Roster:
    """The :class:`Roster` of ``entries`` (of one event or several): a fixed number of queries.

    Registrations of every event of the entries, their events' games, the
    users and the games and venues that settings changes name.
    """
    events = {entry.event_id for entry in entries}
    names, numbers = {}, {}
    for rid, name, number in Registration.objects.filter(event_id__in=events).values_list(
            "pk", "player__display_name", "player__player_number"):
        names[rid], numbers[rid] = name, number
    games = dict(Event.objects.filter(pk__in=events).values_list("pk", "game__key"))
    user_ids = {int(pk) for pk in _settings_ids(entries, "judges") | _settings_ids(entries, "head_judge")}
    users = dict(get_user_model().objects.filter(pk__in=user_ids).values_list("pk", "username")) if user_ids else {}
    related = {}
    for name, model in (("game", Game), ("venue", Venue)):
        ids = _settings_ids(entries, name)
        if ids:
            related[name] = {str(pk): label for pk, label in model.objects.filter(pk__in=ids).values_list("pk", "name")}
    return Roster(names=names, numbers=numbers, users=users, games=games, related=related)


def describe_all(entries: Sequence) -> list[LogLine]:
    """``entries`` as lines, in the order given (one :func:`roster_for`)."""
    roster = roster_for(entries)
    return [describe(entry, roster) for entry in entries]


@dataclass(frozen=True)
class EventLog:
    """An event's log as read: ``lines`` newest first, and what the filters offer.

    ``rounds``: (number, label) of the event's rounds; ``tables``: the
    table numbers the log names; ``players``: (registration id, name) by
    name; ``actors``: (user id or :data:`NO_ACTOR`, name).
    """

    lines: list[LogLine]
    rounds: list[tuple[int, str]]
    tables: list[int]
    players: list[tuple[int, str]]
    actors: list[tuple[int | str, str]]

    def filtered(self, filters: LogFilters) -> list[LogLine]:
        """The lines ``filters`` keeps, newest first."""
        return [line for line in self.lines if _keeps(line, filters)]


def _keeps(line: LogLine, f: LogFilters) -> bool:
    if f.round is not None and line.round != f.round:
        return False
    if f.table is not None and f.table not in line.tables:
        return False
    if f.registration is not None and f.registration not in line.registrations:
        return False
    if f.actor == NO_ACTOR:
        return line.actor_id is None
    return f.actor is None or line.actor_id == f.actor


def event_log_lines(event: Event) -> EventLog:
    """The whole log of ``event``, newest first (``at``, then id), described; a fixed number of queries."""
    entries = list(EventLogEntry.objects.filter(event=event).select_related("actor").order_by("-at", "-pk"))
    roster = roster_for(entries) if entries else Roster()
    lines = [describe(entry, roster) for entry in entries]
    rounds = [(n, round_label(SimpleNamespace(number=n, phase=phase, stage=stage), numbered=True))
              for n, phase, stage in Round.objects.filter(event=event).order_by("number").values_list(
                  "number", "phase", "stage")]
    named = {rid for line in lines for rid in line.registrations}
    players = sorted(((rid, name) for rid, name in roster.names.items() if rid in named),
                     key=lambda p: collation_key(p[1]))
    actors = sorted({(line.actor_id, line.actor) for line in lines if line.actor_id is not None},
                    key=lambda a: a[1].casefold())
    if any(line.actor_id is None for line in lines):
        actors.append((NO_ACTOR, _("Sin usuario (un comando o una tarea)")))
    tables = sorted({t for line in lines for t in line.tables})
    return EventLog(lines=lines, rounds=rounds, tables=tables, players=players, actors=actors)


__all__ = [
    "DESCRIBERS", "NO_ACTOR", "EventLog", "LogFilters", "LogLine", "Roster", "describe", "describe_all",
    "event_log_lines", "roster_for",
]
