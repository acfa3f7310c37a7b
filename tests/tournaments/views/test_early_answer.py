"""The cached path before the stack (issue #27 point 4): a cached public body answered from the shared
cache with its stamp published there, before sessions, CSRF, messages, URL resolution and the ORM.

Each test renders a page through the whole stack first (so its body is
cached and its stamp published), then asks again and checks that the second
answer needed no query, carries the same bytes and headers, and that any
change the services make is on the very next request.
"""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import pagecache, services, stamps
from tournaments.models import Table
from tournaments.services.installation import installation_epoch_advance

from .helpers import build_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

#: Headers a cached answer must give exactly as the whole stack does.
SAME_HEADERS = ("Content-Type", "ETag", "Cache-Control", "Vary", "Content-Language", "X-Arena-Stamp",
                "X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy")


def _urls(event) -> list[str]:
    return [reverse("public:standings", args=[event.pk]),
            reverse("public:event", args=[event.pk]) + "?fragmento=1",
            reverse("tournaments_api:standing-list", args=[event.pk])]


def _queries(client, url: str, **headers):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **headers)
    return response, len(queries)


@pytest.mark.parametrize("which", [0, 1, 2], ids=["standings page", "pairings fragment", "API standings"])
def test_a_cached_body_is_answered_with_no_query_and_the_same_bytes_and_headers(client, which):
    event = build_event(8, rounds=1)
    url = _urls(event)[which]
    first, first_queries = _queries(client, url)
    assert first.status_code == 200 and first_queries > 0
    again, again_queries = _queries(client, url)
    assert again_queries == 0
    assert again.content == first.content
    assert {h: again.get(h) for h in SAME_HEADERS} == {h: first.get(h) for h in SAME_HEADERS}
    assert "sessionid" not in again.cookies and "csrftoken" not in again.cookies
    not_modified, queries = _queries(client, url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert (not_modified.status_code, queries) == (304, 0)


def test_a_recorded_result_is_on_the_very_next_request(client):
    event = build_event(8, rounds=1)
    url = _urls(event)[0]
    match = Table.objects.filter(round__event=event, is_bye=False).order_by("table_number").first()
    before = client.get(url)
    assert client.get(url).content == before.content
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    after, queries = _queries(client, url)
    assert queries > 0  # the touch withdrew the published stamp: the database answered
    assert after["X-Arena-Stamp"] != before["X-Arena-Stamp"] and after.content != before.content


def test_flash_messages_other_languages_and_other_events_are_not_answered_early(client):
    event = build_event(8, rounds=1)
    other = build_event(8, rounds=1)
    url = _urls(event)[0]
    client.get(url)
    client.cookies["messages"] = "x"
    assert _queries(client, url)[1] > 0
    del client.cookies["messages"]
    client.cookies["django_language"] = "en"
    english, queries = _queries(client, url)
    assert queries > 0 and english["Content-Language"] == "en"
    del client.cookies["django_language"]
    assert _queries(client, _urls(other)[0])[1] > 0


def test_a_published_stamp_lasts_at_most_its_seconds_and_a_restore_withdraws_every_one(client):
    event = build_event(8, rounds=1)
    url = _urls(event)[0]
    client.get(url)
    assert stamps.stamp_published(event.pk) == pagecache.event_stamp(event.pk)
    assert stamps.PUBLISHED_SECONDS <= 2  # DESIGN.md decision 23: never more than 2 s behind
    installation_epoch_advance()  # what a restore, a migration or a flush does
    assert stamps.stamp_published(event.pk) is None
    after, queries = _queries(client, url)
    assert queries > 0 and after["X-Arena-Stamp"] == pagecache.event_stamp(event.pk)
