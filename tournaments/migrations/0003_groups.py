"""Create the role groups Organizador, Juez and Juez principal (data migration).

Group membership gives model permissions in the admin; which events a user
may act on is decided per event by :mod:`tournaments.permissions`.
"""
from django.db import migrations

from config.migration_grants import codenames, grant_permissions

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
    for name, models_by_app in GROUPS.items():
        actions = {model: ACTIONS[name] for models in models_by_app.values() for model in models}
        grant_permissions(apps, models_by_app, {name: codenames(actions)})


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
