"""Give the organizers and head judges read access to the event log (data migration)."""
from django.db import migrations

from config.migration_grants import grant_operation

GRANTS = {
    "Organizador": ["view_eventlogentry"],
    "Juez principal": ["view_eventlogentry"],
}


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0007_event_log")]
    operations = [grant_operation(["tournaments"], GRANTS)]
