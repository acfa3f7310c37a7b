"""Sign-up, login by e-mail, logout and the login throttle (issue #17, point 1).

No rulebook clause covers accounts; expectations come from the issue's text.
"""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse

from tests.factories import UserFactory

from .conftest import PASSWORD

pytestmark = pytest.mark.integration


def _signup(client, email="nuevo@example.com", password=PASSWORD, again=None):
    return client.post(reverse("accounts:signup"),
                       {"email": email, "password1": password, "password2": again or password})


def test_signup_creates_the_account_signs_in_and_asks_for_the_claim_code(client, db):
    response = _signup(client, email="Nuevo@Example.com")
    assert response.status_code == 302 and response["Location"] == reverse("accounts:claim")
    user = get_user_model().objects.get(email__iexact="nuevo@example.com")
    assert user.username == "nuevo@example.com"  # derived from the e-mail
    assert user.check_password(PASSWORD)
    assert client.session["_auth_user_id"] == str(user.pk)


def test_signup_refuses_an_email_taken_in_another_case(client, account):
    response = _signup(client, email="ANA@example.COM")
    assert response.status_code == 200
    assert response.context["form"].errors["email"] == [
        "Ya hay una cuenta con ese e-mail. Ingresá o recuperá tu contraseña."]
    assert get_user_model().objects.filter(email__iexact="ana@example.com").count() == 1


def test_signup_applies_the_password_validators(client, db):
    response = _signup(client, password="12345678")  # numeric only, and a common password
    assert response.status_code == 200
    assert "password1" in response.context["form"].errors
    assert not get_user_model().objects.filter(email="nuevo@example.com").exists()


def test_signup_refuses_two_different_passwords(client, db):
    response = _signup(client, again="otra-cosa-2024")
    assert response.context["form"].errors["password2"] == ["Las contraseñas no coinciden."]


def test_login_by_email_in_any_case(client, account):
    response = client.post(reverse("accounts:login"), {"username": "ANA@example.com", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == reverse("accounts:profile")
    assert client.session["_auth_user_id"] == str(account.pk)


def test_login_wrong_password_is_refused_in_spanish(client, account):
    response = client.post(reverse("accounts:login"), {"username": "ana@example.com", "password": "no-es"})
    assert response.status_code == 200
    assert response.context["form"].non_field_errors() == ["El e-mail o la contraseña no son correctos."]
    assert "_auth_user_id" not in client.session


def test_staff_login_by_username_still_works(client, db):
    staff = UserFactory(username="juez", email="juez@example.com", password=PASSWORD)
    assert client.post(reverse("login"), {"username": "juez", "password": PASSWORD}).status_code == 302
    assert client.session["_auth_user_id"] == str(staff.pk)
    client.logout()
    # ... and their e-mail works on the same page too (the backend is site-wide).
    assert client.post(reverse("login"), {"username": "juez@example.com", "password": PASSWORD}).status_code == 302


def test_an_email_shared_by_two_accounts_logs_nobody_in(client, db):
    UserFactory(username="a1", email="dup@example.com", password=PASSWORD)
    UserFactory(username="a2", email="DUP@example.com", password=PASSWORD)
    response = client.post(reverse("accounts:login"), {"username": "dup@example.com", "password": PASSWORD})
    assert response.status_code == 200 and "_auth_user_id" not in client.session


def test_login_is_throttled_on_the_judge_logins_counter(client, account, login_rate):
    """Rate 3/min: two wrong tries on the judge page and one here use it up; the 4th answers 429."""
    login_rate("3/min")
    for _ in range(2):
        client.post(reverse("login"), {"username": "ana@example.com", "password": "no"})
    assert client.post(reverse("accounts:login"), {"username": "ana@example.com", "password": "no"}).status_code == 200
    blocked = client.post(reverse("accounts:login"), {"username": "ana@example.com", "password": PASSWORD})
    assert blocked.status_code == 429 and int(blocked["Retry-After"]) >= 1
    assert "Demasiados intentos. Probá de nuevo en" in blocked.content.decode()
    assert "_auth_user_id" not in client.session  # the right password was not even checked
    cache.clear()  # a minute later
    again = client.post(reverse("accounts:login"), {"username": "ana@example.com", "password": PASSWORD})
    assert again.status_code == 302


def test_signup_is_throttled_per_address(client, db, login_rate):
    login_rate("2/min")
    assert _signup(client, email="a@example.com").status_code == 302
    client.logout()
    assert _signup(client, email="b@example.com").status_code == 302
    client.logout()
    blocked = _signup(client, email="c@example.com")
    assert blocked.status_code == 429
    assert not get_user_model().objects.filter(email="c@example.com").exists()


def test_logout_from_the_profile(client, account):
    client.force_login(account)
    assert client.post(reverse("logout")).status_code == 302
    assert "_auth_user_id" not in client.session


def test_header_mi_torneo_is_the_same_for_everyone_and_leads_anonymous_visitors_to_ingresar(client, account):
    """Public bodies are cached per event state and language, not per user (tournaments.pagecache), so the
    header cannot say «Ingresar» to some and «Mi torneo» to others: one «Mi torneo» link; anonymous visitors
    land on the player login («Ingresar»)."""
    link = f'href="{reverse("me:home")}">Mi torneo</a>'
    assert link in client.get(reverse("public:event_list")).content.decode()
    landing = client.get(reverse("me:home"), follow=True)
    assert landing.redirect_chain[-1][0].startswith(reverse("accounts:login"))
    assert "<h1>Ingresar</h1>" in landing.content.decode()
    client.force_login(account)
    assert link in client.get(reverse("public:event_list")).content.decode()
    assert client.get(reverse("accounts:profile")).status_code == 200
    assert f'href="{reverse("accounts:profile")}">Mi cuenta</a>' in client.get(reverse("me:home")).content.decode()


def test_account_pages_send_anonymous_visitors_to_the_player_login(client, db):
    for name in ("accounts:profile", "accounts:claim", "accounts:password_change"):
        response = client.get(reverse(name))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("accounts:login") + "?next="), name
