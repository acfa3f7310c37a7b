"""An event file re-checked by this server's own rules before and after it is written (issue #26 point 1).

DESIGN.md decision 24: a venue's file is evidence, not truth. Nothing here
is a second copy of a rule: every value is checked by the field it would be
stored in (its choices, limits and validators, :func:`_fields`), every
match result by :func:`tournaments.services.results.match_result_validate`
(the function a judge's entry and a correction pass through: best-of,
tardiness, double loss, the top cut's winner) and the stored outcome must be
the one it returns; the lifecycle order (rounds numbered from 1, only the
last one open, no rounds before the Swiss, no top cut before it, nobody
paired after dropping) follows :class:`tournaments.enums.EventState`;
tables are seated as the database keeps them (a player at one table a
round, each table number once, a bye alone, a pod's seats numbered from 1,
its entries placing exactly its seated players); and the podium of a
finished event is derived by the format
(:func:`tournaments.services.corrections.podium_now`, which refuses missing
rounds or results) and compared with the file's, never read from it.

Each problem is a Spanish line that starts with the path of the value it is
about (``rounds[1].matches[3].games_a: …``).
"""
from __future__ import annotations

from typing import Any

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import models
from django.utils.translation import gettext as _

from rules.penalties.core import PenaltyType

from ..enums import EventKind, EventState, MatchOutcome, RoundPhase, RoundState
from ..errors import ArenaError, IllegalResult
from ..formats.base import PLACE_RESULTS
from ..models import Event, Penalty, Player, Registration, ResultEntry, Round, Seat, Table
from ..services.corrections import podium_now
from ..services.results import match_result_validate
from ..swiss.types import Outcome
from . import fileformat as ff

#: Event states before any round is paired.
_BEFORE_ROUNDS = frozenset({EventState.DRAFT, EventState.REGISTRATION, EventState.CLOSED})

_MINUTES_LATE = models.PositiveSmallIntegerField(null=True, blank=True)
#: The file's values a table or an entry does not hold itself, by the field that stores them: a match's games
#: and ``how`` are its seats' (:class:`Seat`); an entry's are in its ``seats`` (minutes late: whole minutes or
#: none); ``rematch`` is stored as ``repeats`` (true or false); a pod's ``ended_by_time`` is ``went_to_time``.
_STORED_AS = {
    "games_a": Seat._meta.get_field("games"), "games_b": Seat._meta.get_field("games"),
    "how_a": Seat._meta.get_field("how"), "how_b": Seat._meta.get_field("how"),
    "minutes_late_a": _MINUTES_LATE, "minutes_late_b": _MINUTES_LATE,
    "rematch": models.BooleanField(), "ended_by_time": Table._meta.get_field("went_to_time"),
}
#: A match's result entry always has an outcome (only a pod's leaves it blank).
_MATCH_ENTRY_AS = {"outcome": models.CharField(max_length=12, choices=MatchOutcome.choices)}
#: A pod always has its table number (a bye, which has none, is never a pod).
_POD_AS = {"table_number": models.PositiveSmallIntegerField()}
_FLAG = models.BooleanField()


def _flag(value: Any) -> bool | None:
    """``value`` as a boolean field reads it; ``None`` when it is not one (the field check names it)."""
    try:
        return _FLAG.to_python(value)
    except ValidationError:
        return None


def _fields(model, row: dict, names, path: str, problems: list[str], stored_as: dict | None = None) -> None:
    """Check each value of ``row`` named in ``names`` as the field that would store it (``stored_as``, then
    :data:`_STORED_AS`, then ``model``'s own)."""
    for name in names:
        if name not in row:
            continue
        try:
            field = (stored_as or {}).get(name) or _STORED_AS.get(name) or model._meta.get_field(name)
        except FieldDoesNotExist:  # pragma: no cover - the lists in fileformat name real fields
            continue
        value = row[name]
        if (value is None and field.null) or (value in ("", [], {}) and not field.choices):
            continue  # empty is what the services themselves store (blank is a form rule)
        if value is None or (isinstance(value, bool) and field.get_internal_type() != "BooleanField"):
            problems.append(_("%(path)s.%(name)s: valor no válido (%(value)r).")
                            % {"path": path, "name": name, "value": value})
            continue
        try:
            field.clean(value, None)
        except ValidationError as exc:
            problems.append(_("%(path)s.%(name)s: %(value)r no es válido: %(why)s")
                            % {"path": path, "name": name, "value": value, "why": " ".join(exc.messages)})


def _choice(value: Any, allowed, path: str, what: str, problems: list[str]) -> bool:
    if value in allowed:
        return True
    problems.append(_("%(path)s: «%(value)s» no es %(what)s que conozca este servidor.")
                    % {"path": path, "value": value, "what": what})
    return False


def document_problems(doc: dict[str, Any]) -> list[str]:
    """Every problem of ``doc`` (already :func:`fileformat.check`-ed) that can be seen before writing it."""
    problems: list[str] = []
    ev = doc["event"]
    settings = ev["settings"]
    _choice(ev["kind"], EventKind.values, "event.kind", _("un tipo de evento"), problems)
    state = settings.get("state", EventState.DRAFT)
    known_state = _choice(state, EventState.values, "event.settings.state", _("un estado de evento"), problems)
    _fields(Event, settings, [n for n in ff.EVENT_SETTINGS if n != "format"], "event.settings", problems)
    _fields(Event, ev, ("name",), "event", problems)
    if "revision" in ev and (not isinstance(ev["revision"], int) or isinstance(ev["revision"], bool)
                             or ev["revision"] < 0):
        problems.append(_("event.revision: se esperaba un entero no negativo."))
    if "demo" in ev and not isinstance(ev["demo"], bool):
        problems.append(_("event.demo: se esperaba verdadero o falso."))

    seen: dict[str, int] = {}
    for i, row in enumerate(doc["players"]):
        path = f"players[{i}]"
        _fields(Player, row, ("player_number", "display_name"), path, problems)
        if row["player_number"] in seen:
            problems.append(_("%(path)s: el jugador %(number)s ya figura en players[%(first)d].")
                            % {"path": path, "number": row["player_number"], "first": seen[row["player_number"]]})
        seen.setdefault(row["player_number"], i)
    registered: dict[str, int] = {}
    for i, row in enumerate(doc["registrations"]):
        path = f"registrations[{i}]"
        _fields(Registration, row, ff.REGISTRATION_FIELDS, path, problems)
        if row["player"] in registered:
            problems.append(_("%(path)s: el jugador %(number)s ya está inscripto en registrations[%(first)d].")
                            % {"path": path, "number": row["player"], "first": registered[row["player"]]})
        registered.setdefault(row["player"], i)
    dropped_after = {row["player"]: row.get("dropped_after_round") for row in doc["registrations"]
                     if row.get("dropped") and isinstance(row.get("dropped_after_round"), int)}

    rounds = doc["rounds"]
    if known_state and rounds and state in _BEFORE_ROUNDS:
        problems.append(_("event.settings.state: un evento en «%(state)s» no puede tener rondas (el archivo trae "
                          "%(n)d).") % {"state": EventState(state).label, "n": len(rounds)})
    swiss = sum(1 for rnd in rounds if rnd.get("phase", RoundPhase.SWISS) == RoundPhase.SWISS)
    planned = settings.get("planned_rounds")
    if state in (EventState.TOP_CUT, EventState.FINISHED) and isinstance(planned, int) and swiss < planned:
        problems.append(_("rounds: el evento figura en «%(state)s» con %(played)d de sus %(planned)d rondas suizas.")
                        % {"state": EventState(state).label, "played": swiss, "planned": planned})
    best_of = settings.get("best_of", 3)
    probe_event = Event(best_of=best_of if best_of in (1, 3) else 3)
    format_probe = _format_probe(ev, settings)
    pod_probe = format_probe if format_probe and format_probe[0].table_results == PLACE_RESULTS else None
    tables_key = ("pods" if pod_probe else "matches") if format_probe else None  # the file's key of its tables
    for i, rnd in enumerate(rounds):
        path = f"rounds[{i}]"
        _fields(Round, rnd, ff.ROUND_FIELDS, path, problems)
        if rnd["number"] != i + 1:
            problems.append(_("%(path)s.number: se esperaba la ronda %(n)d (las rondas van en orden desde 1).")
                            % {"path": path, "n": i + 1})
        if rnd.get("state") == RoundState.PAIRED and (i + 1 < len(rounds) or state == EventState.FINISHED):
            problems.append(_("%(path)s.state: sólo la última ronda de un evento en curso puede estar abierta.")
                            % {"path": path})
        if rnd.get("phase") == RoundPhase.TOP_CUT and known_state and state not in (EventState.TOP_CUT,
                                                                                     EventState.FINISHED):
            problems.append(_("%(path)s.phase: un evento en «%(state)s» no tiene reducido.")
                            % {"path": path, "state": EventState(state).label})
        for key in ("matches", "pods"):
            if tables_key and key != tables_key and rnd[key]:
                problems.append(_("%(path)s.%(key)s: «%(format)s» juega sus mesas en «%(tables)s».")
                                % {"path": path, "key": key, "format": format_probe[0].label, "tables": tables_key})
        probe_round = Round(phase=rnd.get("phase") if rnd.get("phase") in RoundPhase.values else RoundPhase.SWISS)
        in_round: set[str] = set()
        numbers: dict[int, str] = {}
        for j, m in enumerate(rnd["matches"]):
            mpath = f"{path}.matches[{j}]"
            _table_number(m, mpath, numbers, problems)
            for side in ("player_a", "player_b"):
                number = m.get(side)
                if number is None and side == "player_b":
                    continue
                if number not in registered:
                    problems.append(_("%(path)s.%(side)s: «%(number)s» no está inscripto en el evento.")
                                    % {"path": mpath, "side": side, "number": number})
                    continue
                if number in in_round:
                    problems.append(_("%(path)s.%(side)s: %(number)s juega dos mesas en la misma ronda.")
                                    % {"path": mpath, "side": side, "number": number})
                in_round.add(number)
                after = dropped_after.get(number)
                if after is not None and rnd["number"] > after:
                    problems.append(_("%(path)s.%(side)s: %(number)s dejó el torneo después de la ronda %(after)d y "
                                      "no puede jugar la ronda %(n)d.")
                                    % {"path": mpath, "side": side, "number": number, "after": after,
                                       "n": rnd["number"]})
            _fields(Table, m, ff.MATCH_FIELDS, mpath, problems)
            bye = _flag(m.get("is_bye", False))
            if bye is not None and bye == bool(m.get("player_b")):
                problems.append(_("%(path)s.player_b: un bye es una mesa de un solo jugador y cualquier otra mesa "
                                  "tiene dos.") % {"path": mpath})
            entries = m.get("entries", [])
            for k, e in enumerate(entries):
                epath = f"{mpath}.entries[{k}]"
                _fields(ResultEntry, e, ff.RESULT_FIELDS, epath, problems, _MATCH_ENTRY_AS)
                _result(probe_event, probe_round, e, e, epath, problems)
            late = entries[-1] if entries else {}
            _result(probe_event, probe_round, m, late, mpath, problems)
        for j, pod in enumerate(rnd["pods"]):
            ppath = f"{path}.pods[{j}]"
            _fields(Table, pod, ff.POD_FIELDS, ppath, problems, _POD_AS)
            _table_number(pod, ppath, numbers, problems)
            seated = sorted((seat.get("player") for seat in pod.get("seats", [])), key=str)
            for k, seat in enumerate(pod.get("seats", [])):
                spath = f"{ppath}.seats[{k}]"
                _fields(Seat, seat, ("seat", "place", "score"), spath, problems)
                number = seat.get("player")
                if number not in registered:
                    problems.append(_("%(path)s.pods[%(j)d].seats[%(k)d].player: «%(number)s» no está inscripto "
                                      "en el evento.") % {"path": path, "j": j, "k": k, "number": number})
                    continue
                if number in in_round:
                    problems.append(_("%(path)s.%(side)s: %(number)s juega dos mesas en la misma ronda.")
                                    % {"path": spath, "side": "player", "number": number})
                in_round.add(number)
            _seat_numbers(pod.get("seats", []), ppath, problems)
            for k, e in enumerate(pod.get("entries", [])):
                epath = f"{ppath}.entries[{k}]"
                _fields(ResultEntry, e, ("version", "ended_by_time", "source"), epath, problems)
                lines = e.get("placements")
                if not isinstance(lines, list) or not all(isinstance(line, list) and 2 <= len(line) <= 3
                                                          for line in lines):
                    problems.append(_("%(path)s.placements: se esperaba [jugador, puesto, puntaje] por asiento.")
                                    % {"path": epath})
                    continue
                for n, line in enumerate(lines):
                    _fields(Seat, dict(zip(("place", "score"), line[1:], strict=False)), ("place", "score"),
                            f"{epath}.placements[{n}]", problems)
                if sorted((line[0] for line in lines), key=str) != seated:
                    problems.append(_("%(path)s.placements: los puestos tienen que nombrar una vez a cada jugador "
                                      "sentado en la mesa.") % {"path": epath})
            _places(pod_probe, pod, ppath, problems)
    for i, p in enumerate(doc["penalties"]):
        path = f"penalties[{i}]"
        if p.get("player") not in registered:
            problems.append(_("%(path)s.player: «%(number)s» no está inscripto en el evento.")
                            % {"path": path, "number": p.get("player")})
        for name in ("penalty_type", "original_type"):
            if p.get(name):
                _choice(p[name], PenaltyType.__members__.values(), f"{path}.{name}", _("una penalidad"), problems)
        _fields(Penalty, p, [n for n in ff.PENALTY_FIELDS if n not in ("penalty_type", "original_type")], path,
                problems)
    return problems


def _table_number(row: dict, path: str, seen: dict[int, str], problems: list[str]) -> None:
    """A table number is used once in a round (a bye has none)."""
    number = row.get("table_number")
    if number is None or not isinstance(number, int) or isinstance(number, bool):
        return
    if number in seen:
        problems.append(_("%(path)s.table_number: la mesa %(n)d ya figura en %(first)s.")
                        % {"path": path, "n": number, "first": seen[number]})
    seen.setdefault(number, path)


def _seat_numbers(seats: list, path: str, problems: list[str]) -> None:
    """A pod's seats are numbers from 1, each once (the order the table sits in)."""
    numbers = [seat.get("seat") for seat in seats]
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in numbers) or \
            len(set(numbers)) != len(numbers):
        problems.append(_("%(path)s.seats: los asientos son números desde 1, cada uno una vez.") % {"path": path})


def _format_probe(ev: dict, settings: dict) -> tuple[Any, Event] | None:
    """``(format, event)`` the file's event is played in, or ``None`` when its game or format is unknown
    (named elsewhere)."""
    from rules.models import Game

    from ..formats import FORMATS, format_for_profile

    game = Game.objects.filter(key=ev.get("game")).first()
    if game is None:
        return None
    probe = Event(game=game, best_of=1)
    key = settings.get("format")
    fmt = FORMATS.get(key) if key else format_for_profile(probe.profile)
    return (fmt, probe) if fmt is not None else None


def _places(pod_probe, pod: dict, path: str, problems: list[str]) -> None:
    """Check a pod's stored places and scores by the format's own :meth:`result_check` (the judge's rule:
    places 1..n with ties shared, places by score where the game says so); a pod without places is pending."""
    seats = pod.get("seats", [])
    if pod_probe is None or not seats or any(seat.get("place") is None for seat in seats):
        return
    fmt, event = pod_probe
    lines = [(seat.get("player"), seat.get("place"), seat.get("score")) for seat in seats]
    table = type("FileTable", (), {"table_number": pod.get("table_number") or 0})()
    try:
        fmt.result_check(event, table, [line[0] for line in lines], lines,
                         ended_by_time=bool(pod.get("ended_by_time")))
    except (IllegalResult, TypeError, ValueError) as exc:
        problems.append(f"{path}.seats: {getattr(exc, 'message', exc)}")


def _result(event: Event, rnd: Round, row: dict, late: dict, path: str, problems: list[str]) -> None:
    """Check one stored result (a match or one of its entries) by :func:`match_result_validate`."""
    outcome = row.get("outcome") or ""
    if not outcome:
        return
    if outcome not in MatchOutcome.values:
        return  # the field check already named it
    if outcome == Outcome.BYE or row.get("is_bye"):
        if outcome != Outcome.BYE or ("is_bye" in row and (not row["is_bye"] or row.get("player_b"))):
            problems.append(_("%(path)s.outcome: sólo una mesa de bye (un solo jugador) tiene resultado «bye».")
                            % {"path": path})
        return
    games = {n: row.get(n) for n in ("games_a", "games_b", "games_drawn")}
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in games.values()):
        problems.append(_("%(path)s: las partidas tienen que ser números enteros.") % {"path": path})
        return
    try:
        stored = match_result_validate(
            event=event, rnd=rnd, **games,
            minutes_late_a=late.get("minutes_late_a"), minutes_late_b=late.get("minutes_late_b"),
            double_loss=outcome == Outcome.DOUBLE_LOSS, provisional=row.get("status") == "pending",
            intentional_draw=bool(row.get("intentional_draw")), went_to_time=bool(row.get("went_to_time")),
            how_a=row.get("how_a"), how_b=row.get("how_b"))
    except IllegalResult as exc:
        problems.append(f"{path}.{getattr(exc, 'field', 'games_a')}: {exc.message}")
        return
    expected = dict(zip(("games_a", "games_b", "games_drawn"), stored[:3], strict=True))
    for name, value in expected.items():
        if games[name] != value:
            problems.append(_("%(path)s.%(name)s: el archivo dice %(file)d y las reglas dan %(rule)d.")
                            % {"path": path, "name": name, "file": games[name], "rule": value})
            return
    if str(stored[3]) != outcome:
        problems.append(_("%(path)s.outcome: el archivo dice «%(file)s» pero las partidas %(a)d-%(b)d-%(d)d dan "
                          "«%(rule)s».") % {"path": path, "file": outcome, "a": games["games_a"],
                                            "b": games["games_b"], "d": games["games_drawn"], "rule": stored[3]})


def derived_problems(event: Event, doc: dict[str, Any], number_of: dict[int, str]) -> tuple[list[str], Any]:
    """``(problems, podium)`` of the written ``event``: the podium the results give, compared with the file's.

    ``number_of`` maps this server's registration ids to player numbers.
    A finished event whose rounds or results are missing (the format's
    finish refuses it) is a problem on ``event.settings.state``; a podium
    in the file of an event that is not finished, or one that differs from
    the derived one, on ``event.podium``. ``podium`` is the derived
    :class:`~tournaments.swiss.topcut.Podium`, ``None`` when not finished.
    """
    problems: list[str] = []
    claimed = list(doc["event"].get("podium") or [])
    claimed = (claimed + [None, None, None])[:3]
    if event.state != EventState.FINISHED:
        if any(claimed):
            problems.append(_("event.podium: un evento que no terminó no tiene podio."))
        return problems, None
    try:
        podium = podium_now(event)
    except ArenaError as exc:
        problems.append(_("event.settings.state: el evento figura finalizado pero %(why)s")
                        % {"why": exc.message[:1].lower() + exc.message[1:]})
        return problems, None
    derived = [number_of.get(rid) if rid else None for rid in podium.as_tuple()]
    if derived != claimed:
        problems.append(_("event.podium: el archivo dice %(file)s y los resultados dan %(rule)s.")
                        % {"file": ", ".join(str(n or "—") for n in claimed),
                           "rule": ", ".join(str(n or "—") for n in derived)})
    return problems, podium
