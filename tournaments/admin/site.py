"""The console's titles, and the accounts, groups and API tokens: superusers only (issue #15)."""
from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group
from django.utils.translation import gettext_lazy
from rest_framework.authtoken.admin import TokenAdmin
from rest_framework.authtoken.models import TokenProxy

from .scoping import SuperuserOnlyMixin

admin.site.site_header = gettext_lazy("Arena — consola del organizador")
admin.site.site_title = gettext_lazy("Arena")
admin.site.index_title = gettext_lazy("Torneos de la sede")


class ArenaUserAdmin(SuperuserOnlyMixin, UserAdmin):
    """User accounts: superusers only (an organizer must not make themselves staff of another venue)."""


class ArenaGroupAdmin(SuperuserOnlyMixin, GroupAdmin):
    """The role groups and their permissions: superusers only."""


class ArenaTokenAdmin(SuperuserOnlyMixin, TokenAdmin):
    """API tokens of programs: superusers only (a token acts as its user)."""


for _model, _admin_class in ((get_user_model(), ArenaUserAdmin), (Group, ArenaGroupAdmin),
                             (TokenProxy, ArenaTokenAdmin)):
    if admin.site.is_registered(_model):
        admin.site.unregister(_model)
    admin.site.register(_model, _admin_class)
