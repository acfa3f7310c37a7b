"""Factories for a tournament day, built through the services.

Every event here goes through the same services an organizer uses
(:mod:`tournaments.services`): registration opened, players registered,
registration closed, rounds paired by the event's format, results entered
table by table, the top cut started, the event finished. Nothing is written
to the tables directly, so an event built here is one the product could
have made.

Results are deterministic, never random:

- **two-player tables** (formats whose ``tables`` are ``"matches"``): the
  scores of :data:`MATCH_SCORES` in table-number order — the first table
  2-1, the second 0-2, the third 2-0, the fourth 1-2, then again from the
  top (byes take no result); so sides A and B alternate as winners and a
  test knows every score from the table's position;
- **pods** (``"pods"``): seat 1 finishes first, seat 2 second …, with
  secondary scores 20, 15, 10, 5, 0 … (:func:`pod_placements`); the winner
  reaches the 20 stoner points that end a normal game
  (004_4a3d59c736a1e8f3.txt § "1 Objetivo").

Which results a table family takes is :data:`RECORDERS`, keyed by the
format's ``table_results`` (never by the format's key), so a format registered
tomorrow that seats two players a table is played here the day it exists.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.games import REGISTRY
from tournaments import penalties, services
from tournaments.enums import EventState, RoundState
from tournaments.errors import PairingRefused
from tournaments.formats import DUELS, format_for, format_for_profile, format_named
from tournaments.formats.base import GAME_RESULTS, PLACE_RESULTS
from tournaments.models import Event, Registration, Round, Table

from . import EventFactory, PlayerFactory, game

#: Scores ``(games_a, games_b, games_drawn)`` by table number, repeating every four tables.
MATCH_SCORES: tuple[tuple[int, int, int], ...] = ((2, 1, 0), (0, 2, 0), (2, 0, 0), (1, 2, 0))


def game_for_format(key: str) -> str:
    """The game key an event of format ``key`` is played with by default.

    Weed Monsters when the format supports it (duels and every two-player
    format), else stoner points (pods), else the first game by key whose
    profile the format supports.
    """
    fmt = format_named(key)
    preferred = ["weed_monsters", "stoner_points", *sorted(REGISTRY)]
    return next(k for k in preferred if fmt.supports(REGISTRY[k]))


def registered_event(players: int | Sequence[str] = 8, *, format: str | None = None, game_key: str | None = None,
                     **kwargs) -> Event:
    """An event with its players registered and registration closed (ready for round 1).

    ``players``: how many (named ``Breeder NNN`` by :class:`PlayerFactory`)
    or their display names, in registration order. ``format``: a key of
    :data:`tournaments.formats.FORMATS` (``None``: the game's default);
    ``game_key``: the game (``None``: :func:`game_for_format`). Other
    keyword arguments go to :class:`EventFactory` (``cut_size`` keeps the
    model's default, a top 4; ``best_of`` defaults to 1 for pods).
    """
    if game_key is None:
        game_key = game_for_format(format) if format else "weed_monsters"
    fmt = format_named(format) if format else format_for_profile(REGISTRY[game_key])
    if fmt.table_results == PLACE_RESULTS:
        kwargs.setdefault("best_of", 1)
    event = EventFactory(game=game(game_key), format=fmt.key, **kwargs)
    services.registration_open(event=event)
    names = [None] * players if isinstance(players, int) else list(players)
    for name in names:
        player = PlayerFactory(home_venue=event.venue, **({"display_name": name} if name else {}))
        services.registration_create(event=event, player=player)
    services.registration_close(event=event)
    event.refresh_from_db()
    return event


def table_list(rnd: Round) -> list:
    """The tables of ``rnd`` that take a result, by table number (matches without byes, or pods)."""
    return list(format_for(rnd.event).table_queryset(rnd).order_by("table_number"))


def pod_placements(pod: Table) -> list[tuple[int, int, int]]:
    """``(registration_id, place, score)`` with seat 1 first (score 20), seat 2 second (15) … as entered here."""
    seats = pod.seats.order_by("seat").values_list("registration_id", flat=True)
    return [(rid, place, max(25 - 5 * place, 0)) for place, rid in enumerate(seats, start=1)]


def game_seats(table: Table, games_a: int, games_b: int, **sides) -> dict[int, dict]:
    """The per-seat shape :func:`tournaments.services.table_result_correct` takes for a table of two:
    side A's and side B's games won; ``how_a``, ``minutes_late_b`` … go to their side's seat."""
    seats = {table.player_a_id: {"games": games_a}, table.player_b_id: {"games": games_b}}
    for key, value in sides.items():
        field, side = key.rsplit("_", 1)
        seats[table.player_a_id if side == "a" else table.player_b_id][field] = value
    return seats


def place_seats(placements: Sequence[tuple[int, int, int | None]]) -> dict[int, dict]:
    """The per-seat shape :func:`tournaments.services.table_result_correct` takes for a pod from
    ``(registration_id, place, score)`` lines."""
    return {rid: {"place": place, "score": score} for rid, place, score in placements}


def _match_record(table: Table, index: int, entered_by=None) -> None:
    games_a, games_b, drawn = MATCH_SCORES[index % len(MATCH_SCORES)]
    services.table_result_record(
        table=table,
        seats=[{"games": games_a}, {"games": games_b}],
        games_drawn=drawn,
        entered_by=entered_by,
    )


def record_places(pod, placements, **kwargs):
    """Record ``placements`` — one ``(registration_id, place, score)`` per seat — through
    :func:`tournaments.services.table_result_record` (``kwargs`` go with them)."""
    return services.table_result_record(
        table=pod, seats=[{"registration": rid, "place": place, "score": score} for rid, place, score in placements],
        **kwargs,
    )


def _pod_record(table: Table, index: int, entered_by=None) -> None:
    record_places(table, pod_placements(table), entered_by=entered_by)


#: How the deterministic result of one table is entered, by the format's table family (``EventFormat.tables``).
RECORDERS: dict[str, Callable[..., None]] = {GAME_RESULTS: _match_record, PLACE_RESULTS: _pod_record}


def tables_with_results(rnd: Round, *, count: int | None = None, score: tuple[int, int, int] | None = None,
                        entered_by=None) -> Round:
    """Enter the deterministic result (module docstring) at the first ``count`` tables of ``rnd`` (all: ``None``).

    ``score``: ``(games_a, games_b, games_drawn)`` entered at every
    two-player table instead of :data:`MATCH_SCORES` (pods ignore it).
    Returns ``rnd``; the round stays open (closing it is the next pairing's
    or :func:`tournaments.services.round_close`'s job).
    """
    record = RECORDERS[format_for(rnd.event).table_results]
    for index, table in enumerate(table_list(rnd)[:count]):
        if score is not None and format_for(rnd.event).table_results == GAME_RESULTS:
            services.table_result_record(
                table=table,
                seats=[{"games": score[0]}, {"games": score[1]}],
                games_drawn=score[2],
                entered_by=entered_by,
            )
        else:
            record(table, index, entered_by)
    return rnd


def rounds_played(event: Event, count: int) -> Event:
    """Pair and play ``count`` more rounds of ``event`` (Swiss, pods or the format's own) with deterministic results."""
    for _ in range(count):
        tables_with_results(services.round_pair_next(event=event))
    event.refresh_from_db()
    return event


class _RoundFirst(type(EventFactory)):
    """Lets :class:`EventInRound` take the round number positionally and ``format=`` by its field name."""

    def __call__(cls, n: int | None = None, **kwargs):
        if n is not None:
            kwargs["round_number"] = n
        if "format" in kwargs:
            kwargs["format_key"] = kwargs.pop("format")
            if "game" not in kwargs and kwargs["format_key"]:
                kwargs["game"] = game(game_for_format(kwargs["format_key"]))
        return super().__call__(**kwargs)


class EventInRound(EventFactory, metaclass=_RoundFirst):
    """An event with round ``n`` paired and every round before it played.

    ``EventInRound(n, format=…, players=…)``: ``n`` (also ``round_number=``)
    the round now open, default 1; ``players`` how many or their names
    (:func:`registered_event`); ``format`` a registry key (``None``: the
    game's default, duels for Weed Monsters); ``played`` also enters the
    results of round ``n`` (the round stays open). Rounds before ``n`` get
    the deterministic results of the module docstring. Other fields as
    :class:`EventFactory` (``cut_size``, ``planned_rounds``, ``game``, ``name`` …).
    Returns the event, refreshed; its open round is ``event.rounds.get(number=n)``.
    """

    class Meta:
        model = Event

    round_number = 1
    players = 8
    played = False
    format_key = None

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        number = kwargs.pop("round_number")
        players = kwargs.pop("players")
        played = kwargs.pop("played")
        key = kwargs.pop("format_key")
        game_row = kwargs.pop("game")
        event = registered_event(players, format=key, game_key=game_row.key, **kwargs)
        rounds_played(event, number - 1)
        rnd = services.round_pair_next(event=event)
        if played:
            tables_with_results(rnd)
        event.refresh_from_db()
        return event



def event_with_top_cut(players: int = 8, *, cut_size: int = 4, stages: int | None = None, **kwargs) -> Event:
    """A duels event whose Swiss rounds are played and whose top cut started.

    ``stages``: how many cut stages to play after the first is paired
    (``None``: none — the first stage stays open with its tables pending;
    ``1`` plays it and pairs the next). Cut results follow
    :data:`MATCH_SCORES` by table, like every round here.
    """
    event = registered_event(players, cut_size=cut_size, format=DUELS.key, **kwargs)
    while True:
        try:
            rounds_played(event, 1)
        except PairingRefused as refused:
            if refused.code != "swiss_complete":
                raise
            break
    rnd = services.top_cut_start(event=event)
    for _ in range(stages or 0):
        tables_with_results(rnd)
        rnd = services.round_pair_next(event=event)
    event.refresh_from_db()
    return event


def finished_event(players: int = 8, *, format: str | None = None, cut_size: int = 0, **kwargs) -> Event:
    """An event played to its podium: every planned round (and the cut, when ``cut_size``) played, then finished.

    Results as the module docstring says; returns the finished event with its podium.
    """
    if cut_size:
        event = event_with_top_cut(players, cut_size=cut_size, **kwargs)
        while True:
            rnd = event.rounds.order_by("-number").first()
            tables_with_results(rnd)
            if rnd.stage == 1:
                break
            services.round_pair_next(event=event)
    else:
        event = registered_event(players, format=format, cut_size=0, **kwargs)
        while event.planned_rounds is None or event.rounds.count() < event.planned_rounds:
            rounds_played(event, 1)
    event = services.event_finish(event=event)
    assert event.state == EventState.FINISHED
    return event


def penalty_issued(registration: Registration, infraction_code: str = "procedural_no_draw", **kwargs):
    """A penalty issued to ``registration`` through :func:`tournaments.penalties.penalty_issue`.

    The event's penalty ladder decides the penalty from ``infraction_code``
    and the player's record; other keyword arguments go to the service.
    """
    return penalties.penalty_issue(registration=registration, infraction_code=infraction_code, **kwargs)


#: A Weed Monsters main deck of 60 cards as players write it (validated on submission like any list).
DECKLIST_TEXT = """\
Monsters:
4 Fasent
// Objetos y otros
4 Escudo de Prensado
4 Growshop [TCG]
Gemas:
4 Semilla Dorada
4 Gema Arcoíris
20 Sativa
20 Índica
"""


def decklist_submitted(registration: Registration, text: str = DECKLIST_TEXT, *, by=None):
    """``registration``'s decklist through :func:`rules.services.decklist_submit`; returns the :class:`Decklist`.

    ``by``: who submits it (``None``: a new judge of the event). The list is
    validated as the service always does; its status is what the game's
    rules make of ``text``.
    """
    from rules.services import decklist_submit

    from . import UserFactory

    if by is None:
        by = UserFactory()
        registration.event.judges.add(by)
    return decklist_submit(registration=registration, text=text, by=by)


def open_round(event: Event) -> Round | None:
    """The event's round in progress (paired, not closed), or ``None``."""
    return event.rounds.filter(state=RoundState.PAIRED).order_by("-number").first()


def organizer_for(venue, username: str | None = None):
    """A venue organizer: staff, in group «Organizador», listed in ``venue.organizers``; returns the user."""
    from django.contrib.auth.models import Group

    from . import UserFactory

    user = UserFactory(**({"username": username} if username else {}), is_staff=True)
    user.groups.add(Group.objects.get_or_create(name="Organizador")[0])
    venue.organizers.add(user)
    return user
