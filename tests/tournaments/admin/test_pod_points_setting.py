"""The pod points setting on the event page, and events that existed before it (DESIGN.md decision 17).

Decision 17: "Configurable per event" — the event page's «Mesas multijugador»
section chooses between the share of pod-mates beaten (the default) and a
points table; events scored before the setting existed keep their table.
"""
from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.factories import EventFactory, game
from tournaments.admin.forms import EventAdminForm

from .conftest import change_url

pytestmark = [pytest.mark.integration]


@pytest.mark.django_db
def test_event_page_has_the_pods_section(client_a, venue_a):
    event = EventFactory(venue=venue_a, game=game("stoner_points"))
    html = client_a.get(change_url(event)).content.decode()
    assert "Mesas multijugador" in html
    assert 'name="pod_points_mode"' in html and 'name="placement_points"' in html
    assert "Según los rivales superados" in html and "Tabla de puntos por puesto" in html


def form_errors(event, **changes) -> dict:
    form = EventAdminForm(instance=event)
    data = {name: form[name].value() for name in form.fields}
    data = {k: v for k, v in data.items() if v is not None}
    data.update(changes)
    data["judges"] = []
    bound = EventAdminForm(data=data, instance=event)
    bound.is_valid()
    return bound.errors


@pytest.mark.django_db
@pytest.mark.parametrize("table", [
    '{"1": 3, "3": 1}',          # a gap: place 3 worth more than the missing place 2
    '{"1": 1, "2": 3}',          # 2nd worth more than 1st
    '{"1": -1}',                 # negative
    '{"1": 2.5}',                # not a whole number
    '{"primero": 3}',            # not a place
    '[3, 2, 1]',                 # not a table
])
def test_a_points_table_that_breaks_the_order_of_places_is_refused(table):
    errors = form_errors(EventFactory(), placement_points=table, pod_points_mode="table")
    assert list(errors) == ["placement_points"]
    assert "puestos 1, 2, 3… seguidos" in errors["placement_points"][0]


@pytest.mark.django_db
def test_a_good_points_table_is_saved_in_place_order():
    event = EventFactory()
    assert form_errors(event, placement_points='{"2": 2, "1": 4, "3": 1}', pod_points_mode="table") == {}


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_events_that_existed_before_the_setting_keep_their_points_table():
    """Migration 0016: an event created before it is scored by its table as
    before (a finished event's standings must not change on upgrade); one
    created after it defaults to the share of pod-mates beaten."""
    executor = MigrationExecutor(connection)
    before = [("tournaments", "0015_indoor_pack_build")]
    executor.migrate(before)
    old_apps = executor.loader.project_state(before).apps
    OldEvent = old_apps.get_model("tournaments", "Event")
    OldGame = old_apps.get_model("rules", "Game")
    old_game = OldGame.objects.get(key="stoner_points")
    old = OldEvent.objects.create(name="Fecha vieja", game=old_game, date="2024-03-02", seed=1)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    from tournaments.models import Event

    assert Event.objects.get(pk=old.pk).pod_points_mode == "table"
    assert Event.objects.get(pk=old.pk).points_table() == {1: 3, 2: 2, 3: 1}
    new = EventFactory(game=game("stoner_points"))
    assert new.pod_points_mode == "share" and new.points_table() is None
