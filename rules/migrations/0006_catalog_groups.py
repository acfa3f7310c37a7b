"""Give the role groups their admin permissions on the catalog and decklists.

Organizers edit the card catalog, the ban list and reprint rules (issue #6
§2) and record sealed pools; judges see decklists and record deck checks.
Which events a user may act on is still decided per event by
:mod:`tournaments.permissions`.
"""
from django.db import migrations

GRANTS = {
    "Organizador": {
        "card": ("add", "change", "view", "delete"),
        "cardset": ("add", "change", "view", "delete"),
        "printing": ("add", "change", "view", "delete"),
        "banentry": ("add", "change", "view", "delete"),
        "reprintrule": ("add", "change", "view", "delete"),
        "sealedpool": ("add", "change", "view", "delete"),
        "decklist": ("view",),
        "deckcheck": ("view",),
    },
    "Juez principal": {"decklist": ("view",), "deckcheck": ("add", "view"), "card": ("view",)},
    "Juez": {"decklist": ("view",), "deckcheck": ("add", "view"), "card": ("view",)},
}


def grant(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, models in GRANTS.items():
        group, _ = Group.objects.get_or_create(name=name)
        codenames = [f"{action}_{model}" for model, actions in models.items() for action in actions]
        group.permissions.add(*Permission.objects.filter(content_type__app_label="rules", codename__in=codenames))


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, models in GRANTS.items():
        codenames = [f"{action}_{model}" for model, actions in models.items() for action in actions]
        for group in Group.objects.filter(name=name):
            group.permissions.remove(
                *Permission.objects.filter(content_type__app_label="rules", codename__in=codenames)
            )


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0005_seed_catalog"),
        ("tournaments", "0003_groups"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]
    operations = [migrations.RunPython(grant, revoke)]
