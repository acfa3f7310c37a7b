"""Account forms: sign-up, e-mail login, claim code, profile (Spanish labels, voseo)."""
from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, PasswordResetForm, SetPasswordForm
from django.utils.translation import gettext_lazy as _

from tournaments.models import Venue
from tournaments.text import validate_one_line

#: A public sign-up also refuses common, numeric-only and e-mail-like passwords (Django's validators).
_SIGNUP_VALIDATORS = (
    "django.contrib.auth.password_validation.UserAttributeSimilarityValidator",
    "django.contrib.auth.password_validation.CommonPasswordValidator",
    "django.contrib.auth.password_validation.NumericPasswordValidator",
)


def signup_password_validators():
    """``AUTH_PASSWORD_VALIDATORS`` plus :data:`_SIGNUP_VALIDATORS` (each once)."""
    configured = list(settings.AUTH_PASSWORD_VALIDATORS)
    names = {v["NAME"] for v in configured}
    configured += [{"NAME": name} for name in _SIGNUP_VALIDATORS if name not in names]
    return password_validation.get_password_validators(configured)


class SignupForm(forms.Form):
    """E-mail and password twice; the password passes :func:`signup_password_validators`."""

    email = forms.EmailField(label=_("E-mail"), max_length=254,
                             widget=forms.EmailInput(attrs={"autocomplete": "email", "autofocus": True}))
    password1 = forms.CharField(label=_("Contraseña"), strip=False,
                                widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
                                help_text=_("Al menos 8 caracteres, que no sean sólo números ni una contraseña común."))
    password2 = forms.CharField(label=_("Repetí la contraseña"), strip=False,
                                widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))

    def clean(self):
        data = super().clean()
        p1, p2 = data.get("password1"), data.get("password2")
        if p1 and p2 and p1 != p2:
            self.add_error("password2", _("Las contraseñas no coinciden."))
        elif p1:
            try:
                password_validation.validate_password(
                    p1, get_user_model()(email=data.get("email", "")), signup_password_validators())
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return data


class EmailLoginForm(AuthenticationForm):
    """Django's login form; the field ``username`` takes the e-mail (the login throttle reads it)."""

    username = forms.CharField(label=_("E-mail"), max_length=254,
                               widget=forms.EmailInput(attrs={"autocomplete": "email", "autofocus": True}))
    error_messages = {
        "invalid_login": _("El e-mail o la contraseña no son correctos."),
        "inactive": _("Esta cuenta está desactivada."),
    }


#: The new-password fields of the reset and change pages, in the player pages' voseo (Django's own texts use usted).
_NEW_PASSWORD_HELP = _("Al menos 8 caracteres, que no sean sólo números ni una contraseña común.")
_MISMATCH = _("Las dos contraseñas no coinciden.")


def _voseo_new_password_fields(form) -> None:
    form.fields["new_password1"].label = _("Contraseña nueva")
    form.fields["new_password1"].help_text = _NEW_PASSWORD_HELP
    form.fields["new_password2"].label = _("Repetí la contraseña nueva")
    form.fields["new_password2"].help_text = ""


class _SignupRulesMixin:
    """A new password passes the same checks as at sign-up (:func:`signup_password_validators`)."""

    def validate_password_for_user(self, user, password_field_name="password2"):
        password = self.cleaned_data.get(password_field_name)
        if password:
            try:
                password_validation.validate_password(password, user, signup_password_validators())
            except forms.ValidationError as error:
                self.add_error(password_field_name, error)


class ArenaSetPasswordForm(_SignupRulesMixin, SetPasswordForm):
    """The password reset's new password (labels, help and errors in voseo; the sign-up's checks)."""

    error_messages = {**SetPasswordForm.error_messages, "password_mismatch": _MISMATCH}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        _voseo_new_password_fields(self)


class ArenaPasswordChangeForm(_SignupRulesMixin, PasswordChangeForm):
    """The profile's password change (labels, help and errors in voseo; the sign-up's checks)."""

    error_messages = {
        **PasswordChangeForm.error_messages,
        "password_mismatch": _MISMATCH,
        "password_incorrect": _("La contraseña actual no es correcta. Escribila de nuevo."),
    }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["old_password"].label = _("Contraseña actual")
        _voseo_new_password_fields(self)


class ArenaPasswordResetForm(PasswordResetForm):
    email = forms.EmailField(label=_("E-mail"), max_length=254,
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))


class ClaimForm(forms.Form):
    code = forms.CharField(label=_("Código"), max_length=20,
                           widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters",
                                                         "placeholder": "ABCD-EFGH"}))


class ProfileForm(forms.Form):
    """The account's e-mail; with a player, the visible name and the home venue."""

    display_name = forms.CharField(label=_("Nombre visible"), max_length=120, required=False,
                                   validators=[validate_one_line])  # the rule of Player.display_name
    email = forms.EmailField(label=_("E-mail"), max_length=254)
    home_venue = forms.ModelChoiceField(label=_("Sede de origen"), queryset=Venue.objects.order_by("name"),
                                        required=False, empty_label=_("(sin sede)"))

    def __init__(self, *args, has_player: bool, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["home_venue"].label_from_instance = lambda v: f"{v.name} ({v.province})"
        if has_player:
            self.fields["display_name"].required = True
        else:
            del self.fields["display_name"], self.fields["home_venue"]
