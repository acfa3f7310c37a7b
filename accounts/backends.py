"""Sign in with the e-mail as the user name (player accounts); staff user names still work (ModelBackend)."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


class EmailBackend(ModelBackend):
    """Authenticate ``username`` as an e-mail (without case) when exactly one account has it."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if not username or "@" not in str(username) or password is None:
            return None
        users = list(get_user_model().objects.filter(email__iexact=str(username).strip())[:2])
        if len(users) != 1:
            get_user_model()().set_password(password)  # same time as a real check (as ModelBackend does)
            return None
        user = users[0]
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None
