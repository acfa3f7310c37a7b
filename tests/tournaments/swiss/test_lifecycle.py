"""The lifecycle state machine (pure): which action applies in which state.

Expected actions are read off 000_0014b2ac83da54b4.txt § "10.1. Desarrollo
de las Rondas Suizas" (R-000-75 Swiss rounds, R-000-80 podium) and
§ "Super Liga" (R-000-39, the top cut after the Swiss rounds), written by
hand for each state.
"""
from __future__ import annotations

import pytest

from tournaments.swiss.lifecycle import Action, DayFacts, actions_available, state_allows

pytestmark = pytest.mark.unit

A = Action


@pytest.mark.parametrize(("facts", "expected"), [
    (DayFacts(state="draft"), (A.REGISTRATION_OPEN,)),
    (DayFacts(state="registration"), (A.REGISTRATION_CLOSE,)),
    (DayFacts(state="closed"), (A.REGISTRATION_OPEN, A.ROUND_PAIR_NEXT)),
    # round 1 of 3 just paired, nothing entered: re-pair, close; nothing to pair while tables are pending
    (DayFacts(state="swiss", has_rounds=True, round_open=True, phase="swiss", tables=8, pending=8,
              swiss_played=1, planned_rounds=3, cut_size=4), (A.ROUND_REPAIR, A.ROUND_CLOSE)),
    # one result entered: no re-pair any more
    (DayFacts(state="swiss", has_rounds=True, round_open=True, phase="swiss", tables=8, pending=7,
              results_entered=True, swiss_played=1, planned_rounds=3, cut_size=4), (A.ROUND_CLOSE,)),
    # all entered, rounds left (R-000-75)
    (DayFacts(state="swiss", has_rounds=True, round_open=True, phase="swiss", tables=8, pending=0,
              results_entered=True, swiss_played=1, planned_rounds=3, cut_size=4),
     (A.ROUND_CLOSE, A.ROUND_PAIR_NEXT)),
    # last Swiss round complete with a cut: the top cut (R-000-39)
    (DayFacts(state="swiss", has_rounds=True, round_open=False, phase="swiss", tables=8, pending=0,
              results_entered=True, swiss_played=3, planned_rounds=3, cut_size=4), (A.TOP_CUT_START,)),
    # ... without a cut, or in pods (no cut there): finish (R-000-80)
    (DayFacts(state="swiss", has_rounds=True, phase="swiss", tables=8, results_entered=True, swiss_played=3,
              planned_rounds=3, cut_size=0), (A.EVENT_FINISH,)),
    (DayFacts(state="swiss", has_rounds=True, phase="swiss", tables=3, results_entered=True, swiss_played=4,
              planned_rounds=4, cut_size=4, has_top_cut=False), (A.EVENT_FINISH,)),
    # semifinals decided: the final; the final decided: finish
    (DayFacts(state="top_cut", has_rounds=True, round_open=True, phase="top_cut", stage=2, tables=2,
              results_entered=True, swiss_played=3, planned_rounds=3, cut_size=4),
     (A.ROUND_CLOSE, A.ROUND_PAIR_NEXT)),
    (DayFacts(state="top_cut", has_rounds=True, round_open=True, phase="top_cut", stage=1, tables=1,
              pending=1, swiss_played=3, planned_rounds=3, cut_size=4), (A.ROUND_CLOSE,)),
    (DayFacts(state="top_cut", has_rounds=True, phase="top_cut", stage=1, tables=1, results_entered=True,
              swiss_played=3, planned_rounds=3, cut_size=4), (A.EVENT_FINISH,)),
    (DayFacts(state="finished", has_rounds=True, swiss_played=3, planned_rounds=3), ()),
])
def test_actions_available_by_state(facts, expected):
    assert actions_available(facts) == expected


def test_a_top_cut_round_is_never_re_paired():
    facts = DayFacts(state="top_cut", has_rounds=True, round_open=True, phase="top_cut", stage=2, tables=2,
                     pending=2, swiss_played=3, planned_rounds=3, cut_size=4)
    assert A.ROUND_REPAIR not in actions_available(facts)
    assert not state_allows("top_cut", A.ROUND_REPAIR)


@pytest.mark.parametrize("action", list(Action))
def test_a_finished_event_admits_nothing(action):
    assert not state_allows("finished", action)
    assert not state_allows("no-such-state", action)
