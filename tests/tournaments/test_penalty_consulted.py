"""Penalties record the issuing judge and the judges consulted (issue #7).

Rule: 000_0014b2ac83da54b4.txt § "10.3. Los Jueces": "Las sanciones deberán
ser meditadas, y consultadas si lo amerita".
"""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import EventFactory, UserFactory
from tests.tournaments.views.helpers import build_event
from tournaments import penalties, selectors
from tournaments.errors import ArenaError
from tournaments.models import EventLogEntry, Penalty, Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def event(db):
    event = build_event(4)
    event.judges.add(UserFactory(username="juez"), UserFactory(username="colega"))
    event.head_judge = UserFactory(username="principal")
    event.save(update_fields=["head_judge"])
    return event


def user(name):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=name)


def table_one(event) -> Table:
    return Table.objects.select_related("round").get(
        round__event=event, round__number=selectors.current_round(event).number, table_number=1
    )


def test_penalty_keeps_issuing_and_consulted_judges_and_logs_them(event):
    """R-000-97: the penalty names the judge who issued it and the event's
    judges consulted; the event log entry (its history) keeps them too. The
    issuing judge is not listed as consulted."""
    reg = table_one(event).player_a
    penalty = penalties.penalty_issue(
        registration=reg, infraction_code="procedural_no_draw", issued_by=user("juez"),
        consulted_judges=[user("principal"), user("colega"), user("juez")],
    )

    assert penalty.issued_by == user("juez")
    assert sorted(u.username for u in penalty.consulted_judges.all()) == ["colega", "principal"]
    entry = EventLogEntry.objects.filter(action="penalty_issue").get()
    assert entry.after["consulted_judges"] == ["colega", "principal"]


def test_consulting_someone_who_does_not_judge_the_event_is_refused(event):
    """R-000-97: only the event's own judges are recorded as consulted; a judge
    of another event is refused and nothing is stored."""
    outsider = UserFactory(username="ajeno")
    EventFactory().judges.add(outsider)
    reg = table_one(event).player_a

    with pytest.raises(ArenaError) as exc:
        penalties.penalty_issue(registration=reg, infraction_code="procedural_no_draw", issued_by=user("juez"),
                                consulted_judges=[outsider])
    assert exc.value.code == "consulted_not_judge"
    assert not Penalty.objects.exists()


def test_judge_page_records_and_shows_the_consulted_judges(client, event):
    """R-000-97 at the table: the form offers the event's other judges; the
    consulted one is shown on the penalty's page."""
    match = table_one(event)
    client.force_login(user("juez"))
    url = reverse("judge:penalty_new", args=[event.pk, match.round.number, match.table_number])
    form = client.get(url).content.decode()
    offered = {int(v) for v in re.findall(r'name="consulted_judges" value="(\d+)"', form)}
    assert offered == {user("colega").pk, user("principal").pk}  # the other judges, not "juez" itself
    data = {"registration": match.player_a_id, "infraction": "procedural_no_draw", "game_number": 1,
            "minutes_late": "", "chosen_penalty": "", "hearts_before": "", "deck_count": "", "notes": "",
            "ruling_id": "", "consulted_judges": [user("colega").pk]}
    preview = client.post(url, {**data, "action": "preview"}).content.decode()
    fingerprint = re.search(r'name="fingerprint" value="([0-9a-f]+)"', preview).group(1)
    response = client.post(url, {**data, "action": "confirm", "fingerprint": fingerprint}, follow=True)

    penalty = Penalty.objects.get()
    assert [u.username for u in penalty.consulted_judges.all()] == ["colega"]
    html = response.content.decode()
    assert re.search(r'<dd id="consulted">\s*colega\s*</dd>', html)
