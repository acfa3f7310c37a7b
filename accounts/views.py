"""Player account pages (``/cuenta/``) and the organizer's claim-code pages.

Player pages are phone-sized, Spanish with voseo. Anonymous visitors of
the account pages go to the player login (``accounts:login``); the
organizer's code pages send them to the staff login (``login``) and give
other signed-in users the shared 403 page. Logins, sign-ups, reset
requests and claim attempts count on the login throttle
(``ARENA_LOGIN_RATE``): 429 with ``Retry-After`` past the rate.
"""
from __future__ import annotations

import math

from django.contrib import messages
from django.contrib.auth import login as auth_login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from tournaments import permissions
from tournaments.me_selectors import player_of_user
from tournaments.models import Event, Player
from tournaments.throttles import allow
from tournaments.views.access import event_role_required, forbidden, login_redirect
from tournaments.views.judge import LoginPageThrottle

from . import services
from .codes import code_display
from .errors import AccountError
from .forms import (
    ArenaPasswordChangeForm,
    ArenaPasswordResetForm,
    ArenaSetPasswordForm,
    ClaimForm,
    EmailLoginForm,
    ProfileForm,
    SignupForm,
)
from .selectors import claim_status

_BACKEND = "django.contrib.auth.backends.ModelBackend"


class _KeyedThrottle(LoginPageThrottle):
    """The login rate, counted under ``kind`` and a key of the caller's choice (an address, an account)."""

    def __init__(self, kind: str, key: str) -> None:
        super().__init__()
        self.kind, self.key = kind, key

    def get_cache_key(self, request, view):
        return f"throttle_{self.scope}_{self.kind}_{self.get_ident(request)}_{self.key}"


def _throttled(request, kind: str, key: str = "") -> int:
    """Seconds to wait when this attempt is past the login rate, else 0 (the attempt is counted)."""
    allowed, wait = allow(request, _KeyedThrottle(kind, key))
    return 0 if allowed else wait


def _too_many(request, template: str, context: dict, wait: int):
    context = {**context, "throttle_message": _(
        "Demasiados intentos. Probá de nuevo en %(seconds)d segundos.") % {"seconds": wait}}
    response = render(request, template, context, status=429)
    response["Retry-After"] = str(wait)
    return response


def player_login_required(view):
    """``login_required`` sending anonymous visitors to the player login."""
    return login_required(view, login_url=reverse_lazy("accounts:login"))


class PlayerLoginView(auth_views.LoginView):
    """Login by e-mail and password, throttled on the judge login's counter (per address and e-mail).

    Past ``ARENA_LOGIN_RATE`` the page answers 429 with ``Retry-After``; no
    password is checked while throttled.
    """

    template_name = "accounts/login.html"
    authentication_form = EmailLoginForm
    redirect_authenticated_user = True
    next_page = reverse_lazy("accounts:profile")

    def post(self, request, *args, **kwargs):
        throttle = LoginPageThrottle()
        if throttle.allow_request(request, self):
            return super().post(request, *args, **kwargs)
        wait = max(1, math.ceil(throttle.wait() or 1))
        form = self.get_form_class()(request)
        return _too_many(request, self.template_name, self.get_context_data(form=form), wait)


@require_http_methods(["GET", "POST"])
def signup(request):
    """New account: e-mail and password; signed in at once and sent to claim their player."""
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    form = SignupForm(request.POST or None)
    if request.method == "POST":
        wait = _throttled(request, "signup")
        if wait:
            return _too_many(request, "accounts/signup.html", {"form": SignupForm()}, wait)
        if form.is_valid():
            try:
                user = services.account_create(email=form.cleaned_data["email"],
                                               password=form.cleaned_data["password1"])
            except AccountError as error:
                form.add_error("email", error.message)
            else:
                auth_login(request, user, backend=_BACKEND)
                messages.success(request, _("¡Listo! Tu cuenta está creada."))
                return redirect("accounts:claim")
    return render(request, "accounts/signup.html", {"form": form})


class PasswordResetView(auth_views.PasswordResetView):
    template_name = "accounts/password_reset_form.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"
    form_class = ArenaPasswordResetForm
    success_url = reverse_lazy("accounts:password_reset_done")

    def post(self, request, *args, **kwargs):
        wait = _throttled(request, "reset")
        if wait:
            return _too_many(request, self.template_name, {"form": self.form_class()}, wait)
        return super().post(request, *args, **kwargs)


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "accounts/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    form_class = ArenaSetPasswordForm
    success_url = reverse_lazy("accounts:password_reset_complete")


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "accounts/password_reset_complete.html"


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    form_class = ArenaPasswordChangeForm
    success_url = reverse_lazy("accounts:profile")

    def form_valid(self, form):
        messages.success(self.request, _("Cambiaste tu contraseña."))
        return super().form_valid(form)


@player_login_required
@require_http_methods(["GET", "POST"])
def claim(request):
    """Type the one-time code the organization gave you: the account becomes that player's."""
    player = player_of_user(request.user)
    if player is not None:
        messages.info(request, _("Tu cuenta ya está vinculada al jugador %(number)s.") % {
            "number": player.player_number})
        return redirect("accounts:profile")
    form = ClaimForm(request.POST or None)
    if request.method == "POST":
        wait = _throttled(request, "claim", str(request.user.pk))
        if wait:
            return _too_many(request, "accounts/claim.html", {"form": ClaimForm()}, wait)
        if form.is_valid():
            try:
                player = services.player_claim(user=request.user, code=form.cleaned_data["code"])
            except AccountError as error:
                form.add_error("code", error.message)
            else:
                messages.success(request, _("¡Listo! Tu cuenta quedó vinculada a %(name)s (%(number)s).") % {
                    "name": player.display_name, "number": player.player_number})
                return redirect("accounts:profile")
    return render(request, "accounts/claim.html", {"form": form})


@player_login_required
@require_http_methods(["GET", "POST"])
def profile(request):
    """Name, e-mail, home venue (its province), player number; e-mail for everyone, the rest with a player."""
    player = Player.objects.select_related("home_venue").filter(user=request.user).first()
    initial = {"email": request.user.email}
    if player is not None:
        initial.update(display_name=player.display_name, home_venue=player.home_venue_id)
    form = ProfileForm(request.POST or None, initial=initial, has_player=player is not None)
    if request.method == "POST" and form.is_valid():
        try:
            services.profile_update(user=request.user, email=form.cleaned_data["email"],
                                    display_name=form.cleaned_data.get("display_name"),
                                    home_venue=form.cleaned_data.get("home_venue"))
        except AccountError as error:
            form.add_error("email", error.message)
        else:
            messages.success(request, _("Guardamos tus datos."))
            return redirect("accounts:profile")
    return render(request, "accounts/profile.html", {"form": form, "player": player})


# --------------------------------------------------------------------------- organizer's side

_NOT_YOURS = gettext_lazy("Sólo los organizadores de la sede del jugador pueden generar sus códigos.")


def _code_page(request, template: str, context: dict):
    response = render(request, template, context)
    response["Cache-Control"] = "no-store"  # a code in clear is never kept by a cache
    return response


@require_http_methods(["GET", "POST"])
def player_code(request, number: str):
    """One player's claim-code status; POST generates a new code, shown once on a printable page.

    For organizers who may change the player (``permissions.can_change_player``).
    """
    if not request.user.is_authenticated:
        return login_redirect(request)
    player = get_object_or_404(Player.objects.select_related("home_venue", "user"), player_number=number)
    if not permissions.can_change_player(request.user, player):
        return forbidden(request, None, reason=permissions.ORGANIZER, message=str(_NOT_YOURS))
    code = None
    if request.method == "POST":
        try:
            code = code_display(services.player_claim_code_create(player=player, by=request.user))
        except AccountError as error:
            messages.error(request, error.message)
            return redirect("accounts:player_code", number=number)
    rows = [{"player": player, "status": claim_status(player), "code": code}]
    return _code_page(request, "accounts/codes.html", {"rows": rows, "event": None, "generated": code is not None,
                                                       "action": request.path})


@event_role_required(permissions.ORGANIZER)
@require_http_methods(["GET", "POST"])
def event_codes(request, event: Event):
    """The event's registered players without an account; POST gives each a new code (a printable list)."""
    players = list(Player.objects.filter(registrations__event=event).select_related("home_venue", "user")
                   .distinct().order_by("display_name", "player_number"))
    codes: dict[int, str] = {}
    if request.method == "POST":
        for player in players:
            if player.user_id is None:
                codes[player.pk] = code_display(services.player_claim_code_create(player=player, by=request.user))
    rows = [{"player": p, "status": claim_status(p), "code": codes.get(p.pk)} for p in players]
    return _code_page(request, "accounts/codes.html", {"rows": rows, "event": event, "generated": bool(codes),
                                                       "action": request.path})


