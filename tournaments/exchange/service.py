"""Import (publish) an event file into this installation: :func:`event_import`.

DESIGN.md decision 24: the file is evidence, not truth. In order, in one
transaction (nothing is written unless everything is):

1. its checksum and the venue's signature (:mod:`.signing`), before anything
   else is read; an unsigned file only with ``unsigned=True`` (the operator's
   ``event_import --unsigned``);
2. its outline (:func:`.fileformat.check`), the caller's right to publish the
   venue, and every value, result, round and drop re-checked by this
   server's own fields and services (:func:`.validate.document_problems`);
3. the event row locked by its uid (:func:`~tournaments.services.locks.event_lock_by_uid`),
   then its players: an event this server runs itself (``origin`` empty) is
   never overwritten; a file older than the copy (``event.revision`` below
   ``source_revision``) is refused; a demo event is refused on a real
   installation; the same day under another uid is refused unless the file
   ``replaces`` it (the old one is voided); a penalty or a result version the
   copy holds and the file lacks refuses the publish, naming each
   (:func:`_national_only`) — the organizer settles it at the venue;
4. the copy's rows replaced by the file's (idempotent by ``event.uid``;
   players matched by ``player_number``, created when unknown; a known
   number whose name differs is a conflict; users matched by username, an
   unknown one created as an inactive placeholder account);
5. the podium derived by the format (:func:`.validate.derived_problems`) and
   compared with the file's; league points follow through
   :func:`tournaments.hooks.event_finished`, never read from the file.

How each seat ended (played, absent, late, penalty) is re-read against the
stored score, or derived for a file written before it was carried
(:func:`_seat_hows_read`).
"""
from __future__ import annotations

import copy
import uuid
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.models import DeckCheck, Decklist, Game

from .. import hooks, stamps
from ..enums import EventState, SeatOutcomeHow
from ..errors import ArenaError, IllegalResult, NotAllowed
from ..formats import FORMATS
from ..models import (
    Event,
    EventLogEntry,
    MatchRuling,
    Penalty,
    PenaltyRevision,
    Player,
    Registration,
    ResultEntry,
    Round,
    Seat,
    Table,
    TableReport,
    Venue,
)
from ..services.installation import installation_is_production
from ..services.locks import event_lock_by_uid, players_lock
from ..services.results import seat_hows
from ..services.voiding import event_void_replaced
from ..swiss.types import Outcome
from . import fileformat as ff
from . import signing, validate


class ImportRefused(ArenaError):
    """The file cannot be imported; ``problems`` lists every reason (``"players[3]: …"``); nothing was written."""

    status = 400

    def __init__(self, code: str, message: str, problems: list[str] | None = None) -> None:
        super().__init__(code, message)
        self.problems = problems or [message]


@dataclass
class ImportResult:
    """What an import did: the event, whether it was new, the players created and the names kept."""

    event: Event
    created: bool
    players_created: list[str] = field(default_factory=list)
    names_kept: list[str] = field(default_factory=list)


def _refused_count(n: int) -> str:
    """The refusal's headline: how many problems kept the file out."""
    return ngettext("No se importó nada: %(n)d problema.", "No se importó nada: %(n)d problemas.", n) % {"n": n}


def _dt(value: str | None):
    return datetime.fromisoformat(value) if value else None


def _d(value: str | None):
    return date.fromisoformat(value) if value else None


def _venue(spec: dict | None, venues: dict[tuple[str, str], Venue]) -> Venue | None:
    if not spec:
        return None
    return venues.get((spec.get("name"), spec.get("province")))


def _where(path: str, text: str | None) -> str:
    line = ff.line_of(text, path) if text else None
    return f"{path} (línea {line})" if line else path


#: Penalty consequences that end a match (:mod:`rules.penalties`).
_FORFEITS = frozenset({"lose_match_0_2", "forfeit_match", "disqualify_from_event"})


def _old_file_hows(entry: dict, previous_games: int, penalties: list[dict], player_a: str) -> tuple[str, str]:
    """How the seats of a result entry of a file written before issue #25 ended, from what it stores.

    As the participation rule read such rows: more than 10 minutes late is
    ``late``, a double loss ``absent`` for both; and, for an entry a penalty
    wrote (its note starts "Penalidad:"), the penalized player who lost
    without a game is ``late`` for tardiness, ``absent`` for a no-show,
    ``penalty`` for another forfeit before any game was played (the same
    reading as migration ``0025_seat_outcome_how``).
    """
    hows = list(seat_hows(outcome=Outcome(entry["outcome"]), minutes_late_a=entry.get("minutes_late_a"),
                          minutes_late_b=entry.get("minutes_late_b")))
    if not str(entry.get("note", "")).startswith("Penalidad:"):
        return str(hows[0]), str(hows[1])
    for p in penalties:
        consequences = set(p.get("consequences") or ())
        if not consequences & _FORFEITS:
            continue
        i = 0 if p.get("player") == player_a else 1
        own, other = (entry["games_a"], entry["games_b"])[i], (entry["games_b"], entry["games_a"])[i]
        if own or not other or hows[i] != SeatOutcomeHow.PLAYED:
            continue
        if p.get("infraction_code") == "tardiness" and "lose_match_0_2" in consequences:
            hows[i] = SeatOutcomeHow.LATE
        elif p.get("infraction_code") == "no_show":
            hows[i] = SeatOutcomeHow.ABSENT
        elif previous_games == 0:
            hows[i] = SeatOutcomeHow.PENALTY
    return str(hows[0]), str(hows[1])


def _seat_hows_read(doc: dict[str, Any], problems: list[str]) -> dict[str, Any]:
    """``doc`` with every match, entry and pod seat's ``how`` checked, or derived when the file lacks it.

    A carried value is re-read against the stored score
    (:func:`~tournaments.services.results.seat_hows`: an absent player
    cannot have won, "late" needs more than 10 minutes); each refusal is
    added to ``problems`` with its path. Returns a copy; ``doc`` is left as
    it was.
    """
    doc = copy.deepcopy(doc)
    by_match: dict[tuple, list[dict]] = {}
    for prow in doc.get("penalties", []):
        if prow.get("match"):
            by_match.setdefault(tuple(prow["match"]), []).append(prow)

    def check(row: dict, path: str) -> None:
        if not row.get("outcome") or row["outcome"] == "bye":
            if any(row.get(n, SeatOutcomeHow.PLAYED) != SeatOutcomeHow.PLAYED for n in ff.SEAT_HOW_FIELDS):
                problems.append(_("%(path)s: una mesa sin resultado no puede tener un jugador ausente.")
                                % {"path": path})
            return
        try:
            seat_hows(outcome=Outcome(row["outcome"]), minutes_late_a=row.get("minutes_late_a"),
                      minutes_late_b=row.get("minutes_late_b"), how_a=row.get("how_a"), how_b=row.get("how_b"))
        except IllegalResult as exc:
            problems.append(f"{path}: {exc}")

    for i, rnd in enumerate(doc["rounds"]):
        for j, m in enumerate(rnd["matches"]):
            path = f"rounds[{i}].matches[{j}]"
            entries = m.get("entries", [])
            previous = 0
            for k, e in enumerate(entries):
                if all(n in e for n in ff.SEAT_HOW_FIELDS):
                    check(e, f"{path}.entries[{k}]")
                else:
                    e["how_a"], e["how_b"] = _old_file_hows(e, previous, by_match.get((rnd["number"], m["player_a"]),
                                                                                     []), m["player_a"])
                previous = e["games_a"] + e["games_b"] + e["games_drawn"]
            if all(n in m for n in ff.SEAT_HOW_FIELDS):
                minutes = {n: entries[-1].get(n) for n in ("minutes_late_a", "minutes_late_b")} if entries else {}
                check({**m, **minutes}, path)
            elif entries:
                m["how_a"], m["how_b"] = entries[-1]["how_a"], entries[-1]["how_b"]
        for j, pod in enumerate(rnd["pods"]):
            for k, seat in enumerate(pod.get("seats", [])):
                if seat.setdefault("how", SeatOutcomeHow.PLAYED) not in SeatOutcomeHow.values:
                    problems.append(_("rounds[%(i)d].pods[%(j)d].seats[%(k)d]: «%(value)s» no es una forma de "
                                      "terminar la mesa.") % {"i": i, "j": j, "k": k, "value": seat["how"]})
    return doc


#: Log actions whose change the penalty and result checks above already name (or that follow from it).
_NAMED_ABOVE = frozenset({"penalty_issue", "match_result_record", "match_result_correct", "pod_result_record",
                          "pod_result_correct", "event_podium_recompute"})


def _national_only(event: Event, doc: dict[str, Any]) -> list[str]:
    """What the national copy of ``event`` holds and the file lacks: its penalties, result entries and
    the log rows of any other change made here (matched by action and time).

    Publishing replaces the copy with the file, so a record made here in
    between (a penalty a national judge issued, a result corrected here)
    would be lost in silence; instead the publish is refused naming each,
    for the organizer to settle at the venue (record it there too and
    publish again) — DESIGN.md decision 24. Penalties are matched by player,
    infraction and time; entries by round, player A (a pod's first seat) and version.
    """
    conflicts: list[str] = []
    in_file = {(p.get("player"), p.get("infraction_code"), _dt(p.get("issued_at"))) for p in doc["penalties"]}
    for p in Penalty.objects.filter(event=event).select_related("registration__player").order_by("issued_at", "pk"):
        if (p.registration.player.player_number, p.infraction_code, p.issued_at) not in in_file:
            conflicts.append(_("penalties: la copia de este servidor tiene una penalidad a %(number)s (%(what)s, "
                               "%(at)s) que el archivo no trae; cargala en la sede y volvé a publicar.")
                             % {"number": p.registration.player.player_number, "what": p.infraction_code,
                                "at": p.issued_at.isoformat()})
    entries = {(rnd["number"], m["player_a"], e.get("version")) for rnd in doc["rounds"] for m in rnd["matches"]
               for e in m.get("entries", [])}
    entries |= {(rnd["number"], min(pod["seats"], key=lambda s: s["seat"])["player"], e.get("version"))
                for rnd in doc["rounds"] for pod in rnd["pods"] if pod.get("seats") for e in pod.get("entries", [])}
    for e in (ResultEntry.objects.filter(table__round__event=event).select_related("table__round")
              .prefetch_related("table__seats__registration__player").order_by("table__round__number", "pk")):
        seats = e.table.seat_list
        key = (e.table.round.number, seats[0].registration.player.player_number if seats else None, e.version)
        if key in entries:
            continue
        values = {"v": e.version, "table": e.table.table_number, "round": e.table.round.number}
        if e.outcome:
            conflicts.append(_("rounds: la copia de este servidor tiene el resultado %(a)d-%(b)d (versión %(v)d) de la "
                               "mesa %(table)s de la ronda %(round)d que el archivo no trae; cargalo en la sede y "
                               "volvé a publicar.") % {"a": e.games_a, "b": e.games_b, **values})
        else:
            conflicts.append(_("rounds: la copia de este servidor tiene los puestos (versión %(v)d) de la mesa "
                               "%(table)s de la ronda %(round)d que el archivo no trae; cargalos en la sede y volvé "
                               "a publicar.") % values)
    # Any other change recorded here (a setting, a drop, a check-in): its log row, matched by action and time.
    logged = {(row.get("action"), _dt(row.get("at"))) for row in doc["log"]}
    for entry in EventLogEntry.objects.filter(event=event).order_by("at", "pk"):
        if (entry.action, entry.at) not in logged and entry.action not in _NAMED_ABOVE:
            conflicts.append(_("log: la copia de este servidor registra «%(what)s» (%(subject)s, %(at)s) que el "
                               "archivo no trae; hacelo también en la sede y volvé a publicar.")
                             % {"what": entry.get_action_display(), "subject": entry.subject or "—",
                                "at": entry.at.isoformat()})
    return conflicts


def _delete_children(event: Event) -> None:
    """Remove what the event's import replaces, in an order the PROTECT/RESTRICT links allow."""
    regs = Registration.objects.filter(event=event)
    DeckCheck.objects.filter(registration__event=event).delete()
    Decklist.objects.filter(registration__event=event).delete()
    PenaltyRevision.objects.filter(penalty__event=event).delete()
    Penalty.objects.filter(event=event).delete()
    MatchRuling.objects.filter(registration__event=event).delete()
    TableReport.objects.filter(registration__event=event).delete()
    Seat.objects.filter(round__event=event).delete()
    Table.objects.filter(round__event=event).delete()
    Round.objects.filter(event=event).delete()
    EventLogEntry.objects.filter(event=event).delete()
    Event.objects.filter(pk=event.pk).update(podium_first=None, podium_second=None, podium_third=None)
    regs.delete()


def _keep_times(objs: list, pairs: list[tuple[str, Any]]) -> None:
    """Put back the file's timestamps that ``auto_now_add`` replaced on create (bulk_update skips pre_save)."""
    if not objs:
        return
    names = sorted({name for name, _value in pairs})
    for obj, (name, value) in zip(objs, pairs, strict=True):
        if value is not None:
            setattr(obj, name, value)
    type(objs[0]).objects.bulk_update(objs, names)


#: A file's boolean as the model field it was stored in reads it (``"false"`` is false).
_FLAG = models.BooleanField()


def _seat_entry(registration_id: int, *, games: int = 0, place=None, score=None, how=SeatOutcomeHow.PLAYED,
                minutes_late=None) -> dict[str, Any]:
    """One seat of a :class:`ResultEntry`'s ``seats``."""
    return {"registration": registration_id, "games": games, "place": place, "score": score, "how": how,
            "minutes_late": minutes_late}


def _entered(e: dict, user) -> dict[str, Any]:
    at = _dt(e.get("entered_at"))
    return {"entered_by": user(e.get("entered_by")), **({"entered_at": at} if at else {})}


def _tables_write(doc: dict[str, Any], rounds: dict[int, Round], regs: dict[str, Registration],
                  user) -> dict[tuple[int, str], Table]:
    """Write every round's tables, their seats and result entries (three bulk inserts).

    A match's players A and B sit in seats 1 and 2 with their games and
    ``how``; its entries' per-seat values go to the entry's ``seats``. A
    pod's seats are the file's; its entries' ``placements`` are put in seat
    order, the latest one with each seat's ``how`` (older entries did not
    record it: ``played``). Returns the tables by ``(round number, the
    number of the player in the first seat)``, the key penalties and deck
    checks use.
    """
    tables: list[Table] = []
    seats: list[Seat] = []
    entries: list[ResultEntry] = []
    by_key: dict[tuple[int, str], Table] = {}
    for rrow in doc["rounds"]:
        rnd = rounds[rrow["number"]]
        for m in rrow["matches"]:
            table = Table(round=rnd, repeats=1 if _FLAG.to_python(m.get("rematch", False)) else 0,
                          **{n: m[n] for n in ff.MATCH_TABLE_FIELDS if n in m})
            sides = [(regs[m["player_a"]], "a")] + ([(regs[m["player_b"]], "b")] if m.get("player_b") else [])
            for number, (reg, side) in enumerate(sides, start=1):
                seats.append(Seat(table=table, round=rnd, registration=reg, seat=number,
                                  games=m.get(f"games_{side}", 0), how=m.get(f"how_{side}", SeatOutcomeHow.PLAYED)))
            for e in m.get("entries", []):
                entries.append(ResultEntry(
                    table=table, **{n: e[n] for n in ff.RESULT_ENTRY_FIELDS if n in e}, **_entered(e, user),
                    seats=[_seat_entry(reg.pk, games=e.get(f"games_{side}", 0),
                                       how=e.get(f"how_{side}", SeatOutcomeHow.PLAYED),
                                       minutes_late=e.get(f"minutes_late_{side}")) for reg, side in sides]))
            tables.append(table)
            by_key[(rnd.number, m["player_a"])] = table
        for p in rrow["pods"]:
            table = Table(round=rnd, outcome="", went_to_time=_FLAG.to_python(p.get("ended_by_time", False)),
                          **{n: p[n] for n in ff.POD_TABLE_FIELDS if n in p})
            in_order = sorted(p["seats"], key=lambda s: s["seat"])
            seats += [Seat(table=table, round=rnd, registration=regs[s["player"]], seat=s["seat"],
                           place=s.get("place"), score=s.get("score"), how=s["how"]) for s in in_order]
            pod_entries = p.get("entries", [])
            for k, e in enumerate(pod_entries):
                lines = {line[0]: line for line in e["placements"]}
                latest = k == len(pod_entries) - 1
                entries.append(ResultEntry(
                    table=table, version=e["version"], outcome="",
                    went_to_time=_FLAG.to_python(e.get("ended_by_time", False)),
                    source=e.get("source", "judge"), **_entered(e, user),
                    seats=[_seat_entry(regs[s["player"]].pk, place=lines[s["player"]][1],
                                       score=lines[s["player"]][2] if len(lines[s["player"]]) > 2 else None,
                                       how=s["how"] if latest else SeatOutcomeHow.PLAYED) for s in in_order]))
            tables.append(table)
            if in_order:
                by_key[(rnd.number, in_order[0]["player"])] = table
    Table.objects.bulk_create(tables)
    Seat.objects.bulk_create(seats)
    ResultEntry.objects.bulk_create(entries)
    return by_key


@transaction.atomic
def event_import(doc: dict[str, Any], *, by=None, accept_names: bool = False, text: str | None = None,
                 unsigned: bool = False, replaces: str | None = None) -> ImportResult:
    """Write the event file ``doc`` into this installation (see :func:`_event_import`); one transaction.

    The file's checksum and venue signature are checked first
    (:func:`.signing.verify`); ``unsigned=True`` (the operator's command
    line, ``--unsigned``) accepts a file without them. ``replaces``: the uid
    of an event of this server the file stands for (the same day re-created
    at the venue under a new uid); it is voided, its league points reversed.
    """
    try:
        signing.verify(doc, unsigned=unsigned)
    except signing.SignatureRefused as exc:
        raise ImportRefused(exc.code, exc.message) from exc
    try:
        return _event_import(doc, by=by, accept_names=accept_names, text=text, replaces=replaces)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, ff.FileFormatError):
            raise ImportRefused("bad_file", str(exc)) from exc
        message = _("El archivo no es coherente: falta o sobra %(what)s.") % {"what": exc}
        raise ImportRefused("bad_file", message) from exc


def _same_day(uid, venue, doc: dict[str, Any]) -> Event | None:
    """Another event here (not voided, another uid) of the file's venue, date and name with the same players."""
    numbers = sorted(row["player"] for row in doc["registrations"])
    for other in (Event.objects.filter(venue=venue, date=_d(doc["event"]["date"]), name=doc["event"]["name"],
                                       voided_at__isnull=True).exclude(uid=uid)):
        if sorted(other.registrations.values_list("player__player_number", flat=True)) == numbers:
            return other
    return None


def _event_import(doc: dict[str, Any], *, by=None, accept_names: bool = False, text: str | None = None,
                  replaces: str | None = None) -> ImportResult:
    """Write the event file ``doc`` (already :func:`fileformat.check`-ed) into this installation.

    ``by`` must organize the event's venue here (or be a superuser; ``None``
    = the command line, trusted). ``accept_names``: a name conflict keeps the
    server's name instead of refusing. ``text``: the file as read, to give
    line numbers. Raises :class:`ImportRefused` (400) listing every problem,
    or :class:`~tournaments.errors.NotAllowed` (403); nothing is written then.
    """
    ff.check(doc)
    ev = doc["event"]
    problems: list[str] = []
    try:
        uid = uuid.UUID(ev["uid"])
    except ValueError as exc:
        raise ImportRefused("bad_uid", _("event.uid: no es un identificador válido.")) from exc
    game = Game.objects.filter(key=ev["game"]).first()
    if game is None:
        problems.append(_("event.game: el juego «%(key)s» no existe en el servidor.") % {"key": ev["game"]})
    file_format = ev["settings"].get("format")
    if file_format not in (None, "", *FORMATS):
        problems.append(_("event.settings.format: el sistema de juego «%(key)s» no existe en el servidor.")
                        % {"key": file_format})
    venues = {(v.name, v.province): v for v in Venue.objects.all()}
    venue = _venue(ev.get("venue"), venues)
    if ev.get("venue") and venue is None:
        problems.append(_("event.venue: la sede «%(name)s» (%(province)s) no existe en el servidor.")
                        % {"name": ev["venue"].get("name"), "province": ev["venue"].get("province")})
    if by is not None and not by.is_superuser:
        if venue is None or not venue.organizers.filter(pk=by.pk).exists():
            raise NotAllowed("not_venue_organizer",
                             _("Sólo los organizadores de la sede del evento pueden publicarlo en este servidor."))
    problems += validate.document_problems(doc)
    if problems:
        raise ImportRefused("import_refused", _refused_count(len(problems)),
                            problems)

    # Lock first: two publications of the same event run one after the other.
    event = event_lock_by_uid(uid)
    if event is not None and event.origin != "imported":
        raise ImportRefused("own_event", _(
            "event.uid: el evento %(uid)s («%(name)s») se juega en este servidor; un archivo no puede "
            "reemplazarlo.") % {"uid": uid, "name": event.name})
    file_revision = ev.get("revision", 0)
    if event is not None and file_revision < event.source_revision:
        raise ImportRefused("older_file", _(
            "event.revision: el archivo es de la revisión %(file)d del evento y este servidor ya tiene la "
            "%(server)d; no se importa un archivo más viejo.") % {"file": file_revision,
                                                                  "server": event.source_revision})
    if ev.get("demo") and installation_is_production():
        raise ImportRefused("demo_event", _(
            "event.demo: es un evento de demostración y este servidor es una instalación real; no se publica."))
    numbers = [row["player_number"] for row in doc["players"]]
    known = players_lock(numbers)
    result_names: list[str] = []
    to_create: list[Player] = []
    for i, row in enumerate(doc["players"]):
        path = f"players[{i}]"
        home = _venue(row.get("home_venue"), venues)
        if row.get("home_venue") and home is None:
            problems.append(_("%(where)s: la sede «%(name)s» (%(province)s) de %(number)s no existe en el servidor.")
                            % {"where": _where(path, text), "name": row["home_venue"].get("name"),
                               "province": row["home_venue"].get("province"), "number": row["player_number"]})
            continue
        player = known.get(row["player_number"])
        if player is None:
            to_create.append(Player(player_number=row["player_number"], display_name=row["display_name"],
                                    home_venue=home))
        elif player.display_name != row["display_name"]:
            message = (_("%(where)s: %(number)s se llama «%(server)s» en el servidor y «%(file)s» en el archivo")
                       % {"where": _where(path, text), "number": row["player_number"],
                          "server": player.display_name, "file": row["display_name"]})
            if accept_names:
                result_names.append(message)
            else:
                problems.append(message)
    if event is not None:
        problems += _national_only(event, doc)
    twin = _same_day(uid, venue, doc) if venue is not None else None
    if twin is not None and str(twin.uid) != (replaces or ""):
        problems.append(_("event.uid: este servidor ya tiene el mismo evento (sede, fecha, nombre y jugadores) con "
                          "el uid %(old)s; el archivo trae %(new)s. Si el archivo lo reemplaza, publicalo con "
                          "«reemplaza a %(old)s» (--replaces %(old)s) y el anterior se anula.")
                        % {"old": twin.uid, "new": uid})
    if replaces and (twin is None or str(twin.uid) != replaces):
        problems.append(_("replaces: %(uid)s no es un evento de esta sede con la misma fecha, nombre y jugadores.")
                        % {"uid": replaces})
    if event is not None and event.venue_id and venue is not None and event.venue_id != venue.pk:
        problems.append(_("event.venue: el evento ya publicado es de otra sede (%(venue)s).") % {"venue": event.venue})
    doc = _seat_hows_read(doc, problems)
    if problems:
        raise ImportRefused("import_refused", _refused_count(len(problems)),
                            problems)

    for player in to_create:
        player.save()  # one by one: simple_history records the new player
        known[player.player_number] = player
    users = {u.username: u for u in get_user_model().objects.all()}

    def user(name):
        """The user of that username here; a missing one is created as an inactive placeholder account."""
        if not name or not isinstance(name, str):
            return None
        if name not in users:
            placeholder = get_user_model()(username=name[:150], is_active=False)
            placeholder.set_unusable_password()
            placeholder.save()
            users[name] = placeholder
        return users[name]

    created = event is None
    was_finished = bool(event and event.state == EventState.FINISHED)
    if created:
        event = Event(uid=uid)
    else:
        _delete_children(event)
        event.refresh_from_db()
    event.name, event.date, event.kind, event.game, event.venue = (
        ev["name"], _d(ev["date"]), ev["kind"], game, venue)
    event.origin, event.source_revision, event.demo = "imported", file_revision, bool(ev.get("demo", False))
    for name in ff.EVENT_SETTINGS:
        if name in ev["settings"]:
            setattr(event, name, ev["settings"][name])
    for name in ff.EVENT_TIMES:
        setattr(event, name, _dt(ev.get(name)))
    event.head_judge = user(ev.get("head_judge"))
    event.decklists_published_by = user(ev.get("decklists_published_by"))
    event.podium_first = event.podium_second = event.podium_third = None
    event.save()
    event.judges.set([u for u in (user(n) for n in ev.get("judges", [])) if u])

    regs: dict[str, Registration] = {}
    reg_rows = doc["registrations"]
    objs = [Registration(event=event, player=known[row["player"]],
                         **{n: row[n] for n in ff.REGISTRATION_FIELDS if n in row}) for row in reg_rows]
    Registration.objects.bulk_create(objs)
    _keep_times(objs, [("created_at", _dt(row.get("created_at"))) for row in reg_rows])
    for row, obj in zip(reg_rows, objs, strict=True):
        regs[row["player"]] = obj
    reg_id = {number: r.pk for number, r in regs.items()}

    rounds: dict[int, Round] = {}
    for rrow in doc["rounds"]:
        rnd = Round(event=event, **{n: rrow[n] for n in ff.ROUND_FIELDS if n in rrow},
                    **{n: _dt(rrow.get(n)) for n in ff.ROUND_TIMES if n != "paired_at"})
        rnd.save()
        _keep_times([rnd], [("paired_at", _dt(rrow.get("paired_at")))])
        rounds[rnd.number] = rnd
    matches = _tables_write(doc, rounds, regs, user)

    def match_of(key):
        return matches.get((key[0], key[1])) if key else None

    for prow in doc["penalties"]:
        penalty = Penalty.objects.create(
            event=event, registration=regs[prow["player"]], round=rounds.get(prow.get("round")),
            match=match_of(prow.get("match")), issued_by=user(prow.get("issued_by")),
            **{n: prow[n] for n in ff.PENALTY_FIELDS if n in prow})
        _keep_times([penalty], [("issued_at", _dt(prow.get("issued_at")))])
        penalty.consulted_judges.set([u for u in (user(n) for n in prow.get("consulted_judges", [])) if u])
        revs = [PenaltyRevision(penalty=penalty, revised_by=user(r.get("revised_by")),
                                **{n: r[n] for n in ff.REVISION_FIELDS if n in r}) for r in prow.get("revisions", [])]
        PenaltyRevision.objects.bulk_create(revs)
        _keep_times(revs, [("revised_at", _dt(r.get("revised_at"))) for r in prow.get("revisions", [])])
    decklists: dict[str, Decklist] = {}
    for drow in doc["decklists"]:
        decklists[drow["player"]] = Decklist.objects.create(
            registration=regs[drow["player"]], submitted_by=user(drow.get("submitted_by")),
            validated_on=_d(drow.get("validated_on")), locked_at=_dt(drow.get("locked_at")),
            submitted_at=_dt(drow.get("submitted_at")), **{n: drow[n] for n in ff.DECKLIST_FIELDS if n in drow})
    checks, times = [], []
    for crow in doc["deck_checks"]:
        checks.append(DeckCheck(
            registration=regs[crow["player"]], decklist=decklists.get(crow["player"]),
            round=rounds.get(crow.get("round")), match=match_of(crow.get("match")), judge=user(crow.get("judge")),
            decision_by=user(crow.get("decision_by")), decision_at=_dt(crow.get("decision_at")),
            **{n: crow[n] for n in ff.DECKCHECK_FIELDS if n in crow}))
        times.append(("created_at", _dt(crow.get("created_at"))))
    DeckCheck.objects.bulk_create(checks)
    _keep_times(checks, times)
    logs = [EventLogEntry(event=event, actor=user(row.get("actor")), **{n: row[n] for n in ff.LOG_FIELDS if n in row})
            for row in doc["log"]]
    EventLogEntry.objects.bulk_create(logs)
    _keep_times(logs, [("at", _dt(row.get("at"))) for row in doc["log"]])

    event.refresh_from_db()
    derived, podium = validate.derived_problems(event, doc, {r.pk: number for number, r in regs.items()})
    if derived:
        raise ImportRefused("import_refused", _refused_count(len(derived)),
                            derived)
    event.podium_first_id, event.podium_second_id, event.podium_third_id = (
        podium.as_tuple() if podium is not None else (None, None, None))
    event.decklists_published = [{"registration": reg_id.get(row.get("player")), "place": row.get("place")}
                                 for row in ev.get("decklists_published", [])]
    event.save(update_fields=["podium_first", "podium_second", "podium_third", "decklists_published"])
    stamps.event_touch(event.pk)
    if twin is not None:
        event_void_replaced(event=twin.pk, by=by, reason=_("Reemplazado por el evento %(uid)s publicado desde la sede.")
                            % {"uid": uid})
    if event.state == EventState.FINISHED or was_finished:
        hooks.event_finished(event)  # league points (leagues.receivers), idempotent
    return ImportResult(event=event, created=created, players_created=[p.player_number for p in to_create],
                        names_kept=result_names)
