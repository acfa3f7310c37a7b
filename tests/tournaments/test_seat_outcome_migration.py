"""Migration 0025 derives how each seat ended for rows stored before the field (issue #25).

Before the field, the participation rule read only the minutes late of the
latest entry and double losses; a tardiness penalty wrote its 2-0 without
the minutes. The data step reads what was stored: minutes late over 10 →
late, a double loss → absent for both, an entry a tardiness penalty wrote →
late (minutes read back from the penalty's message, 000_0014b2ac83da54b4.txt
§ "10.1. Desarrollo de las Rondas Suizas", R-000-77), an entry a forfeit
penalty wrote before any game → penalty. The rows are made as the old code
left them (every seat "played") and the step is run on the live models.
"""
from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from tests.leagues.test_no_show_paths import Date
from tournaments import penalties, services
from tournaments.models import Match, ResultEntry

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

migration = importlib.import_module("tournaments.migrations.0025_seat_outcome_how")


def as_before_the_field(match: Match, *, forget_minutes: bool = False) -> None:
    """Every seat back to "played" (and, for a penalty's entry, no minutes), as stored before 0025."""
    Match.objects.filter(pk=match.pk).update(how_a="played", how_b="played")
    entries = ResultEntry.objects.filter(match=match)
    entries.update(how_a="played", how_b="played")
    if forget_minutes:
        entries.update(minutes_late_a=None, minutes_late_b=None)


def hows(match: Match) -> tuple[tuple[str, str], list[tuple[str, str, int | None]]]:
    match = Match.objects.get(pk=match.pk)
    entries = ResultEntry.objects.filter(match=match).order_by("version")
    return (match.how_a, match.how_b), [(e.how_a, e.how_b, e.minutes_late_b) for e in entries]


def test_minutes_late_and_double_loss_are_derived():
    date = Date()
    services.match_result_record(match=date.matches["Caro"], games_a=2, games_b=0, minutes_late_b=12)
    services.match_result_record(match=date.matches["Dani"], games_a=0, games_b=0, double_loss=True)
    for match in date.matches.values():
        as_before_the_field(match)
    migration.derive(apps, None)
    assert hows(date.matches["Caro"]) == (("played", "late"), [("played", "late", 12)])
    assert hows(date.matches["Dani"]) == (("absent", "absent"), [("absent", "absent", None)])


def test_a_tardiness_penalty_entry_is_late_with_the_minutes_of_its_message():
    """The penalty's message says "Llegó 15 minutos tarde (más de 10)": the entry gets 15 minutes, late."""
    date = Date()
    penalties.penalty_issue(registration=date.regs["Caro"], infraction_code="tardiness", minutes_late=15)
    as_before_the_field(date.matches["Caro"], forget_minutes=True)
    migration.derive(apps, None)
    assert hows(date.matches["Caro"]) == (("played", "late"), [("played", "late", 15)])


def test_a_forfeit_before_any_game_is_penalty_and_a_played_match_stays_played():
    """A deck-size disqualification before game 1 (0-2, nothing played) → penalty; a 2-1 played → played."""
    date = Date()
    penalties.penalty_issue(registration=date.regs["Caro"], infraction_code="deck_size", deck_count=58)
    services.match_result_record(match=date.matches["Dani"], games_a=2, games_b=1)
    for match in date.matches.values():
        as_before_the_field(match)
    migration.derive(apps, None)
    assert hows(date.matches["Caro"]) == (("played", "penalty"), [("played", "penalty", None)])
    assert hows(date.matches["Dani"]) == (("played", "played"), [("played", "played", None)])
