"""Read models of the rules app: the catalog as the pure core sees it,
deck validation reports, and decklists for judges.

:func:`catalog_for` is the bridge from the organizer-edited rows to the pure
:class:`rules.catalog.Catalog`, so validation always uses the data in the
database (never the seed CSVs directly). Every function here reads with a
fixed number of queries.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db.models import Prefetch, Q
from django.utils import timezone

from tournaments.text import collation_key

from . import catalog as core
from .decks import (
    DeckContext,
    DeckFormatError,
    DeckViolation,
    MatchesRegistered,
    PoolCard,
    ResolvedDecklist,
    SealedPool,
    parse_decklist,
    resolve,
    validate,
)
from .errors import CatalogUnavailable, DecklistError
from .games import REGISTRY, GameProfile, ProfileError, get_profile
from .models import BanEntry, Card, CardSet, DeckCheck, Decklist, Printing, ReprintRule, split_aliases

# --------------------------------------------------------------------------- catalog


def _in_force(on_date: date | None) -> Q:
    if on_date is None:
        return Q()
    return Q(effective_from__lte=on_date) & (Q(effective_until__isnull=True) | Q(effective_until__gt=on_date))


def catalog_for(game_key: str, on_date: date | None = None) -> core.Catalog:
    """The pure catalog of one game, built from the database.

    Shapes: cards, sets, printings, bans and reprint rules of ``game_key``
    (any order; the :class:`~rules.catalog.Catalog` indexes them). With
    ``on_date`` only the bans and reprint rules in force that day are
    loaded (the core filters by date as well); ``None`` loads them all.

    Queries: exactly five, whatever the catalog's size.

    Errors: :class:`~rules.errors.CatalogUnavailable` when the rows do not
    make a consistent catalog (e.g. a card and another card's alias that read
    the same without accents) — an organizer fixes it in the admin.
    """
    cards = [
        core.Card(
            game=game_key,
            name=c.name,
            card_type=c.card_type or None,
            subtype=c.subtype or None,
            species=c.species or None,
            family=c.family or None,
            is_super=c.is_super,
            aliases=split_aliases(c.aliases),
            source=c.source,
            note=c.note,
        )
        for c in Card.objects.filter(game__key=game_key).order_by("pk")
    ]
    sets = [
        core.CardSet(
            game=game_key,
            code=s.code,
            name=s.name,
            release_order=s.release_order,
            is_promo=s.is_promo,
            year=s.year,
            aliases=split_aliases(s.aliases),
            source=s.source,
            note=s.note,
        )
        for s in CardSet.objects.filter(game__key=game_key).order_by("release_order", "pk")
    ]
    printings = [
        core.Printing(
            game=game_key,
            card_name=p.card.name,
            set_code=p.card_set.code,
            is_promo=p.is_promo,
            variant=p.variant or None,
            functionally_identical=p.functionally_identical,
            source=p.source,
        )
        for p in Printing.objects.filter(card__game__key=game_key)
        .select_related("card", "card_set")
        .order_by("pk")
    ]
    try:
        bans = [
            _ban(game_key, b)
            for b in BanEntry.objects.filter(_in_force(on_date), game__key=game_key)
            .select_related("card_set", "card", "printing__card", "printing__card_set")
            .order_by("effective_from", "pk")
        ]
        reprints = [
            core.ReprintRule(
                game=game_key,
                card_name=r.card.name,
                legal_from_set_code=r.legal_from_set.code,
                effective_from=r.effective_from,
                source=r.source,
            )
            for r in ReprintRule.objects.filter(
                game__key=game_key, **({"effective_from__lte": on_date} if on_date else {})
            )
            .select_related("card", "legal_from_set")
            .order_by("effective_from", "pk")
        ]
        return core.Catalog(cards=cards, sets=sets, printings=printings, bans=bans, reprint_rules=reprints)
    except core.CatalogError as exc:
        raise CatalogUnavailable(exc.code, f"El catálogo de cartas tiene un error: {exc.message}") from exc


def _ban(game_key: str, ban: BanEntry) -> core.BanEntry:
    common = {
        "scope": core.BanScope(ban.scope),
        "game": game_key,
        "effective_from": ban.effective_from,
        "effective_until": ban.effective_until,
        "reason": ban.reason,
        "source": ban.source,
    }
    if ban.scope == core.BanScope.SET:
        return core.BanEntry(set_code=ban.card_set.code, **common)
    if ban.scope == core.BanScope.CARD:
        return core.BanEntry(card_name=ban.card.name, **common)
    printing = ban.printing
    return core.BanEntry(
        card_name=printing.card.name, set_code=printing.card_set.code, printing=printing.variant or None, **common
    )


# --------------------------------------------------------------------------- validation reports


def violation_row(violation: DeckViolation) -> dict:
    """A violation as plain JSON: code, message, source, card, line(s), count, limit."""
    return {
        "code": violation.code,
        "message": violation.message_es,
        "source": violation.source,
        "card": violation.card,
        "line": violation.line,
        "lines": list(violation.lines),
        "count": violation.count,
        "limit": violation.limit,
    }


def card_rows(deck: ResolvedDecklist) -> list[dict]:
    """The decklist's card lines as read: one row per line, file order."""
    rows = []
    for entry in deck.entries:
        line = entry.line
        rows.append(
            {
                "line": line.line_number,
                "quantity": line.quantity,
                "written": line.name,
                "card": entry.card.name if entry.card else None,
                "printing": entry.printing.label if entry.printing else None,
                "printing_assumed": entry.printing_assumed,
                "sideboard": line.sideboard,
                "proxy": line.proxy,
                "judge_proxy": line.judge_proxy,
            }
        )
    return rows


#: Cited when a deck check compares the deck with the registered list in a
#: format that has no such rule of its own (Weed Monsters: the rulebook asks
#: for the 60-card deck, R-000-18; registering the list is Arena's, issue #6).
REGISTERED_SOURCE = 'Arena: lista registrada para el evento (issue #6 § "Registration flow")'


@dataclass(frozen=True, slots=True)
class DeckReport:
    """The result of validating one decklist text.

    ``violations`` and ``cards`` are plain rows (see :func:`violation_row`
    and :func:`card_rows`); ``main_count`` is in cards; ``legal`` is True
    when there is no violation.
    """

    game: str
    game_name: str
    format_key: str
    format_name: str
    on_date: date
    main_count: int
    cards: list[dict]
    violations: list[dict]

    @property
    def legal(self) -> bool:
        return not self.violations


def profile_for(game_key: str) -> GameProfile:
    """The game profile, or :class:`DecklistError` (``unknown_game``)."""
    try:
        return get_profile(game_key)
    except ProfileError as exc:
        raise DecklistError(exc.code, exc.message) from exc


def pool_for(pool_row) -> SealedPool | None:
    """The pure sealed pool of a :class:`~rules.models.SealedPool` row (or None)."""
    if pool_row is None:
        return None

    def cards(text: str) -> tuple[PoolCard, ...]:
        return tuple(PoolCard(line.name, line.quantity) for line in parse_decklist(text or "").lines)

    return SealedPool(
        cards=cards(pool_row.cards_text),
        basic_gems=pool_row.basic_gems,
        received=cards(pool_row.received_text),
        given=cards(pool_row.given_text),
    )


def deck_report(
    *,
    game_key: str,
    text: str,
    fmt: str | None = None,
    on_date: date | None = None,
    pool: SealedPool | None = None,
    registered: str | None = None,
    catalog: core.Catalog | None = None,
) -> DeckReport:
    """Validate ``text`` for a game and format against the database catalog.

    ``fmt`` None means the game's default format; ``on_date`` None means
    today (local date). ``registered`` is the registered list's text at a
    deck check: the deck is then also compared with it (unregistered cards,
    more copies or cards than registered) even when the format has no such
    rule of its own. Returns a :class:`DeckReport` with *every*
    violation (rules.decks.validate). Queries: those of :func:`catalog_for`
    unless ``catalog`` is given.

    Errors: :class:`DecklistError` (``unknown_game``, ``unknown_format``),
    :class:`~rules.errors.CatalogUnavailable`.
    """
    profile = profile_for(game_key)
    try:
        deck_format = profile.format(fmt or None)
    except DeckFormatError as exc:
        raise DecklistError(exc.code, exc.message) from exc
    day = on_date or timezone.localdate()
    catalog = catalog if catalog is not None else catalog_for(profile.key, day)
    parsed = parse_decklist(text)
    violations = validate(
        parsed, profile, catalog, on_date=day, fmt=deck_format.key, pool=pool, registered=registered
    )
    deck = resolve(parsed, catalog, game=profile.key, source=profile.catalog_source)
    if (
        registered is not None
        and profile.deck_validator is None
        and not any(isinstance(rule, MatchesRegistered) for rule in deck_format.rules)
    ):
        ctx = DeckContext(
            game=profile.key,
            fmt=deck_format,
            catalog=catalog,
            deck=deck,
            on_date=day,
            pool=pool,
            registered=resolve(parse_decklist(registered), catalog, game=profile.key, source=profile.catalog_source),
        )
        violations.extend(MatchesRegistered(source=REGISTERED_SOURCE).check(ctx))
    return DeckReport(
        game=profile.key,
        game_name=profile.name_es,
        format_key=deck_format.key,
        format_name=deck_format.name_es,
        on_date=day,
        main_count=deck.main_count,
        cards=card_rows(deck),
        violations=[violation_row(v) for v in violations],
    )


def format_choices() -> list[tuple[str, str, str, str]]:
    """Every (game key, game name, format key, format name), registry order."""
    return [
        (profile.key, profile.name_es, deck_format.key, deck_format.name_es)
        for profile in REGISTRY.values()
        for deck_format in profile.formats
    ]


def event_format(event) -> tuple[GameProfile, str]:
    """The profile and deck format key an event uses (by its kind)."""
    profile = profile_for(event.game.key)
    return profile, profile.format_for_event_kind(event.kind).key


# --------------------------------------------------------------------------- decklists


def decklists_for_event(event) -> list[Decklist]:
    """The event's decklists with registration, player and submitter (one query).

    By player name in Spanish order (:func:`tournaments.text.collation_key`),
    then by player number.
    """
    decklists = Decklist.objects.filter(registration__event=event).select_related(
        "registration__player", "registration__event", "submitted_by"
    )
    return sorted(decklists, key=lambda d: (collation_key(d.registration.player.display_name),
                                            d.registration.player.player_number))


def decklist_detail(pk: int) -> Decklist:
    """One decklist with its event and deck checks, and ``history_rows``:
    its history, newest first, with the user of each change (three queries).

    Raises :class:`Decklist.DoesNotExist`.
    """
    decklist = (
        Decklist.objects.select_related(
            "registration__player", "registration__event__game", "registration__event__venue", "submitted_by"
        )
        .prefetch_related(
            Prefetch("checks", queryset=DeckCheck.objects.select_related("judge", "round", "decision_by")
                     .order_by("-created_at")),
        )
        .get(pk=pk)
    )
    decklist.history_rows = list(
        Decklist.history.filter(id=pk).select_related("history_user").order_by("-history_date", "-history_id")
    )
    return decklist


def registration_for_player_number(event, player_number: str):
    """The event's registration of the player with this public number, or None."""
    from tournaments.models import Registration

    return (
        Registration.objects.select_related("player", "event")
        .filter(event=event, player__player_number__iexact=(player_number or "").strip())
        .first()
    )
