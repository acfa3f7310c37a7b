"""Give the role groups their permissions on the penalty log (data migration)."""
from django.db import migrations

from config.migration_grants import grant_operation

GRANTS = {
    "Organizador": ["view_penalty", "view_penaltyrevision", "view_matchruling"],
    "Juez principal": ["view_penalty", "view_penaltyrevision", "view_matchruling", "change_penalty"],
    "Juez": ["view_penalty", "view_matchruling"],
}


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_penalty_log")]
    operations = [grant_operation(["tournaments"], GRANTS)]
