"""The standings and pairings pages run a fixed number of SQL queries.

Same count for a 4-player and a 256-player event (two rounds, the second
pending), full page and polled fragment alike (issue 3, item 6).
"""
from __future__ import annotations

import pytest
from django.urls import reverse

from .helpers import build_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

SIZES = [4, 256]

# event; rounds; matches of the current round
PAIRINGS_CONTENT_QUERIES = 3
# ... and the link to the round's pairings PDF (documents template tag)
PAIRINGS_PAGE_QUERIES = PAIRINGS_CONTENT_QUERIES + 1
# event; current round; registrations; Swiss matches
STANDINGS_PAGE_QUERIES = 4
# a polled fragment adds the two aggregates of its ETag
FRAGMENT_EXTRA_QUERIES = 2


@pytest.fixture(params=SIZES, ids=lambda n: f"{n}-players")
def event(request, db):
    return build_event(request.param, rounds=2)


def test_pairings_page_query_count_is_fixed(client, event, django_assert_num_queries):
    with django_assert_num_queries(PAIRINGS_PAGE_QUERIES):
        response = client.get(reverse("public:event", args=[event.pk]))
    assert response.status_code == 200
    assert len(response.context["by_name"]) == event.registrations.count()


def test_standings_page_query_count_is_fixed(client, event, django_assert_num_queries):
    with django_assert_num_queries(STANDINGS_PAGE_QUERIES):
        response = client.get(reverse("public:standings", args=[event.pk]))
    assert response.status_code == 200
    assert len(response.context["rows"]) == event.registrations.count()


@pytest.mark.parametrize(
    ("name", "base"), [("public:event", PAIRINGS_CONTENT_QUERIES), ("public:standings", STANDINGS_PAGE_QUERIES)]
)
def test_polled_fragment_query_count_is_fixed(client, event, django_assert_num_queries, name, base):
    with django_assert_num_queries(base + FRAGMENT_EXTRA_QUERIES):
        response = client.get(reverse(name, args=[event.pk]), {"fragmento": 1})
    assert response.status_code == 200
    with django_assert_num_queries(1 + FRAGMENT_EXTRA_QUERIES):  # nothing new: the event and the ETag
        assert client.get(reverse(name, args=[event.pk]), {"fragmento": 1},
                          HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304
