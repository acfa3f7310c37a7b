"""Players' notices by Web Push (issue #29 point 2): who is told what, and the sending itself.

The Celery tasks (:mod:`tournaments.tasks`) call this module after the
change committed (:mod:`tournaments.push_requests` enqueues them):

- :func:`notices_for_round`, :func:`notices_for_table_result` and
  :func:`notices_for_clocks` write one :class:`~tournaments.models.PushNotice`
  per registration whose player turned avisos on, with the words of
  :mod:`tournaments.push_texts`, and return the ids to send. A notice is
  unique by registration and key, so a task delivered twice (at least
  once, ``config/settings.py``) writes nothing new and sends nothing twice.
- :func:`notice_deliver` sends one notice to each of the player's browsers
  with pywebpush (VAPID, ``aes128gcm``). A subscription the push service
  answers 404 or 410 for is gone: it is deleted. A timeout, a refused
  connection, 429 or 5xx is transient: :class:`PushTransientError` makes
  the task retry (bounded); browsers already reached are not sent to again.
  Any other answer counts as a failure of that subscription; after
  :data:`MAX_FAILURES` in a row it is deleted too.

Push is off until the VAPID pair is set (``ARENA_VAPID_PRIVATE_KEY``,
``ARENA_VAPID_PUBLIC_KEY``, see ``docs/operators.md``): nothing is written
or sent then. Texts are in the site's language (``LANGUAGE_CODE``).
"""
from __future__ import annotations

import base64
import datetime
import functools
import ipaddress
import json
import logging
import threading
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone, translation

from . import push_texts
from .enums import MatchStatus, PushNoticeState, RoundState
from .models import Event, PushNotice, PushSubscription, Round, Seat, Table
from .selectors import match_clock, round_build_clock, round_clock

if TYPE_CHECKING:
    import requests

# pywebpush, requests and cryptography (about 40 MB of a process) are imported where a notice is sent or a
# key made: the web workers only enqueue notices and never load them (issue #27 point 5).

logger = logging.getLogger(__name__)

#: Failed sends in a row (other than 404/410, which delete at once) after which a subscription is deleted.
MAX_FAILURES = 10
#: «Quedan 10 minutos» is sent while a table has between this many seconds less and exactly 10 minutes
#: left: a scan that comes later (beat stopped) says nothing rather than a wrong number of minutes.
WARNING_GRACE_SECONDS = 120
#: Answers of a push service worth another try (RFC 8030 § 8.4: too many requests; the service's errors).
TRANSIENT_STATUSES = frozenset({408, 425, 429, 500, 502, 503, 504})


class PushTransientError(Exception):
    """Some browser could not be reached for now: the task retries the notice (the others are kept)."""


def push_enabled() -> bool:
    """Push is on when both VAPID keys are set."""
    return bool(settings.ARENA_VAPID_PRIVATE_KEY and settings.ARENA_VAPID_PUBLIC_KEY)


def b64url(data: bytes) -> str:
    """base64url without padding, as browsers and VAPID write keys."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def vapid_key_pair() -> tuple[str, str]:
    """A new VAPID pair ``(private, public)``: the P-256 private value (32 bytes) and the public point
    (65 bytes, uncompressed: the browser's ``applicationServerKey``), both base64url."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return b64url(private), b64url(public)


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def endpoint_allowed(endpoint: str) -> bool:
    """True for an https URL of one of ``ARENA_PUSH_HOSTS`` (the host or a subdomain).

    The server posts to what a browser names, so only the push services
    listed are accepted; plain http only on this machine (a local push
    service for tests and benchmarks, which must be listed too).
    """
    try:
        parts = urlsplit(endpoint)
        host = (parts.hostname or "").lower()
    except ValueError:
        return False
    if not host or parts.scheme not in ("https", "http") or (parts.scheme == "http" and not _loopback(host)):
        return False
    return any(host == allowed or host.endswith("." + allowed) for allowed in settings.ARENA_PUSH_HOSTS)


# --------------------------------------------------------------------------- writing the notices


def _subscribed_players(event_id: int) -> set[int]:
    return set(PushSubscription.objects.filter(player__registrations__event_id=event_id)
               .values_list("player_id", flat=True))


def _create(notices: list[PushNotice]) -> list[int]:
    """Write ``notices`` (those already there are left alone) and return the ids of the ones still to send.

    Two queries: the notices already written with these keys, then the new
    ones in one insert. A second delivery of the same task running at the
    same instant makes the insert conflict: then the rows are written
    ignoring conflicts and read back.
    """
    if not notices:
        return []
    keys = {n.key for n in notices}
    wanted = {(n.registration_id, n.key) for n in notices}
    existing = {(reg, key): (pk, state) for pk, reg, key, state in PushNotice.objects.filter(key__in=keys)
                .values_list("pk", "registration_id", "key", "state") if (reg, key) in wanted}
    pending = [pk for pk, state in existing.values() if state == PushNoticeState.QUEUED]
    new = [n for n in notices if (n.registration_id, n.key) not in existing]
    try:
        with transaction.atomic():
            created = PushNotice.objects.bulk_create(new, batch_size=500)
    except IntegrityError:
        PushNotice.objects.bulk_create(new, ignore_conflicts=True, batch_size=500)
        rows = PushNotice.objects.filter(key__in=keys, state=PushNoticeState.QUEUED)
        return sorted(pk for pk, reg, key in rows.values_list("pk", "registration_id", "key") if (reg, key) in wanted)
    return sorted(pending + [n.pk for n in created])


def _notice(event: Event, registration_id: int, kind: str, key: str, body: str, url: str = "") -> PushNotice:
    return PushNotice(registration_id=registration_id, kind=kind, key=key, title=event.name, body=body,
                      url=url or reverse("me:event", args=[event.pk]))


def notices_for_round(round_id: int) -> list[int]:
    """One pairing notice per seated player who has avisos on; ``[]`` once the round is gone or closed.

    Three queries whatever the round's size (subscribed players, the
    round's seats with names, the new notices) plus the writes.
    """
    rnd = Round.objects.select_related("event").filter(pk=round_id, state=RoundState.PAIRED).first()
    if rnd is None or not push_enabled():
        return []
    event = rnd.event
    subscribed = _subscribed_players(event.pk)
    if not subscribed:
        return []
    seats = Seat.objects.filter(round_id=rnd.pk).order_by("table_id", "seat").values_list(
        "table_id", "table__table_number", "table__bracket_slot", "table__is_bye", "registration_id",
        "registration__player_id", "registration__player__display_name")
    by_table: dict[int, list[tuple]] = {}
    for row in seats:
        by_table.setdefault(row[0], []).append(row)
    notices = []
    url = reverse("me:event", args=[event.pk])
    with translation.override(settings.LANGUAGE_CODE):
        for table_seats in by_table.values():
            _table, table_number, slot, is_bye = table_seats[0][:4]
            number = table_number if table_number is not None else slot
            stage = push_texts.table_stage(rnd.stage, slot)
            for row in table_seats:
                registration_id, player_id = row[4], row[5]
                if player_id not in subscribed:
                    continue
                mates = [other[6] for other in table_seats if other[4] != registration_id]
                text = push_texts.paired_text(round_number=rnd.number, phase=rnd.phase, stage=stage,
                                              cut_size=event.cut_size or 0, table=number, is_bye=is_bye,
                                              mates=mates)
                notices.append(_notice(event, registration_id, push_texts.PAIRED,
                                       push_texts.paired_key(rnd.pk, text), text, url))
    return _create(notices)


def notices_for_table_result(table_id: int, version: int) -> list[int]:
    """«Tu resultado quedó registrado» to the table's players, if ``version`` is still its result."""
    table = Table.objects.select_related("round__event").filter(pk=table_id).first()
    if table is None or table.version != version or table.status == MatchStatus.PENDING or not push_enabled():
        return []
    event = table.round.event
    subscribed = _subscribed_players(event.pk)
    with translation.override(settings.LANGUAGE_CODE):
        text = push_texts.result_text()
    key = push_texts.result_key(table.pk, version)
    return _create([_notice(event, seat.registration_id, push_texts.RESULT, key, text)
                    for seat in table.seat_list if seat.registration.player_id in subscribed])


def notices_for_clocks(now: datetime.datetime | None = None) -> list[int]:
    """«Quedan 10 minutos» for every pending table whose own clock (extra minutes included) just got there.

    Looks at the open rounds whose clock runs (the beat task, every
    ``ARENA_PUSH_CLOCK_EVERY_SECONDS``); a table is told once
    (:func:`tournaments.push_texts.ten_minutes_key`).
    """
    if not push_enabled():
        return []
    now = now or timezone.now()
    warning = push_texts.WARNING_MINUTES * 60
    notices = []
    rounds = Round.objects.filter(state=RoundState.PAIRED, clock_started_at__isnull=False,
                                  clock_paused_at__isnull=True, closed_at__isnull=True).select_related("event")
    with translation.override(settings.LANGUAGE_CODE):
        text = push_texts.ten_minutes_text()
        for rnd in rounds:
            event = rnd.event
            if round_build_clock(rnd, now=now) is not None:
                continue
            if round_clock(rnd, minutes=event.round_minutes, now=now).remaining_seconds > warning:
                continue  # extra minutes only add time: no table of this round is there yet
            subscribed = _subscribed_players(event.pk)
            if not subscribed:
                continue
            for table in Table.objects.filter(round=rnd, is_bye=False, status=MatchStatus.PENDING):
                table.round = rnd
                clock = match_clock(table, minutes=event.round_minutes, now=now)
                if clock.state != "running" or not warning - WARNING_GRACE_SECONDS < clock.remaining_seconds <= warning:
                    continue
                key = push_texts.ten_minutes_key(rnd.pk, table.pk)
                notices.extend(_notice(event, seat.registration_id, push_texts.TEN_MINUTES, key, text)
                               for seat in table.seat_list if seat.registration.player_id in subscribed)
    return _create(notices)


# --------------------------------------------------------------------------- sending


_local = threading.local()


def _session() -> requests.Session:
    """One HTTP session per thread: the connection to a push service is kept between notices."""
    session = getattr(_local, "session", None)
    if session is None:
        import requests

        session = _local.session = requests.Session()
    return session


@functools.lru_cache(maxsize=4)
def _vapid(private_key: str):
    from py_vapid import Vapid

    return Vapid.from_string(private_key=private_key)


def payload(notice: PushNotice) -> str:
    """What the service worker (``/yo/sw.js``) receives: JSON with the title, text, page and tag."""
    return json.dumps({"title": notice.title, "body": notice.body, "url": notice.url, "tag": notice.key},
                      ensure_ascii=False)


def _send(subscription: PushSubscription, data: str) -> None:
    from pywebpush import webpush

    webpush(subscription.subscription_info, data=data, vapid_private_key=_vapid(settings.ARENA_VAPID_PRIVATE_KEY),
            vapid_claims={"sub": settings.ARENA_VAPID_SUBJECT}, ttl=settings.ARENA_PUSH_TTL_SECONDS,
            timeout=settings.ARENA_PUSH_TIMEOUT_SECONDS, headers={"Urgency": "high"}, requests_session=_session())


def _outcome(subscription: PushSubscription, data: str) -> tuple[str, str]:
    """Send ``data`` to one browser: ``("reached", "")``, ``("gone", "")``, ``("transient", error)`` or
    ``("refused", error)``."""
    import requests
    from pywebpush import WebPushException

    try:
        _send(subscription, data)
    except WebPushException as exc:
        status = exc.response.status_code if exc.response is not None else None
        if status in (404, 410):
            return "gone", ""
        error = f"{status}: {str(exc)[:120]}"
        return ("transient" if status is None or status in TRANSIENT_STATUSES else "refused"), error
    except requests.RequestException as exc:
        return "transient", f"{type(exc).__name__}: {str(exc)[:120]}"
    return "reached", ""


def notices_deliver(notice_ids: list[int], *, final_attempt: bool = True) -> dict[int, str]:
    """Send each notice to every browser of its player not reached yet; returns each notice's state then.

    A notice becomes ``sent`` once some browser got it, ``no_subscription``
    when its player has none (avisos turned off, or every browser gone),
    ``failed`` when none could be reached; it stays ``queued`` only when a
    browser failed transiently before the last attempt (then
    :class:`PushTransientError` is raised once every notice was tried and
    written, and the task retries: the browsers reached are not sent to
    again). A notice already sent or failed is left alone, and a missing
    one is ``missing``. Gone browsers (404/410) are deleted; other failures
    are counted on the subscription, deleted after :data:`MAX_FAILURES` in
    a row. Reads and writes a constant number of queries per batch (the
    sends are one HTTP request each), in one transaction.
    """
    notices = list(PushNotice.objects.select_related("registration").filter(pk__in=notice_ids))
    states: dict[int, str] = {pk: "missing" for pk in notice_ids}
    todo = []
    for notice in notices:
        states[notice.pk] = notice.state
        if notice.state == PushNoticeState.QUEUED:
            todo.append(notice)
    if not todo:
        return states
    if not push_enabled():
        PushNotice.objects.filter(pk__in=[n.pk for n in todo]).update(state=PushNoticeState.FAILED, error="push off")
        return {**states, **{n.pk: PushNoticeState.FAILED for n in todo}}
    by_player: dict[int, list[PushSubscription]] = {}
    for subscription in PushSubscription.objects.filter(player_id__in={n.registration.player_id for n in todo}):
        by_player.setdefault(subscription.player_id, []).append(subscription)
    reached: set[int] = set()
    gone: set[int] = set()
    failed: dict[int, str] = {}
    retry = False
    now = timezone.now()
    for notice in todo:
        data = payload(notice)
        delivered = list(notice.delivered_to or [])
        errors, transient = [], False
        for subscription in by_player.get(notice.registration.player_id, []):
            if subscription.pk in delivered or subscription.pk in gone:
                continue
            outcome, error = _outcome(subscription, data)
            if outcome == "reached":
                delivered.append(subscription.pk)
                reached.add(subscription.pk)
            elif outcome == "gone":
                gone.add(subscription.pk)
            else:
                errors.append(error)
                failed[subscription.pk] = error
                transient = transient or outcome == "transient"
        notice.attempts += 1
        notice.delivered_to = delivered
        notice.error = "; ".join(errors)[:200]
        if transient and not final_attempt:
            retry = True
        elif delivered:
            notice.state, notice.sent_at = PushNoticeState.SENT, now
        else:
            notice.state = PushNoticeState.FAILED if errors else PushNoticeState.NO_SUBSCRIPTION
        states[notice.pk] = notice.state
    with transaction.atomic():
        PushNotice.objects.bulk_update(todo, ["state", "sent_at", "attempts", "delivered_to", "error"])
        if reached:
            PushSubscription.objects.filter(pk__in=reached - set(failed)).update(
                last_success_at=now, failures=0, last_error="")
        for pk, error in failed.items():
            PushSubscription.objects.filter(pk=pk).update(failures=F("failures") + 1, last_failure_at=now,
                                                          last_error=error[:200])
        PushSubscription.objects.filter(Q(pk__in=gone) | Q(pk__in=list(failed), failures__gte=MAX_FAILURES)).delete()
    if retry:
        raise PushTransientError(f"{sum(1 for v in states.values() if v == PushNoticeState.QUEUED)} notice(s) "
                                 "to try again")
    return states


def notice_deliver(notice_id: int, *, final_attempt: bool = True) -> str:
    """:func:`notices_deliver` for one notice; returns its state."""
    return notices_deliver([notice_id], final_attempt=final_attempt)[notice_id]
