"""Claiming a player with a one-time code (issue #17, point 1): service and page.

The issue: "an account claims an existing player number with a one-time
code that the organizer sees or prints, never by typing the number alone".
"""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts import services
from accounts.codes import CODE_ALPHABET, code_hash
from accounts.errors import AccountError
from accounts.models import PlayerClaimCode
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.integration


def _refusal(**kwargs) -> str:
    with pytest.raises(AccountError) as caught:
        services.player_claim(**kwargs)
    return caught.value.code


def test_code_is_eight_unambiguous_characters_and_stored_hashed(player, organizer):
    code = services.player_claim_code_create(player=player, by=organizer)
    assert len(code) == 8 and set(code) <= set(CODE_ALPHABET)
    assert not set(code) & set("0O1IL")
    row = PlayerClaimCode.objects.get(player=player)
    assert row.code_hash == code_hash(code) and code not in row.code_hash
    assert row.created_by == organizer
    assert abs(row.expires_at - row.created_at - timedelta(days=30)) < timedelta(seconds=5)


def test_claim_with_a_good_code_links_the_account_and_keeps_history(player, account, organizer):
    code = services.player_claim_code_create(player=player, by=organizer)
    typed = f" {code[:4].lower()}-{code[4:]} "  # case, spaces and the printed dash do not matter
    assert services.player_claim(user=account, code=typed) == player
    player.refresh_from_db()
    assert player.user == account
    row = PlayerClaimCode.objects.get(player=player)
    assert row.used_by == account and row.used_at is not None
    latest = player.history.latest()
    assert latest.user_id == account.pk and latest.history_user == account
    assert latest.prev_record.user_id is None  # before: no account


def test_a_used_code_is_refused(player, account, organizer):
    code = services.player_claim_code_create(player=player, by=organizer)
    services.player_claim(user=account, code=code)
    other = UserFactory(username="otra@example.com", email="otra@example.com")
    assert _refusal(user=other, code=code) == "code_used"


def test_an_expired_code_is_refused(player, account, organizer):
    code = services.player_claim_code_create(player=player, by=organizer)
    PlayerClaimCode.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert _refusal(user=account, code=code) == "code_expired"
    player.refresh_from_db()
    assert player.user is None


def test_a_wrong_code_is_refused_and_the_number_alone_is_not_a_code(player, account, organizer):
    services.player_claim_code_create(player=player, by=organizer)
    assert _refusal(user=account, code="ZZZZZZZZ") == "code_wrong"
    assert _refusal(user=account, code=player.player_number) == "code_wrong"


def test_a_new_code_replaces_the_previous_one(player, account, organizer):
    first = services.player_claim_code_create(player=player, by=organizer)
    second = services.player_claim_code_create(player=player, by=organizer)
    assert PlayerClaimCode.objects.filter(player=player, used_at__isnull=True, replaced_at__isnull=True).count() == 1
    assert _refusal(user=account, code=first) == "code_replaced"
    assert services.player_claim(user=account, code=second) == player


def test_a_player_with_an_account_cannot_be_claimed(player, account, organizer):
    code = services.player_claim_code_create(player=player, by=organizer)
    owner = UserFactory(username="duena@example.com")
    player.user = owner  # a superuser linked it in the admin meanwhile
    player.save()
    assert _refusal(user=account, code=code) == "already_linked"
    with pytest.raises(AccountError):
        services.player_claim_code_create(player=player, by=organizer)


def test_an_account_with_a_player_cannot_claim_another(player, account, organizer):
    PlayerFactory(display_name="Otra", player_number="WM-0999", user=account)
    code = services.player_claim_code_create(player=player, by=organizer)
    assert _refusal(user=account, code=code) == "account_has_player"


def test_claim_page_links_and_shows_the_spanish_error(client, player, account, organizer):
    code = services.player_claim_code_create(player=player, by=organizer)
    client.force_login(account)
    wrong = client.post(reverse("accounts:claim"), {"code": "ABCDEFGH"})
    assert wrong.status_code == 200
    assert wrong.context["form"].errors["code"] == [
        "El código no es válido. Revisalo o pedile uno nuevo a la organización."]
    ok = client.post(reverse("accounts:claim"), {"code": code})
    assert ok.status_code == 302 and ok["Location"] == reverse("accounts:profile")
    assert "WM-0123" in client.get(reverse("accounts:profile")).content.decode()


def test_claim_attempts_are_throttled(client, player, account, organizer, login_rate):
    login_rate("3/min")
    code = services.player_claim_code_create(player=player, by=organizer)
    client.force_login(account)
    for guess in ("AAAAAAAA", "BBBBBBBB", "CCCCCCCC"):
        assert client.post(reverse("accounts:claim"), {"code": guess}).status_code == 200
    blocked = client.post(reverse("accounts:claim"), {"code": code})
    assert blocked.status_code == 429 and "Retry-After" in blocked
    player.refresh_from_db()
    assert player.user is None  # the good code was not even tried
