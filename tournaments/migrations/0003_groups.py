"""Create the role groups Organizador, Juez and Juez principal (data migration).

Group membership gives model permissions in the admin; which events a user
may act on is decided per event by :mod:`tournaments.permissions`.
"""
from django.db import migrations

GROUPS = {
    "Organizador": {
        "tournaments": ["event", "registration", "round", "match", "player", "resultentry", "document"],
        "rules": ["game"],
    },
    "Juez principal": {"tournaments": ["match", "resultentry", "registration"]},
    "Juez": {"tournaments": ["match", "resultentry"]},
}
ACTIONS = {
    "Organizador": ("add", "change", "view", "delete"),
    "Juez principal": ("change", "view"),
    "Juez": ("change", "view"),
}


def create_groups(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, models_by_app in GROUPS.items():
        group, _ = Group.objects.get_or_create(name=name)
        codenames = [
            f"{action}_{model}" for models in models_by_app.values() for model in models for action in ACTIONS[name]
        ]
        perms = Permission.objects.filter(
            content_type__app_label__in=list(models_by_app), codename__in=codenames
        )
        group.permissions.add(*perms)


def remove_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=list(GROUPS)).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0002_document"),
        ("rules", "0002_seed_games"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]
    operations = [migrations.RunPython(create_groups, remove_groups)]
