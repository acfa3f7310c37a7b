"""Group permissions for data migrations: the grant and revoke steps they share.

Migrations import this module, so it must keep working with the historical
models handed to ``RunPython`` (``apps``): it uses nothing but ``auth.Group``,
``auth.Permission`` and Django's ``create_permissions``. A grant maps a group
name to permission codenames (``"view_penalty"``); :func:`codenames` spells
them from ``{model: actions}``.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping


def codenames(actions_by_model: Mapping[str, Iterable[str]]) -> list[str]:
    """``{"card": ("add", "view")}`` → ``["add_card", "view_card"]``."""
    return [f"{action}_{model}" for model, actions in actions_by_model.items() for action in actions]


def create_all_permissions(apps) -> None:
    """Create the permissions of every model now, not after the whole ``migrate`` (a fresh database has none yet)."""
    from django.contrib.auth.management import create_permissions

    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None


def grant_permissions(apps, app_labels: Iterable[str], grants: Mapping[str, Iterable[str]]) -> None:
    """Give each group (created when missing) its codenames among the models of ``app_labels``."""
    create_all_permissions(apps)
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    labels = list(app_labels)
    for name, names in grants.items():
        group, _ = Group.objects.get_or_create(name=name)
        group.permissions.add(*Permission.objects.filter(content_type__app_label__in=labels, codename__in=list(names)))


def revoke_permissions(apps, app_labels: Iterable[str], grants: Mapping[str, Iterable[str]]) -> None:
    """Take back what :func:`grant_permissions` gave; the groups stay."""
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    labels = list(app_labels)
    for name, names in grants.items():
        for group in Group.objects.filter(name=name):
            group.permissions.remove(
                *Permission.objects.filter(content_type__app_label__in=labels, codename__in=list(names))
            )


def grant_operation(app_labels: Iterable[str], grants: Mapping[str, Iterable[str]]):
    """A ``RunPython`` that grants ``grants`` forwards and revokes them backwards."""
    from django.db import migrations

    labels = tuple(app_labels)

    def grant(apps, schema_editor):
        grant_permissions(apps, labels, grants)

    def revoke(apps, schema_editor):
        revoke_permissions(apps, labels, grants)

    return migrations.RunPython(grant, revoke)
