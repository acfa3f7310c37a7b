"""The standings and pairings pages run a fixed number of SQL queries.

Same count for a 4-player and a 256-player event (two rounds, the second
pending), full page and polled fragment alike (issue 3, item 6); once
rendered, a page is served from the shared cache with its stamp published
there, before the ORM (issue #27 point 4): no query, and a poll with
nothing new is a 304 with no query either.
"""
from __future__ import annotations

import pytest
from django.urls import reverse

from .helpers import build_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

SIZES = [4, 256]

# the state stamp; event; rounds; tables of the current round; their seats with the players
PAIRINGS_CONTENT_QUERIES = 5
# ... and the link to the round's pairings PDF (documents template tag)
PAIRINGS_PAGE_QUERIES = PAIRINGS_CONTENT_QUERIES + 1
# the state stamp; event; current round; registrations; Swiss matches
STANDINGS_PAGE_QUERIES = 5
# a page or fragment already rendered at this stamp, or a 304: answered before the ORM
CACHED_QUERIES = 0
PAGE_ROWS = 100  # names or standings rows on one page (tournaments.views.public.PAGE_ROWS)


@pytest.fixture(params=SIZES, ids=lambda n: f"{n}-players")
def event(request, db):
    return build_event(request.param, rounds=2)


def test_pairings_page_query_count_is_fixed(client, event, django_assert_num_queries):
    with django_assert_num_queries(PAIRINGS_PAGE_QUERIES):
        response = client.get(reverse("public:event", args=[event.pk]))
    assert response.status_code == 200
    assert len(response.context["by_name"]) == min(PAGE_ROWS, event.registrations.count())
    with django_assert_num_queries(CACHED_QUERIES):
        again = client.get(reverse("public:event", args=[event.pk]))
    assert again.content == response.content


def test_standings_page_query_count_is_fixed(client, event, django_assert_num_queries):
    with django_assert_num_queries(STANDINGS_PAGE_QUERIES):
        response = client.get(reverse("public:standings", args=[event.pk]))
    assert response.status_code == 200
    assert len(response.context["rows"]) == min(PAGE_ROWS, event.registrations.count())
    with django_assert_num_queries(CACHED_QUERIES):
        again = client.get(reverse("public:standings", args=[event.pk]))
    assert again.content == response.content


@pytest.mark.parametrize(
    ("name", "base"), [("public:event", PAIRINGS_CONTENT_QUERIES), ("public:standings", STANDINGS_PAGE_QUERIES)]
)
def test_polled_fragment_query_count_is_fixed(client, event, django_assert_num_queries, name, base):
    with django_assert_num_queries(base):
        response = client.get(reverse(name, args=[event.pk]), {"fragmento": 1})
    assert response.status_code == 200
    with django_assert_num_queries(CACHED_QUERIES):  # nothing new: a 304 before the ORM
        assert client.get(reverse(name, args=[event.pk]), {"fragmento": 1},
                          HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304
