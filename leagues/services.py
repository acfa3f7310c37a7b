"""State changes of the league; each service is one transaction.

- Seasons: :func:`season_create` makes a season with its 18 generated dates
  (:func:`leagues.scoring.super_liga_dates`), which organizers then edit.
- Points: :func:`event_points_post` runs on
  :data:`tournaments.signals.event_finished` (:mod:`leagues.receivers`),
  which :func:`tournaments.services.event_finish` sends, and again after
  any correction. It builds the event's outcome from the database, asks
  the core for the entries the event earns and posts only the difference
  with what the ledger already holds: re-finishing never posts twice, and a correction is
  a reversing entry, never an edit (issue #8 item 2).
- Badges: :func:`collection_confirm` and :func:`badge_award` record the two
  badges people decide, with who and when.

Errors are :class:`~leagues.errors.LeagueRefused` (an
:class:`~tournaments.errors.ArenaError`); nothing is changed when one is
raised.
"""
from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from rules.models import Game
from tournaments.enums import EventKind, EventState
from tournaments.models import Event, Player
from tournaments.services.locks import event_lock, player_lock, pro_player_titles_lock, season_lock

from . import adapters, scoring, selectors
from .enums import BadgeChoice, LedgerReason
from .errors import LeagueRefused, from_core
from .models import BadgeAward, CollectionConfirmation, EventLeagueDate, LedgerEntry, Season, SeasonDate

User = AbstractBaseUser


def _user(by: User | None) -> User | None:
    return by if getattr(by, "pk", None) else None


# --------------------------------------------------------------------------- seasons


@transaction.atomic
def season_dates_generate(*, season: Season) -> list[SeasonDate]:
    """Create the season's 18 default dates when it has none yet.

    The 1st and 3rd Saturday of each month, February to October (2024: 3
    February to 19 October); a season that already has dates keeps them.
    Returns the season's dates in order.
    Rule: 000_0014b2ac83da54b4.txt § "Super Liga" (R-000-34).
    """
    if not season.dates.exists():
        SeasonDate.objects.bulk_create(
            SeasonDate(season=season, number=number, date=day)
            for number, day in enumerate(scoring.super_liga_dates(season.year), start=1)
        )
    return list(season.dates.order_by("date"))


@transaction.atomic
def season_create(*, game: Game, year: int, name: str = "", nacional_quota: int = 2) -> Season:
    """A new season of ``game`` with its 18 generated dates.

    Raises :class:`LeagueRefused` ``season_exists`` when the game already
    has a season that year.
    """
    if Season.objects.filter(game=game, year=year).exists():
        raise LeagueRefused(
            "season_exists",
            _("Ya existe la temporada %(year)d de %(game)s.") % {"year": year, "game": game.name},
        )
    season = Season.objects.create(game=game, year=year, name=name, nacional_quota=nacional_quota)
    season_dates_generate(season=season)
    return season


def season_ensure(*, game: Game, year: int) -> Season:
    """The season of ``game`` and ``year``, created with its dates when
    missing (a Super Liga event finished before anyone set the season up)."""
    season = Season.objects.filter(game=game, year=year).first()
    if season is None:
        try:
            with transaction.atomic():
                season = season_create(game=game, year=year)
        except (IntegrityError, LeagueRefused):  # created concurrently
            season = Season.objects.get(game=game, year=year)
    return season


@transaction.atomic
def event_league_date_assign(*, event: Event, season_date: SeasonDate, by: User | None = None) -> EventLeagueDate:
    """Put a Super Liga event on a league date and re-post its points.

    Replaces an earlier date. Raises :class:`LeagueRefused`
    ``not_super_liga`` for another kind of event and ``wrong_game`` when
    the season is of another game.
    """
    event = event_lock(event)
    season_date = SeasonDate.objects.select_related("season").get(pk=season_date.pk)
    if event.kind != EventKind.SUPER_LIGA:
        raise LeagueRefused(
            "not_super_liga", _("Sólo los eventos de Super Liga pertenecen a una fecha de liga.")
        )
    if season_date.season.game_id != event.game_id:
        raise LeagueRefused(
            "wrong_game",
            _("La temporada «%(season)s» es de otro juego.") % {"season": season_date.season.title},
        )
    link, _created = EventLeagueDate.objects.update_or_create(
        event=event, defaults={"season_date": season_date, "assigned_by": _user(by)}
    )
    event_points_post(event=event, by=by)
    return link


def _event_season(event: Event, by: User | None) -> Season:
    """The season a Super Liga event feeds, linking it to its league date.

    The event's :class:`EventLeagueDate` decides. Without one, the event is
    linked to the date of its game's season (created when missing) that
    falls on the event's day. An event on no league date still feeds the
    season of its year, so finishing it never fails; it counts toward no
    badge until an organizer gives it a date in the admin.
    """
    link = EventLeagueDate.objects.filter(event=event).select_related("season_date__season").first()
    if link is not None:
        return link.season_date.season
    season = season_ensure(game=event.game, year=event.date.year)
    season_date = season.dates.filter(date=event.date).first()
    if season_date is not None:
        EventLeagueDate.objects.create(event=event, season_date=season_date, assigned_by=_user(by))
    return season


# --------------------------------------------------------------------------- points


def _demo_season_holds(event: Event, season: Season | None) -> bool:
    """Whether a demo event's points count: only in a demo season.

    The season is the event's own (Super Liga) or else the season of the
    event's game and year (an all-time-only kind, e.g. a virtual event of
    ``demo_season``); none, or a real one, and the event posts nothing.
    Default: issue #18 point 2 ("demo events never count in a real table").
    """
    if season is None:
        season = Season.objects.filter(game_id=event.game_id, year=event.date.year).first()
    return season is not None and season.demo


def _wanted_entries(event: Event, season: Season | None) -> tuple[scoring.LedgerEntry, ...]:
    """The ledger entries a finished event should hold (:func:`scoring.points_for_event`)."""
    outcome = adapters.event_outcome(event, season_id=season.pk if season else None)
    try:
        return scoring.points_for_event(outcome)
    except scoring.LeagueInputError as exc:
        raise from_core(exc) from exc


@transaction.atomic
def event_points_post(*, event: Event, by: User | None = None) -> int:
    """Post the league points of an event, only what the ledger lacks.

    A finished event should hold the entries of
    :func:`leagues.scoring.points_for_event` for its current outcome
    (participants, podium without disqualified players, provinces, kind);
    an unfinished one none. The difference with the event's entries in the
    ledger is posted: reversals of entries no longer wanted (each pointing
    at the row it cancels), then the new entries. Calling it again with
    nothing changed posts nothing. ``by`` is recorded as ``created_by``.
    A demo event (``Event.demo``) wants no entry unless its season is a demo
    season (:func:`_demo_season_holds`).

    Returns the number of entries posted (0 when nothing changed).
    Raises :class:`LeagueRefused` for an outcome the core refuses (e.g. an
    in-person event with no venue: ``venue_province_missing``).
    Rule: 000_0014b2ac83da54b4.txt § "Super Liga"; Default: DESIGN.md
    decisions 7, 8 and 10; issue #8 item 2.
    """
    event = Event.objects.select_related("venue", "game").get(pk=event_lock(event).pk)
    wanted: tuple[scoring.LedgerEntry, ...] = ()
    if event.state == EventState.FINISHED and event.voided_at is None:  # a voided event wants none
        season = None
        if scoring.Scope.SEASON in scoring.scopes_for(event.kind):
            season = _event_season(event, by)
        if event.demo and not _demo_season_holds(event, season):
            wanted = ()  # a demo event never counts in a real table (issue #18)
        else:
            wanted = _wanted_entries(event, season)
    rows = list(LedgerEntry.objects.filter(event=event).select_related("reverses").order_by("pk"))
    todo = scoring.diff_entries([adapters.entry_from_row(r) for r in rows], wanted, event_id=event.pk)
    if not todo:
        return 0
    reversed_ids = {r.reverses_id for r in rows if r.reverses_id}
    live: dict[tuple, list[LedgerEntry]] = {}
    for row in rows:
        if row.reason != LedgerReason.REVERSAL and row.pk not in reversed_ids:
            live.setdefault(adapters.entry_key(row), []).append(row)
    new_rows = []
    for entry in todo:
        target = None
        if entry.is_reversal:
            # The original a reversal cancels has the reversal's key with
            # the cancelled reason and the points negated back.
            key = (entry.player_id, str(entry.reverses), str(entry.scope), entry.season_id, -entry.points)
            target = live[key].pop(0)
        new_rows.append(
            LedgerEntry(
                player_id=entry.player_id,
                event=event,
                reason=str(entry.reason),
                points=entry.points,
                scope=str(entry.scope),
                season_id=entry.season_id,
                reverses=target,
                created_by=_user(by),
            )
        )
    LedgerEntry.objects.bulk_create(new_rows)
    return len(new_rows)


# --------------------------------------------------------------------------- Torneo de Verano closing


def _verano_final(season: Season) -> Event | None:
    """The season's closing Verano event (no venue, January of the season's year), unlocked."""
    return (Event.objects.filter(game=season.game, kind=EventKind.VERANO_FINAL, venue__isnull=True,
                                 date__year=season.year, date__month=1)
            .order_by("pk").first())


def _last_saturday_of_january(year: int):
    import datetime

    day = datetime.date(year, 1, 31)
    return day - datetime.timedelta(days=(day.weekday() - 5) % 7)


@transaction.atomic
def verano_closing_create(*, season: Season, date=None, by: User | None = None) -> Event:
    """The Torneo de Verano closing on Discord, with the venues' representatives registered.

    The closing is one virtual event (no venue) of kind
    :attr:`EventKind.VERANO_FINAL` in January of ``season.year``: it posts
    no league points (RULES-TRACE ambiguity 14; DESIGN.md decision 7, "the
    Verano final feeds nothing"). Its field is the representative of each
    venue (:func:`leagues.selectors.verano_finals`: the winner of the
    venue's final, or its only qualifier). ``date`` defaults to the last
    Saturday of January (the text's "Sábado 27 de Enero" of 2024). Calling
    it again registers the representatives named since and changes nothing
    else (an event already past registration is left as it is).

    Returns the event. Raises :class:`LeagueRefused`
    ``verano_no_representatives`` when no venue has a representative yet.
    Rule: 000_0014b2ac83da54b4.txt § "Torneo de verano" (R-000-58).
    """
    import secrets

    from tournaments import services as tournament_services
    from tournaments.models import Registration

    # The lock order (tournaments.services.locks): the closing event first, the season after it.
    # One closing per season, even for two calls at once: without the event yet, the season lock
    # lets one call create it; the other finds it made (and its field registered) and returns it.
    event = _verano_final(season)
    if event is not None:
        event = event_lock(event)
        season_lock(season, event=event)
    else:
        season_lock(season)
        event = _verano_final(season)
        if event is not None:
            return event
    representatives = [row.representative_id for row in selectors.verano_finals(season)
                       if row.representative_id is not None]
    if not representatives:
        raise LeagueRefused("verano_no_representatives",
                            _("Ninguna sede tiene todavía representante del Torneo de Verano."))
    if event is None:
        event = Event.objects.create(
            name=_("Cierre del Torneo de Verano %(year)d") % {"year": season.year},
            game=season.game, venue=None, kind=EventKind.VERANO_FINAL,
            date=date or _last_saturday_of_january(season.year), seed=secrets.randbits(62),
        )
        event = tournament_services.registration_open(event=event, by=_user(by))
    if event.state not in (EventState.REGISTRATION, EventState.CLOSED):
        return event
    present = set(Registration.objects.filter(event=event).values_list("player_id", flat=True))
    for player in Player.objects.filter(pk__in=set(representatives) - present).order_by("display_name", "pk"):
        tournament_services.registration_create(event=event, player=player, by=_user(by))
    return event


# --------------------------------------------------------------------------- ProPlayer titles


#: Why a title row was voided (kept in its history).
VOIDED_FINAL_CHANGED = "El resultado final de El Nacional cambió"


@transaction.atomic
def pro_player_titles_sync(*, event: Event) -> int:
    """Record "ProPlayer <year + 1>" for El Nacional's champion and runner-up.

    Only for a finished :attr:`EventKind.NACIONAL` event: its 1st and 2nd
    places (``podium_first``/``podium_second``, disqualified players already
    left out by the podium) each hold one live title of year ``event.date.year
    + 1`` ("para el siguiente año competitivo"). Idempotent: a live title
    already right is kept; one whose player no longer holds that place (a
    correction of the final, a disqualification, an event no longer
    finished) is voided with a reason — never deleted — and the new holder
    gets a new row. Returns the number of rows added or voided.
    Rule: 000_0014b2ac83da54b4.txt § "El Nacional" (R-000-62).
    """
    from django.utils import timezone

    from .models import ProPlayerTitle

    event = Event.objects.select_related("podium_first", "podium_second").get(pk=event_lock(event).pk)
    wanted: dict[int, int] = {}
    if (event.kind == EventKind.NACIONAL and event.state == EventState.FINISHED
            and (not event.demo or _demo_season_holds(event, None))):
        for place, reg in ((1, event.podium_first), (2, event.podium_second)):
            if reg is not None:
                wanted[place] = reg.player_id
    year = event.date.year + 1
    changed = 0
    live = {t.place: t for t in pro_player_titles_lock(ProPlayerTitle.objects.filter(voided_at__isnull=True),
                                                        event=event)}
    for place, title in live.items():
        if wanted.get(place) != title.player_id or title.year != year:
            title.voided_at, title.voided_reason = timezone.now(), VOIDED_FINAL_CHANGED
            title.save(update_fields=["voided_at", "voided_reason"])
            changed += 1
    for place, player_id in wanted.items():
        current = live.get(place)
        if current is None or current.voided_at is not None:
            ProPlayerTitle.objects.create(event=event, player_id=player_id, place=place, year=year)
            changed += 1
    return changed


# --------------------------------------------------------------------------- badges


@transaction.atomic
def collection_confirm(
    *, season: Season, player: Player, by: User, note: str = ""
) -> CollectionConfirmation:
    """Record that an organizer saw a player's complete Original Genetics
    collection (badge 4), with who and when.

    Raises :class:`LeagueRefused` ``already_confirmed``.
    Rule: 000_0014b2ac83da54b4.txt § "Super Liga" (R-000-43, R-000-46).
    """
    if CollectionConfirmation.objects.filter(season=season, player=player).exists():
        raise LeagueRefused(
            "already_confirmed",
            _("La colección de %(player)s ya está confirmada en %(season)s.")
            % {"player": player.display_name, "season": season.title},
        )
    return CollectionConfirmation.objects.create(season=season, player=player, confirmed_by=_user(by), note=note)


def badge_award_check(
    *, season: Season, player: Player, badge: str, reason: str, event: Event | None = None
) -> None:
    """Raise :class:`LeagueRefused` when :func:`badge_award` would refuse;
    forms call it to show the reason next to the fields."""
    badge = BadgeChoice(badge)
    if badge == BadgeChoice.NACIONAL_PASS:
        raise LeagueRefused(
            "sixth_not_awardable", _("La sexta insignia se obtiene con las otras cinco; no se otorga a mano.")
        )
    if not reason.strip():
        raise LeagueRefused("reason_missing", _("Indicá el motivo de la insignia otorgada."))
    if event is not None:
        event = Event.objects.select_related("podium_first").get(pk=event.pk)
        if event.kind != EventKind.BREEDER_QUEST or event.state != EventState.FINISHED:
            raise LeagueRefused(
                "not_breeder_quest", _("Sólo un Breeder Quest finalizado otorga una insignia a elección.")
            )
        if event.podium_first is None or event.podium_first.player_id != player.pk:
            raise LeagueRefused(
                "not_the_winner",
                _("%(player)s no ganó «%(event)s»: la insignia a elección es del 1er puesto.")
                % {"player": player.display_name, "event": event.name},
            )
        if BadgeAward.objects.filter(event=event, player=player).exists():
            raise LeagueRefused(
                "already_awarded", _("Este Breeder Quest ya le otorgó una insignia a %(player)s.")
                % {"player": player.display_name},
            )
    if BadgeAward.objects.filter(season=season, player=player, badge=badge).exists():
        raise LeagueRefused(
            "already_awarded", _("%(player)s ya recibió esa insignia en %(season)s.")
            % {"player": player.display_name, "season": season.title},
        )
    held = selectors.player_badges(season, player)
    if held is not None and held.get(badge).earned:
        raise LeagueRefused(
            "already_held",
            _("%(player)s ya tiene la insignia «%(badge)s»; elegí otra.")
            % {"player": player.display_name, "badge": badge.label},
        )


@transaction.atomic
def badge_award(
    *,
    season: Season,
    player: Player,
    badge: str,
    reason: str,
    by: User,
    event: Event | None = None,
) -> BadgeAward:
    """Award one of badges 1–5 by hand, e.g. the badge a Breeder Quest
    winner chooses, with a reason; ``by`` and the time are recorded.

    With ``event``, it must be a finished Breeder Quest and ``player`` its
    1st place; one badge per win, and not a badge the player already holds
    (RULES-TRACE ambiguity 18).
    Raises :class:`LeagueRefused` with code ``sixth_not_awardable``,
    ``reason_missing``, ``not_breeder_quest``, ``not_the_winner``,
    ``already_awarded`` or ``already_held`` (:func:`badge_award_check`).
    Rule: 000_0014b2ac83da54b4.txt § "Breeder Quest" (R-000-51).
    """
    player_lock(player)  # one award at a time per player
    badge_award_check(season=season, player=player, badge=badge, reason=reason, event=event)
    return BadgeAward.objects.create(
        season=season, player=player, badge=BadgeChoice(badge), reason=reason.strip(), event=event,
        awarded_by=_user(by),
    )
