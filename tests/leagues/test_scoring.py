"""Unit tests of leagues.scoring: points ledger, tables and season dates.

RULES-TRACE clause ids are named in each docstring.
"""
import datetime
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leagues.scoring import (
    KIND_RULES,
    EventKind,
    EventOutcome,
    LeagueInputError,
    LeagueInvariantError,
    LedgerEntry,
    Participant,
    Reason,
    Scope,
    TableRow,
    diff_entries,
    ledger_totals,
    live_entries,
    points_for_event,
    rank_table,
    reverse,
    scopes_for,
    super_liga_dates,
    venue_tables,
)

pytestmark = pytest.mark.unit

BA = "Buenos Aires"
CBA = "Córdoba"
DAY = datetime.date(2024, 2, 3)


def outcome(
    participants,
    podium=None,
    *,
    kind=EventKind.SUPER_LIGA,
    venue_province=BA,
    season_id=24,
    event_id=1,
):
    return EventOutcome(
        event_id=event_id,
        kind=kind,
        season_id=season_id,
        date=DAY,
        venue_province=venue_province,
        participants=tuple(participants),
        podium=podium,
    )


def per_player(entries, scope=Scope.ALL_TIME):
    return ledger_totals(entries, scope=scope, season_id=24)


# --- event kinds and scopes ----------------------------------------------


def test_event_kind_values_are_lowercase_snake_case():
    """R-000-33: one kind per format; values are stable lowercase keys."""
    assert [k.value for k in EventKind] == [
        "super_liga",
        "breeder_quest",
        "indoor",
        "eventual",
        "virtual",
        "verano",
        "verano_final",
        "nacional",
        "la_final",
        "casual",
    ]
    assert EventKind.SUPER_LIGA == "super_liga"
    assert isinstance(EventKind.INDOOR, str)


def test_event_kind_every_model_choice_has_a_points_rule():
    """STYLE.md § 2: every model choice has a registry entry; the pure enum
    and tournaments' TextChoices hold the same values (CASUAL included)."""
    from tournaments.enums import EventKind as EventKindChoices

    assert {EventKind(value) for value in EventKindChoices.values} <= set(KIND_RULES)
    assert set(EventKindChoices.values) == {k.value for k in EventKind}
    assert KIND_RULES[EventKind.CASUAL].scopes == ()


def test_event_kind_every_kind_has_a_points_rule_and_spanish_label():
    """R-000-33: the registry covers every kind, labels in es-AR."""
    assert set(KIND_RULES) == set(EventKind)
    assert EventKind.VIRTUAL.label == "Eventual Virtual"
    assert EventKind.VERANO_FINAL.label == "Final de sede del Torneo de Verano"


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        (EventKind.SUPER_LIGA, (Scope.SEASON, Scope.ALL_TIME)),
        (EventKind.INDOOR, (Scope.ALL_TIME,)),
        (EventKind.EVENTUAL, (Scope.ALL_TIME,)),
        (EventKind.VIRTUAL, (Scope.ALL_TIME,)),
        (EventKind.VERANO, (Scope.ALL_TIME,)),
        (EventKind.NACIONAL, (Scope.ALL_TIME,)),
        (EventKind.BREEDER_QUEST, ()),
        (EventKind.VERANO_FINAL, ()),
        (EventKind.LA_FINAL, ()),
        (EventKind.CASUAL, ()),
    ],
)
def test_scopes_for_each_kind(kind, expected):
    """R-000-38, R-000-49, R-000-53..57, R-000-60; DESIGN 7; ambiguity 14."""
    assert scopes_for(kind) == expected
    assert scopes_for(kind.value) == expected


# --- points_for_event ----------------------------------------------------


def test_points_for_event_home_province_gives_participation_only():
    """R-000-36: same province → +1 only."""
    entries = points_for_event(
        outcome([Participant(1, BA)], kind=EventKind.INDOOR)
    )
    assert entries == (
        LedgerEntry(1, 1, Reason.PARTICIPATION, 1, Scope.ALL_TIME, 24),
    )


def test_points_for_event_out_of_province_adds_two():
    """R-000-36, ambiguity 12: participation +1 and out of province +2."""
    entries = points_for_event(
        outcome([Participant(1, CBA)], kind=EventKind.EVENTUAL)
    )
    assert entries == (
        LedgerEntry(1, 1, Reason.PARTICIPATION, 1, Scope.ALL_TIME, 24),
        LedgerEntry(1, 1, Reason.OUT_OF_PROVINCE, 2, Scope.ALL_TIME, 24),
    )


def test_points_for_event_podium_adds_three_two_one():
    """R-000-37: 1st +3, 2nd +2, 3rd +1 on top of participation; 4th +1."""
    entries = points_for_event(
        outcome(
            [Participant(p, BA) for p in (1, 2, 3, 4)],
            podium=(3, 1, 4),
            kind=EventKind.NACIONAL,
        )
    )
    assert per_player(entries) == {1: 3, 2: 1, 3: 4, 4: 2}
    podium = {e.player_id: e.reason for e in entries if e.reason != "participation"}
    assert podium == {3: Reason.PODIUM_1, 1: Reason.PODIUM_2, 4: Reason.PODIUM_3}


def test_points_for_event_super_liga_posts_each_item_once_per_scope():
    """R-000-38: a Super Liga entry counts in season and all-time tables."""
    entries = points_for_event(
        outcome([Participant(7, CBA), Participant(8, BA)], podium=(7, 8, None))
    )
    assert entries == (
        LedgerEntry(7, 1, Reason.PARTICIPATION, 1, Scope.SEASON, 24),
        LedgerEntry(7, 1, Reason.PARTICIPATION, 1, Scope.ALL_TIME, 24),
        LedgerEntry(7, 1, Reason.OUT_OF_PROVINCE, 2, Scope.SEASON, 24),
        LedgerEntry(7, 1, Reason.OUT_OF_PROVINCE, 2, Scope.ALL_TIME, 24),
        LedgerEntry(7, 1, Reason.PODIUM_1, 3, Scope.SEASON, 24),
        LedgerEntry(7, 1, Reason.PODIUM_1, 3, Scope.ALL_TIME, 24),
        LedgerEntry(8, 1, Reason.PARTICIPATION, 1, Scope.SEASON, 24),
        LedgerEntry(8, 1, Reason.PARTICIPATION, 1, Scope.ALL_TIME, 24),
        LedgerEntry(8, 1, Reason.PODIUM_2, 2, Scope.SEASON, 24),
        LedgerEntry(8, 1, Reason.PODIUM_2, 2, Scope.ALL_TIME, 24),
    )
    keys = [(e.player_id, e.reason, e.scope) for e in entries]
    assert len(set(keys)) == len(keys)


def test_points_for_event_virtual_never_gives_out_of_province():
    """R-000-55, DESIGN 7: virtual events have no venue province, never +2."""
    entries = points_for_event(
        outcome(
            [Participant(1, CBA), Participant(2, BA)],
            podium=(1, None, None),
            kind=EventKind.VIRTUAL,
            venue_province=None,
            season_id=None,
        )
    )
    assert per_player(entries) == {1: 4, 2: 1}
    assert all(e.reason != Reason.OUT_OF_PROVINCE for e in entries)
    assert {e.scope for e in entries} == {Scope.ALL_TIME}


def test_points_for_event_virtual_ignores_an_organizing_venue_province():
    """R-000-55: even with a venue province recorded, a virtual event gives no +2."""
    entries = points_for_event(
        outcome([Participant(1, CBA)], kind=EventKind.VIRTUAL, venue_province=BA)
    )
    assert per_player(entries) == {1: 1}


@pytest.mark.parametrize(
    "kind",
    [EventKind.INDOOR, EventKind.EVENTUAL, EventKind.VERANO, EventKind.NACIONAL],
)
def test_points_for_event_all_time_kinds_feed_no_season_table(kind):
    """R-000-53, R-000-54, R-000-56, R-000-60: all-time only, +2 outside."""
    entries = points_for_event(
        outcome([Participant(1, CBA)], podium=(1, None, None), kind=kind)
    )
    assert ledger_totals(entries, scope=Scope.SEASON, season_id=24) == {}
    assert ledger_totals(entries, scope=Scope.ALL_TIME) == {1: 6}


@pytest.mark.parametrize(
    "kind",
    [
        EventKind.BREEDER_QUEST,
        EventKind.VERANO_FINAL,
        EventKind.LA_FINAL,
        EventKind.CASUAL,
    ],
)
def test_points_for_event_non_scoring_kinds_post_nothing(kind):
    """R-000-49 (Breeder Quest), R-000-57 (Verano final), ambiguity 14
    (La Final, Verano Discord closing); a casual tournament is no
    competitive format."""
    entries = points_for_event(
        outcome(
            [Participant(1, CBA), Participant(2, BA)],
            podium=(1, 2, None),
            kind=kind,
            venue_province=None,
            season_id=None,
        )
    )
    assert entries == ()


def test_points_for_event_disqualified_player_keeps_participation_points():
    """DESIGN 10, ambiguity 13: a DQ keeps +1 and +2; the podium moved up."""
    entries = points_for_event(
        outcome(
            [Participant(1, CBA, disqualified=True), Participant(2, BA)],
            podium=(2, None, None),
        )
    )
    assert ledger_totals(entries, scope=Scope.SEASON, season_id=24) == {1: 3, 2: 4}


@pytest.mark.parametrize(
    ("participants", "podium", "code"),
    [
        ([Participant(1, BA, disqualified=True)], (1, None, None), "podium_disqualified"),
        ([Participant(1, BA)], (2, None, None), "podium_not_participant"),
        ([Participant(1, BA), Participant(2, BA)], (1, 1, None), "podium_duplicate"),
        ([Participant(1, BA), Participant(1, BA)], None, "duplicate_participant"),
        ([Participant(1, BA)], (1, None), "podium_shape"),
    ],
)
def test_points_for_event_bad_input_raises_input_error(participants, podium, code):
    """R-000-37, DESIGN 10: the podium comes from the players who played."""
    with pytest.raises(LeagueInputError) as caught:
        points_for_event(outcome(participants, podium))
    assert caught.value.code == code


def test_points_for_event_super_liga_without_season_raises():
    """R-000-34: each Super Liga event belongs to a season date."""
    with pytest.raises(LeagueInputError) as caught:
        points_for_event(outcome([Participant(1, BA)], season_id=None))
    assert caught.value.code == "season_missing"


def test_points_for_event_in_person_event_without_venue_province_raises():
    """R-000-36: out-of-province needs the venue's province."""
    with pytest.raises(LeagueInputError) as caught:
        points_for_event(
            outcome([Participant(1, BA)], kind=EventKind.INDOOR, venue_province=None)
        )
    assert caught.value.code == "venue_province_missing"


# --- reversals and diffs -------------------------------------------------


def test_reverse_negates_points_and_names_the_cancelled_reason():
    """Issue #8 item 2: a correction is a reversing entry, never an edit."""
    original = LedgerEntry(1, 9, Reason.PODIUM_1, 3, Scope.SEASON, 24)
    assert reverse([original]) == (
        LedgerEntry(1, 9, Reason.REVERSAL, -3, Scope.SEASON, 24, Reason.PODIUM_1),
    )


def test_reverse_of_a_reversal_raises():
    """Issue #8 item 2: reversals are never reversed; originals are re-posted."""
    reversal = reverse([LedgerEntry(1, 9, Reason.PODIUM_1, 3, Scope.SEASON, 24)])
    with pytest.raises(LeagueInvariantError):
        reverse(reversal)


def test_diff_entries_first_finish_posts_everything():
    """R-000-80: finishing an event posts its league points."""
    wanted = points_for_event(outcome([Participant(1, BA)], podium=(1, None, None)))
    assert diff_entries((), wanted) == wanted


def test_diff_entries_refinish_with_same_outcome_posts_nothing():
    """Issue #8 item 2: re-finishing an event never posts twice."""
    wanted = points_for_event(outcome([Participant(1, BA), Participant(2, CBA)], (2, 1, None)))
    assert diff_entries(wanted, wanted) == ()


def test_diff_entries_podium_correction_posts_reversals_then_new_entries():
    """R-000-37, issue #8 item 2: swap 1st and 2nd → 4 reversals + 4 new."""
    people = [Participant(1, BA), Participant(2, BA)]
    posted = points_for_event(outcome(people, (1, 2, None)))
    wanted = points_for_event(outcome(people, (2, 1, None)))
    diff = diff_entries(posted, wanted)
    assert diff == (
        LedgerEntry(1, 1, Reason.REVERSAL, -3, Scope.SEASON, 24, Reason.PODIUM_1),
        LedgerEntry(1, 1, Reason.REVERSAL, -3, Scope.ALL_TIME, 24, Reason.PODIUM_1),
        LedgerEntry(2, 1, Reason.REVERSAL, -2, Scope.SEASON, 24, Reason.PODIUM_2),
        LedgerEntry(2, 1, Reason.REVERSAL, -2, Scope.ALL_TIME, 24, Reason.PODIUM_2),
        LedgerEntry(1, 1, Reason.PODIUM_2, 2, Scope.SEASON, 24),
        LedgerEntry(1, 1, Reason.PODIUM_2, 2, Scope.ALL_TIME, 24),
        LedgerEntry(2, 1, Reason.PODIUM_1, 3, Scope.SEASON, 24),
        LedgerEntry(2, 1, Reason.PODIUM_1, 3, Scope.ALL_TIME, 24),
    )
    ledger = posted + diff
    assert ledger_totals(ledger, scope=Scope.SEASON, season_id=24) == {1: 3, 2: 4}
    assert diff_entries(ledger, wanted) == ()


def test_diff_entries_correction_back_to_the_original_reposts_it():
    """Issue #8 item 2: A → B → A leaves live entries equal to A's."""
    people = [Participant(1, BA), Participant(2, BA)]
    first = points_for_event(outcome(people, (1, 2, None)))
    second = points_for_event(outcome(people, (2, 1, None)))
    ledger = first
    ledger += diff_entries(ledger, second)
    ledger += diff_entries(ledger, first)
    assert Counter(live_entries(ledger)) == Counter(first)
    assert diff_entries(ledger, first) == ()


def test_diff_entries_removed_participant_is_fully_reversed_and_leaves_the_table():
    """Issue #8 item 2: a player entered by mistake is reversed, not deleted."""
    posted = points_for_event(outcome([Participant(1, BA), Participant(2, CBA)]))
    wanted = points_for_event(outcome([Participant(1, BA)]))
    ledger = posted + diff_entries(posted, wanted)
    assert len(ledger) == len(posted) + 4
    assert ledger_totals(ledger, scope=Scope.ALL_TIME) == {1: 1}


def test_diff_entries_kind_correction_moves_points_out_of_the_season_table():
    """R-000-54, DESIGN 7: Super Liga corrected to Eventual → all-time only."""
    people = [Participant(1, BA)]
    posted = points_for_event(outcome(people))
    wanted = points_for_event(outcome(people, kind=EventKind.EVENTUAL))
    ledger = posted + diff_entries(posted, wanted)
    assert ledger_totals(ledger, scope=Scope.SEASON, season_id=24) == {}
    assert ledger_totals(ledger, scope=Scope.ALL_TIME) == {1: 1}


def test_diff_entries_reversal_without_original_raises():
    """Issue #8 item 2: a ledger cannot cancel what it never posted."""
    orphan = reverse([LedgerEntry(1, 1, Reason.PARTICIPATION, 1, Scope.SEASON, 24)])
    with pytest.raises(LeagueInvariantError):
        diff_entries(orphan, ())


def test_diff_entries_wanted_reversal_raises():
    """Issue #8 item 2: wanted entries describe an outcome, not a correction."""
    reversal = reverse([LedgerEntry(1, 1, Reason.PARTICIPATION, 1, Scope.SEASON, 24)])
    with pytest.raises(LeagueInvariantError):
        diff_entries((), reversal)


_player = st.integers(min_value=1, max_value=6)
_outcomes = st.builds(
    lambda players, provinces, dq, podium_order, kind: outcome(
        [
            Participant(p, provinces[i % len(provinces)], disqualified=p in dq)
            for i, p in enumerate(sorted(players))
        ],
        podium=tuple(
            (list(p for p in podium_order if p in players and p not in dq) + [None] * 3)[:3]
        ),
        kind=kind,
    ),
    st.sets(_player, min_size=1, max_size=6),
    st.lists(st.sampled_from([BA, CBA]), min_size=1, max_size=6),
    st.sets(_player, max_size=2),
    st.permutations(range(1, 7)),
    st.sampled_from([EventKind.SUPER_LIGA, EventKind.EVENTUAL, EventKind.BREEDER_QUEST]),
)


@given(st.lists(_outcomes, min_size=1, max_size=5))
def test_diff_entries_any_sequence_of_corrections_converges(versions):
    """Issue #8 item 2: after each finish, live entries are exactly the
    current outcome's, the ledger only grows, and re-finishing is a no-op."""
    ledger: tuple[LedgerEntry, ...] = ()
    for version in versions:
        wanted = points_for_event(version)
        before = ledger
        ledger += diff_entries(ledger, wanted)
        assert ledger[: len(before)] == before
        assert Counter(live_entries(ledger)) == Counter(wanted)
        assert diff_entries(ledger, wanted) == ()
        for scope in Scope:
            assert ledger_totals(ledger, scope=scope, season_id=24) == ledger_totals(
                wanted, scope=scope, season_id=24
            )


# --- tables --------------------------------------------------------------


def test_ledger_totals_season_scope_filters_by_season():
    """R-000-38: the season table sums only that season's season entries."""
    entries = (
        LedgerEntry(1, 1, Reason.PARTICIPATION, 1, Scope.SEASON, 23),
        LedgerEntry(1, 2, Reason.PARTICIPATION, 1, Scope.SEASON, 24),
        LedgerEntry(1, 2, Reason.PARTICIPATION, 1, Scope.ALL_TIME, 24),
        LedgerEntry(1, 1, Reason.PARTICIPATION, 1, Scope.ALL_TIME, 23),
        LedgerEntry(2, 3, Reason.PARTICIPATION, 1, Scope.ALL_TIME, None),
    )
    assert ledger_totals(entries, scope=Scope.SEASON, season_id=24) == {1: 1}
    assert ledger_totals(entries, scope="all_time") == {1: 2, 2: 1}


def test_ledger_totals_season_without_season_id_raises():
    """R-000-38: a season table belongs to one season."""
    with pytest.raises(LeagueInputError) as caught:
        ledger_totals((), scope=Scope.SEASON)
    assert caught.value.code == "season_missing"


def test_rank_table_ties_share_rank_and_skip():
    """Issue #8 item 3: ties shown as ties, ranks 1, 2, 2, 4."""
    rows = rank_table({10: 9, 11: 5, 12: 7, 13: 7})
    assert rows == [
        TableRow(1, 10, 9, False),
        TableRow(2, 12, 7, True),
        TableRow(2, 13, 7, True),
        TableRow(4, 11, 5, False),
    ]


def test_rank_table_tiebreak_separates_only_equal_points():
    """Issue #8 item 3: a tiebreak key, lower first, splits a tie."""
    rows = rank_table({10: 9, 12: 7, 13: 7, 14: 7}, tiebreak=lambda p: 0 if p == 14 else 1)
    assert [(r.rank, r.player_id, r.tied) for r in rows] == [
        (1, 10, False),
        (2, 14, False),
        (3, 12, True),
        (3, 13, True),
    ]


def test_rank_table_empty_is_empty():
    """Issue #8 item 3: a season with no points has an empty table."""
    assert rank_table({}) == []


@given(st.dictionaries(st.integers(1, 50), st.integers(0, 30)))
def test_rank_table_invariants(points):
    """Issue #8 item 3: every player once, points descending, rank = 1 +
    number of players with more points."""
    rows = rank_table(points)
    assert sorted(r.player_id for r in rows) == sorted(points)
    assert [r.points for r in rows] == sorted(points.values(), reverse=True)
    for row in rows:
        assert row.rank == 1 + sum(1 for v in points.values() if v > row.points)
        assert row.tied == (list(points.values()).count(row.points) > 1)


def test_venue_tables_rank_home_players_on_all_their_points():
    """R-000-44, ambiguity 15 (a): the home venue ranks all season points."""
    tables = venue_tables({1: 5, 2: 8, 3: 5, 4: 2}, {1: 100, 2: 100, 3: 200, 4: 100})
    assert tables == {
        100: [TableRow(1, 2, 8, False), TableRow(2, 1, 5, False), TableRow(3, 4, 2, False)],
        200: [TableRow(1, 3, 5, False)],
    }


def test_venue_tables_player_without_home_venue_raises():
    """Ambiguity 15: every ranked player has a home venue."""
    with pytest.raises(LeagueInputError) as caught:
        venue_tables({1: 5}, {})
    assert caught.value.code == "home_venue_missing"


# --- season dates --------------------------------------------------------


def test_super_liga_dates_2024_starts_saturday_3_february():
    """R-000-34: 18 dates, first 2024-02-03, last 2024-10-19."""
    dates = super_liga_dates(2024)
    assert len(dates) == 18
    assert dates[0] == datetime.date(2024, 2, 3)
    assert dates[0].weekday() == 5
    assert dates[-1] == datetime.date(2024, 10, 19)
    assert dates[:4] == [
        datetime.date(2024, 2, 3),
        datetime.date(2024, 2, 17),
        datetime.date(2024, 3, 2),
        datetime.date(2024, 3, 16),
    ]


@given(st.integers(min_value=1990, max_value=2100))
def test_super_liga_dates_are_first_and_third_saturdays_feb_to_oct(year):
    """R-000-34: the 1st and 3rd Saturday of each month, February–October."""
    dates = super_liga_dates(year)
    assert len(dates) == 18
    assert dates == sorted(dates)
    assert all(d.weekday() == 5 and d.year == year for d in dates)
    assert [d.month for d in dates] == [m for m in range(2, 11) for _ in (1, 3)]
    assert all(1 <= d.day <= 7 for d in dates[0::2])
    assert all(15 <= d.day <= 21 for d in dates[1::2])


def test_diff_entries_event_id_leaves_other_events_alone():
    """Issue #8 item 2: finishing one event never touches another's entries."""
    other = points_for_event(outcome([Participant(5, BA)], event_id=2))
    wanted = points_for_event(outcome([Participant(1, BA)], event_id=1))
    ledger = other + diff_entries(other, wanted, event_id=1)
    assert ledger[len(other):] == wanted
    assert diff_entries(ledger, wanted, event_id=1) == ()
    assert ledger_totals(ledger, scope=Scope.ALL_TIME) == {1: 1, 5: 1}


def test_diff_entries_event_id_with_another_events_wanted_entry_raises():
    """Issue #8 item 2: a diff restricted to one event posts only for it."""
    wanted = points_for_event(outcome([Participant(1, BA)], event_id=2))
    with pytest.raises(LeagueInputError) as caught:
        diff_entries((), wanted, event_id=1)
    assert caught.value.code == "event_mismatch"
