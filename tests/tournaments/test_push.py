"""Players' notices by Web Push (issue #29 point 2), sent to a push service on this machine.

Every test subscribes browsers whose keys it made (:class:`tests.push_endpoint.BrowserKeys`)
to :class:`tests.push_endpoint.LocalPushService`, runs the service through Arena's own services
with the tasks run eagerly after commit (no broker, as in every test), and decrypts what
arrived with the browser's private key. The expected words are written out here from the
issue's examples («Ronda 3: mesa 12 contra Martina Álvarez», «Tu resultado quedó registrado»,
«Quedan 10 minutos», «Top 4: jugás la semifinal en la mesa 1»); who sits where is read from the
tables the pairing wrote (round 1 is drawn from the recorded seed).
"""
from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone

from tests.push_endpoint import BrowserKeys, LocalPushService, vapid_claims
from tests.tournaments.pods_helpers import stoner_event
from tests.tournaments.views.helpers import build_event, play
from tournaments import push_delivery, services, tasks
from tournaments.enums import PushNoticeState
from tournaments.models import PushNotice, PushSubscription, Round, Table
from tournaments.services.push import push_subscription_create

pytestmark = [pytest.mark.django_db, pytest.mark.integration]

NAMES = ["Martina Álvarez", "Joaquín Peña", "Lucía Ñandú", "Tomás Ibarra", "Sofía Ríos", "Bruno Díaz",
         "Valentina Sosa", "Mateo Cruz"]


@pytest.fixture
def push_service():
    with LocalPushService(statuses={"gone": 410, "missing": 404, "busy": 503, "bad": 400}) as service:
        yield service


@pytest.fixture
def vapid(settings):
    private, public = push_delivery.vapid_key_pair()
    settings.ARENA_VAPID_PRIVATE_KEY, settings.ARENA_VAPID_PUBLIC_KEY = private, public
    settings.ARENA_VAPID_SUBJECT = "mailto:torneos@example.com"
    settings.ARENA_PUSH_HOSTS = ["127.0.0.1"]
    settings.CELERY_TASK_ALWAYS_EAGER = True
    return public


def subscribe(registration, service, name: str | None = None) -> BrowserKeys:
    keys = BrowserKeys()
    push_subscription_create(player=registration.player, endpoint=service.endpoint(name or f"b{registration.pk}"),
                             p256dh=keys.p256dh, auth=keys.auth)
    return keys


def texts_by_path(service, keys_by_path: dict[str, BrowserKeys]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for post in service.received:
        path = post.path.strip("/")
        out.setdefault(path, []).append(keys_by_path[path].decrypt(post.body)["body"])
    return out


def seated_pairs(rnd: Round) -> list[tuple[int, list]]:
    """(table number, registrations in seat order) of every table of ``rnd``, byes included."""
    return [(t.table_number, [s.registration for s in t.seat_list])
            for t in Table.objects.filter(round=rnd).order_by("table_number")]


# --------------------------------------------------------------------------- a round paired


def test_pairing_tells_each_subscribed_player_their_table_and_rival(push_service, vapid,
                                                                    django_capture_on_commit_callbacks):
    event = build_event(8, rounds=0, names=NAMES)
    regs = list(event.registrations.select_related("player"))
    keys = {f"b{r.pk}": subscribe(r, push_service) for r in regs}
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(event=event)
    expected = {}
    for number, (a, b) in seated_pairs(rnd):
        expected[f"b{a.pk}"] = [f"Ronda 1: mesa {number} contra {b.player.display_name}"]
        expected[f"b{b.pk}"] = [f"Ronda 1: mesa {number} contra {a.player.display_name}"]
    assert texts_by_path(push_service, keys) == expected
    first = push_service.received[0]
    assert first.headers["content-encoding"] == "aes128gcm"
    claims = vapid_claims(first.headers["authorization"], vapid)
    assert claims["aud"] == push_service.origin and claims["sub"] == "mailto:torneos@example.com"
    assert PushNotice.objects.filter(state=PushNoticeState.SENT).count() == 8
    assert all(s.last_success_at is not None for s in PushSubscription.objects.all())


def test_only_players_who_turned_avisos_on_are_told_and_a_bye_says_so(push_service, vapid,
                                                                      django_capture_on_commit_callbacks):
    event = build_event(5, rounds=0, names=NAMES[:5])
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(event=event)
    bye = Table.objects.get(round=rnd, is_bye=True).seat_list[0].registration
    # subscribed after the pairing: the task of a second delivery of the same message finds them
    keys = {f"b{bye.pk}": subscribe(bye, push_service)}
    tasks.push_round_paired(rnd.pk)
    assert texts_by_path(push_service, keys) == {f"b{bye.pk}": ["Ronda 1: tenés bye"]}
    assert PushNotice.objects.count() == 1


def test_a_task_delivered_twice_sends_each_notice_once(push_service, vapid, django_capture_on_commit_callbacks):
    event = build_event(4, rounds=0, names=NAMES[:4])
    for r in event.registrations.all():
        subscribe(r, push_service)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(event=event)
    assert len(push_service.received) == 4
    assert tasks.push_round_paired(rnd.pk) == 0  # nothing left to send
    assert len(push_service.received) == 4


def test_a_rolled_back_pairing_sends_nothing(push_service, vapid, django_capture_on_commit_callbacks):
    event = build_event(4, rounds=0)
    for r in event.registrations.all():
        subscribe(r, push_service)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(RuntimeError), transaction.atomic():
            services.round_pair_next(event=event)
            raise RuntimeError("the request failed after pairing")
    assert callbacks == [] and push_service.received == [] and not PushNotice.objects.exists()


def test_pods_list_the_pod_mates(push_service, vapid, django_capture_on_commit_callbacks):
    event, regs = stoner_event()
    keys = {f"b{r.pk}": subscribe(r, push_service) for r in regs.values()}
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(event=event)
    [(number, seated)] = seated_pairs(rnd)
    expected = {}
    for reg in seated:
        others = [r.player.display_name for r in seated if r.pk != reg.pk]
        expected[f"b{reg.pk}"] = [f"Ronda 1: mesa {number} con {', '.join(others[:-1])} y {others[-1]}"]
    assert texts_by_path(push_service, keys) == expected


# --------------------------------------------------------------------------- the top cut


def test_the_top_cut_names_the_stage_and_the_table(push_service, vapid, django_capture_on_commit_callbacks):
    event = build_event(8, rounds=3, pending_last=False, names=NAMES, cut_size=4, third_place_match=True)
    keys = {f"b{r.pk}": subscribe(r, push_service) for r in event.registrations.all()}
    with django_capture_on_commit_callbacks(execute=True):
        semis = services.top_cut_start(event=event)
    expected = {f"b{reg.pk}": [f"Top 4: jugás la semifinal en la mesa {number}"]
                for number, seated in seated_pairs(semis) for reg in seated}
    assert len(expected) == 4
    assert texts_by_path(push_service, keys) == expected
    push_service.received.clear()
    play(semis)
    with django_capture_on_commit_callbacks(execute=True):
        final = services.round_pair_next(event=event)
    expected = {}
    for table in Table.objects.filter(round=final):
        words = "por el tercer puesto" if table.bracket_slot == 0 else "la final"
        for seat in table.seat_list:
            expected[f"b{seat.registration_id}"] = [f"Top 4: jugás {words} en la mesa {table.table_number}"]
    assert len(expected) == 4
    received = texts_by_path(push_service, keys)
    assert {k: v for k, v in received.items() if "Tu resultado" not in v[0]} == expected


# --------------------------------------------------------------------------- a result recorded


def test_a_recorded_result_is_told_to_both_players_and_a_provisional_score_is_not(
        push_service, vapid, django_capture_on_commit_callbacks):
    event = build_event(4, rounds=1, names=NAMES[:4])
    table = Table.objects.filter(round=event.rounds.get(), is_bye=False).order_by("table_number").first()
    a, b = (s.registration for s in table.seat_list)
    keys = {f"b{a.pk}": subscribe(a, push_service), f"b{b.pk}": subscribe(b, push_service)}
    with django_capture_on_commit_callbacks(execute=True):
        services.table_result_record(table=table, seats=[{"games": 1}, {"games": 0}], provisional=True)
    assert push_service.received == []
    with django_capture_on_commit_callbacks(execute=True):
        services.table_result_record(table=table, seats=[{"games": 2}, {"games": 1}])
    assert texts_by_path(push_service, keys) == {f"b{a.pk}": ["Tu resultado quedó registrado"],
                                                 f"b{b.pk}": ["Tu resultado quedó registrado"]}


# --------------------------------------------------------------------------- «Quedan 10 minutos»


def test_ten_minutes_left_is_told_once_per_table_from_its_own_clock(push_service, vapid):
    event = build_event(4, rounds=1, names=NAMES[:4])  # 50-minute rounds (R-000-76)
    rnd = event.rounds.get()
    first, second = Table.objects.filter(round=rnd, is_bye=False).order_by("table_number")
    keys = {f"b{s.registration_id}": subscribe(s.registration, push_service)
            for t in (first, second) for s in t.seat_list}
    Table.objects.filter(pk=second.pk).update(extra_minutes=5)  # its 10 minutes come 5 minutes later
    now = timezone.now()
    Round.objects.filter(pk=rnd.pk).update(clock_started_at=now - datetime.timedelta(minutes=40, seconds=30))
    tasks.push_round_clocks()
    tasks.push_round_clocks()  # the next beat: already told
    told = {f"b{s.registration_id}": ["Quedan 10 minutos"] for s in first.seat_list}
    assert texts_by_path(push_service, keys) == told
    assert push_delivery.notices_for_clocks(now + datetime.timedelta(minutes=5)) != []  # the second table's turn
    assert push_delivery.notices_for_clocks(now + datetime.timedelta(minutes=30)) == []  # too late: say nothing


# --------------------------------------------------------------------------- failures


def test_a_gone_subscription_is_pruned_and_the_players_other_browser_still_gets_it(
        push_service, vapid, django_capture_on_commit_callbacks):
    event = build_event(4, rounds=1, names=NAMES[:4])
    table = Table.objects.filter(round=event.rounds.get(), is_bye=False).order_by("table_number").first()
    a = table.seat_list[0].registration
    subscribe(a, push_service, "gone/old-phone")
    subscribe(a, push_service, "missing/old-laptop")
    phone = subscribe(a, push_service, "new-phone")
    with django_capture_on_commit_callbacks(execute=True):
        services.table_result_record(table=table, seats=[{"games": 2}, {"games": 0}])
    assert sorted(p.path for p in push_service.received) == ["/gone/old-phone", "/missing/old-laptop", "/new-phone"]
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [push_service.endpoint("new-phone")]
    new_phone = next(p for p in push_service.received if p.path == "/new-phone")
    assert phone.decrypt(new_phone.body)["body"] == "Tu resultado quedó registrado"
    assert PushNotice.objects.get(registration=a).state == PushNoticeState.SENT


def test_a_busy_push_service_is_retried_a_bounded_number_of_times(push_service, vapid,
                                                                  django_capture_on_commit_callbacks):
    event = build_event(4, rounds=1, names=NAMES[:4])
    table = Table.objects.filter(round=event.rounds.get(), is_bye=False).order_by("table_number").first()
    a, b = (s.registration for s in table.seat_list)
    subscribe(a, push_service, "busy/a")
    with django_capture_on_commit_callbacks(execute=True):
        services.table_result_record(table=table, seats=[{"games": 2}, {"games": 0}])
    assert len(push_service.received) == tasks.PUSH_MAX_RETRIES + 1
    notice = PushNotice.objects.get(registration=a)
    assert (notice.state, notice.attempts) == (PushNoticeState.FAILED, tasks.PUSH_MAX_RETRIES + 1)
    assert PushSubscription.objects.get().failures == tasks.PUSH_MAX_RETRIES + 1  # kept: busy is not gone


def test_a_refused_notice_is_not_retried_and_counts_against_the_subscription(push_service, vapid):
    event = build_event(4, rounds=1, names=NAMES[:4])
    reg = event.registrations.first()
    subscribe(reg, push_service, "bad/a")
    PushSubscription.objects.update(failures=push_delivery.MAX_FAILURES - 1)
    tasks.push_round_paired(event.rounds.get().pk)
    assert len(push_service.received) == 1
    assert PushNotice.objects.get().state == PushNoticeState.FAILED
    assert not PushSubscription.objects.exists()  # the tenth failure in a row


# --------------------------------------------------------------------------- push off, keys


def test_without_vapid_keys_nothing_is_written_or_sent(push_service, settings, django_capture_on_commit_callbacks):
    settings.ARENA_VAPID_PRIVATE_KEY = settings.ARENA_VAPID_PUBLIC_KEY = ""
    settings.ARENA_PUSH_HOSTS = ["127.0.0.1"]
    event = build_event(4, rounds=0)
    PushSubscription.objects.create(player=event.registrations.first().player, endpoint=push_service.endpoint("x"),
                                    p256dh=BrowserKeys().p256dh, auth=BrowserKeys().auth)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        services.round_pair_next(event=event)
    assert push_service.received == [] and not PushNotice.objects.exists()
    assert not any("push" in repr(cb) for cb in callbacks)


def test_vapid_keys_prints_a_pair_whose_public_key_is_the_private_ones(capsys):
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    from tests.push_endpoint import b64url, unb64url

    call_command("vapid_keys")
    lines = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    private = int.from_bytes(unb64url(lines["ARENA_VAPID_PRIVATE_KEY"]), "big")
    derived = ec.derive_private_key(private, ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    assert b64url(derived) == lines["ARENA_VAPID_PUBLIC_KEY"] and len(derived) == 65


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_the_notices_leave_from_a_thread_after_the_request(push_service, vapid, settings):
    settings.ARENA_PUSH_BACKGROUND = True
    event = build_event(4, rounds=0, names=NAMES[:4])
    keys = {f"b{r.pk}": subscribe(r, push_service) for r in event.registrations.select_related("player")}
    rnd = services.round_pair_next(event=event)  # committed: the thread starts on commit
    push_service.wait_for(4, timeout=30)
    expected = {}
    for number, (a, b) in seated_pairs(rnd):
        expected[f"b{a.pk}"] = [f"Ronda 1: mesa {number} contra {b.player.display_name}"]
        expected[f"b{b.pk}"] = [f"Ronda 1: mesa {number} contra {a.player.display_name}"]
    assert texts_by_path(push_service, keys) == expected
