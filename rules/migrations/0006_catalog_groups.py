"""Give the role groups their admin permissions on the catalog and decklists.

Organizers edit the card catalog, the ban list and reprint rules (issue #6
§2) and record sealed pools; judges see decklists and record deck checks.
Which events a user may act on is still decided per event by
:mod:`tournaments.permissions`.
"""
from django.db import migrations

from config.migration_grants import codenames, grant_operation

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


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0005_seed_catalog"),
        ("tournaments", "0003_groups"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]
    operations = [grant_operation(["rules"], {name: codenames(models) for name, models in GRANTS.items()})]
