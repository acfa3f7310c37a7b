"""Password reset by e-mail (issue #17, point 1): the mail, its link, the new password."""
from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

pytestmark = pytest.mark.integration

NEW = "otra-clave-segura-77"


def test_reset_mail_has_a_working_link(client, account, settings):
    settings.DEFAULT_FROM_EMAIL = "Arena <arena@example.org>"
    response = client.post(reverse("accounts:password_reset"), {"email": "ANA@example.com"})
    assert response.status_code == 302 and response["Location"] == reverse("accounts:password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ana@example.com"]
    assert message.from_email == "Arena <arena@example.org>"
    assert message.subject == "Arena: elegí una contraseña nueva"
    link = re.search(r"http://testserver(/cuenta/recuperar/\S+/\S+/)", message.body).group(1)
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200 and form_page.context["validlink"] is True
    done = client.post(form_page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert done.status_code == 302 and done["Location"] == reverse("accounts:password_reset_complete")
    account.refresh_from_db()
    assert account.check_password(NEW)
    # The link is single-use.
    assert client.get(link, follow=True).context["validlink"] is False


def test_reset_for_an_unknown_email_sends_nothing_and_says_the_same(client, db):
    response = client.post(reverse("accounts:password_reset"), {"email": "nadie@example.com"})
    assert response.status_code == 302 and response["Location"] == reverse("accounts:password_reset_done")
    assert mail.outbox == []


def test_reset_requests_are_throttled(client, account, login_rate):
    login_rate("1/min")
    client.post(reverse("accounts:password_reset"), {"email": "ana@example.com"})
    blocked = client.post(reverse("accounts:password_reset"), {"email": "ana@example.com"})
    assert blocked.status_code == 429 and len(mail.outbox) == 1


def test_password_change_from_the_profile(client, account):
    from .conftest import PASSWORD

    client.force_login(account)
    response = client.post(reverse("accounts:password_change"),
                           {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW})
    assert response.status_code == 302 and response["Location"] == reverse("accounts:profile")
    account.refresh_from_db()
    assert account.check_password(NEW)


def test_password_pages_speak_voseo_like_the_other_player_pages(client, account):
    """Django's own password texts use usted («Su contraseña…», «Introduzca…»); the player pages say vos."""
    from .conftest import PASSWORD

    client.force_login(account)
    page = client.get(reverse("accounts:password_change")).content.decode()
    assert "Contraseña actual" in page and "Repetí la contraseña nueva" in page
    assert "Su contraseña" not in page and "Introduzca" not in page
    wrong = client.post(reverse("accounts:password_change"),
                        {"old_password": "otra-cosa", "new_password1": NEW, "new_password2": NEW + "x"})
    body = wrong.content.decode()
    assert "La contraseña actual no es correcta. Escribila de nuevo." in body
    assert "introdúzcala" not in body
    mismatch = client.post(reverse("accounts:password_change"),
                           {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW + "x"})
    assert "Las dos contraseñas no coinciden." in mismatch.content.decode()


def test_reset_and_change_refuse_what_sign_up_refuses(client, account):
    """«12345678» is refused at sign-up (numbers only, common); the reset and the change refuse it too."""
    from .conftest import PASSWORD

    client.post(reverse("accounts:password_reset"), {"email": "ana@example.com"})
    link = re.search(r"http://testserver(/cuenta/recuperar/\S+/\S+/)", mail.outbox[0].body).group(1)
    form_url = client.get(link, follow=True).redirect_chain[-1][0]
    refused = client.post(form_url, {"new_password1": "12345678", "new_password2": "12345678"})
    assert refused.status_code == 200 and "new_password2" in refused.context["form"].errors
    client.force_login(account)
    changed = client.post(reverse("accounts:password_change"),
                          {"old_password": PASSWORD, "new_password1": "12345678", "new_password2": "12345678"})
    assert changed.status_code == 200 and "new_password2" in changed.context["form"].errors
    account.refresh_from_db()
    assert account.check_password(PASSWORD)
