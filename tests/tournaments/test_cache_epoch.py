"""Caches that cannot lie (issue #26 point 4).

After a restore the events' revisions go back to what they were at the backup, so the next change
reaches a revision number the pages were already cached under — with other content. The stamp
carries the installation's epoch (:mod:`tournaments.stamps`), which a restore advances
(:func:`tournaments.backup.restore_from` calls :func:`installation_epoch_advance`; the restore
itself is tested end to end in ``test_backup_safety.py``): here the database is put back to the
backup's state by hand, exactly as a restore leaves it, and the epoch advanced as the restore does.
The memo of each process is bounded in bytes and in age.
"""
from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

from tournaments import pagecache, services
from tournaments.models import Event, ResultEntry, Seat, Table
from tournaments.services.installation import installation_epoch_advance, installation_get

from .views.helpers import build_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def fresh(client: Client, url: str) -> bytes:
    cache.clear()
    pagecache.local_clear()
    return client.get(url).content


def test_after_backup_change_restore_change_every_request_sees_the_current_standings():
    event = build_event(4, rounds=1, names=["Ana Sosa", "Beto Paz", "Ceci Luna", "Dani Rey"])
    client = Client()
    url = reverse("public:standings", args=[event.pk])
    match = Table.objects.filter(round__event=event, is_bye=False).order_by("table_number").first()
    at_backup = Event.objects.get(pk=event.pk).revision

    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])  # the change after the backup
    first = client.get(url)
    changed_revision = Event.objects.get(pk=event.pk).revision
    assert first.status_code == 200 and changed_revision > at_backup

    # The restore: the rows as they were at the backup (no result on the table), the old revision,
    # and the epoch advanced.
    ResultEntry.objects.filter(table=match).delete()
    Table.objects.filter(pk=match.pk).update(outcome="", status="pending", version=0)
    Seat.objects.filter(table=match).update(games=0)
    Event.objects.filter(pk=event.pk).update(revision=at_backup)
    installation_epoch_advance()

    # a different result after the restore
    services.table_result_record(table=match, seats=[{"games": 0}, {"games": 2}])
    assert Event.objects.get(pk=event.pk).revision == changed_revision  # the same number as before the restore
    expected = fresh(client, url)
    assert expected != first.content
    for _ in range(20):
        response = client.get(url)
        assert response.content == expected
        assert response["ETag"] != first["ETag"]
    # A phone holding the ETag of before the restore gets the page, not a 304.
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and again.content == expected


def test_a_migration_that_applied_something_moves_the_epoch_on_and_one_that_applied_nothing_does_not():
    from django.apps import apps
    from django.db.models.signals import post_migrate

    config = apps.get_app_config("tournaments")

    def migrated(plan):  # what ``manage.py migrate`` sends when it ends
        post_migrate.send(sender=config, app_config=config, verbosity=0, interactive=False, using="default",
                          apps=apps, plan=plan)

    before = installation_get().epoch
    migrated([])
    assert installation_get().epoch == before
    migrated([(object(), False)])
    assert installation_get().epoch != before


@override_settings(ARENA_LOCAL_CACHE_MB=0.25, ARENA_LOCAL_CACHE_SECONDS=300)
def test_the_memo_is_bounded_in_bytes():
    pagecache.local_clear()
    blob = b"x" * 20_000  # about 20 KB each once pickled
    for i in range(100):  # 2 MB offered to a 256 KB memo
        pagecache.computed(1, "e.1", f"blob-{i}", lambda: blob)
    assert 0 < pagecache.local_bytes() <= 256 * 1024
    # The newest entries stayed, the oldest were evicted first.
    assert "arena:c:blob-99:1:e.1" in pagecache._local and "arena:c:blob-0:1:e.1" not in pagecache._local


def test_memo_entries_expire_by_age(settings, monkeypatch):
    settings.ARENA_LOCAL_CACHE_SECONDS = 10
    pagecache.local_clear()
    now = [1000.0]
    monkeypatch.setattr(pagecache.time, "monotonic", lambda: now[0])
    builds = []
    pagecache.computed(1, "e.1", "age", lambda: builds.append(1) or "v1")
    cache.clear()  # the shared copy gone too: an expired memo entry must rebuild
    now[0] += 5
    assert pagecache.computed(1, "e.1", "age", lambda: builds.append(2) or "v2") == "v1"
    now[0] += 6  # 11 s after it was kept: past its age
    assert pagecache.computed(1, "e.1", "age", lambda: builds.append(3) or "v3") == "v3"
    assert builds == [1, 3]
