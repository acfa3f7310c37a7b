"""Account state changes: sign-up, claim codes, claiming a player, profile edits.

None of these changes an event, so there is no event row to lock and no
event log to append to: each service is one transaction that locks the
**player** row it changes (:func:`tournaments.services.locks.player_lock`,
then the claim code) and leaves the record in
the player's history (``Player.history``, django-simple-history: who,
when, before, after) and on the claim-code row (who generated it, who used
it, when). New players are not created here: player numbers are typed by
the organizers (``tournaments.admin.forms.QuickPlayerForm``), no rule generates
them.
"""
from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Player, Venue
from tournaments.services.locks import claim_code_lock, player_lock

from .codes import code_hash, code_new, code_normalize
from .errors import AccountError
from .models import PlayerClaimCode


def claim_code_days() -> int:
    """Days a claim code stays valid (``ARENA_CLAIM_CODE_DAYS``, 30)."""
    return int(getattr(settings, "ARENA_CLAIM_CODE_DAYS", 30))


def _email_taken(email: str, *, exclude_pk: int | None = None) -> bool:
    users = get_user_model().objects.filter(email__iexact=email.strip())
    if exclude_pk is not None:
        users = users.exclude(pk=exclude_pk)
    return users.exists()


def _username_for(email: str) -> str:
    User = get_user_model()
    base = email.strip().lower()[:150]
    if not User.objects.filter(username__iexact=base).exists():
        return base
    return f"{base[:140]}-{secrets.token_hex(4)}"


@transaction.atomic
def account_create(*, email: str, password: str):
    """Create a player account; returns the user (username derived from the e-mail).

    ``password`` has passed Django's validators in the form. Raises
    :class:`AccountError` ``email_taken`` when another account has the
    e-mail (compared without case).
    """
    email = email.strip()
    if _email_taken(email):
        raise AccountError("email_taken", _("Ya hay una cuenta con ese e-mail. Ingresá o recuperá tu contraseña."))
    return get_user_model().objects.create_user(username=_username_for(email), email=email, password=password)


@transaction.atomic
def player_claim_code_create(*, player: Player | int, by=None) -> str:
    """Generate a new claim code for ``player`` and return it in clear (the only time it is known).

    The player's previous live code, if any, is marked replaced: one live
    code per player. Raises :class:`AccountError` ``already_linked`` when
    the player already has an account.
    """
    locked = player_lock(player)
    if locked.user_id is not None:
        raise AccountError("already_linked", _("%(name)s ya tiene una cuenta vinculada.") % {
            "name": locked.display_name})
    now = timezone.now()
    PlayerClaimCode.objects.filter(player=locked, used_at__isnull=True, replaced_at__isnull=True).update(
        replaced_at=now)
    while True:
        code = code_new()
        try:
            with transaction.atomic():
                PlayerClaimCode.objects.create(
                    player=locked, code_hash=code_hash(code), created_by=by if getattr(by, "pk", None) else None,
                    expires_at=now + timedelta(days=claim_code_days()),
                )
            return code
        except IntegrityError:  # the same code drawn twice (1 in 2^39): draw again
            continue


def _refuse(code: str, message: str) -> AccountError:
    return AccountError(code, message)


@transaction.atomic
def player_claim(*, user, code: str) -> Player:
    """Link ``user`` to the player of the one-time ``code``; returns the player.

    ``code`` as typed (case, spaces and dashes do not matter). Raises
    :class:`AccountError`: ``code_wrong`` (no such code), ``code_used``,
    ``code_replaced``, ``code_expired``, ``account_has_player`` (the account
    is already someone's), ``already_linked`` (the player has an account).
    The link is kept in the player's history with ``user`` as the author.
    """
    if Player.objects.filter(user=user).exists():
        raise _refuse("account_has_player", _("Tu cuenta ya está vinculada a un jugador."))
    row = PlayerClaimCode.objects.filter(code_hash=code_hash(code_normalize(code))).values_list(
        "pk", "player_id").first()
    if row is None:
        raise _refuse("code_wrong", _("El código no es válido. Revisalo o pedile uno nuevo a la organización."))
    player = player_lock(row[1])
    claim = claim_code_lock(row[0], player=player)
    if claim.used_at is not None:
        raise _refuse("code_used", _("Ese código ya se usó. Pedile uno nuevo a la organización."))
    if claim.replaced_at is not None:
        raise _refuse("code_replaced", _("Ese código fue reemplazado por otro más nuevo. Usá el último que te "
                                         "dieron."))
    if claim.expires_at <= timezone.now():
        raise _refuse("code_expired", _("Ese código venció. Pedile uno nuevo a la organización."))
    if player.user_id is not None:
        raise _refuse("already_linked", _("Ese jugador ya tiene una cuenta vinculada. Si es tuyo, hablá con la "
                                          "organización."))
    player.user = user
    player._history_user = user
    player._change_reason = "player_claim"
    player.save(update_fields=["user"])
    claim.used_at, claim.used_by = timezone.now(), user
    claim.save(update_fields=["used_at", "used_by"])
    return player


@transaction.atomic
def profile_update(*, user, email: str, display_name: str | None = None,
                   home_venue: Venue | None = None) -> Player | None:
    """Change the account's e-mail and, when it has a player, the name and home venue.

    Returns the player (or ``None`` without one). The player's changes go
    to its history with ``user`` as the author; the province follows the
    home venue (``Player.province``). Raises :class:`AccountError`
    ``email_taken`` when another account has the e-mail.
    """
    email = email.strip()
    if _email_taken(email, exclude_pk=user.pk):
        raise AccountError("email_taken", _("Ya hay otra cuenta con ese e-mail."))
    if user.email != email:
        user.email = email
        user.save(update_fields=["email"])
    player = Player.objects.filter(user=user).values_list("pk", flat=True).first()
    if player is None:
        return None
    locked = player_lock(player)
    changed = []
    if display_name is not None and display_name.strip() and display_name.strip() != locked.display_name:
        locked.display_name = display_name.strip()
        changed.append("display_name")
    venue_id = home_venue.pk if home_venue is not None else None
    if venue_id != locked.home_venue_id:
        locked.home_venue_id = venue_id
        changed.append("home_venue")
    if changed:
        locked._history_user = user
        locked._change_reason = "profile_update"
        locked.save(update_fields=changed)
    return locked
