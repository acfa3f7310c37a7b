import uuid

from django.db import migrations, models


def fill_uids(apps, schema_editor):
    """Give every existing event its own uid (a callable default on AddField would give them all one)."""
    Event = apps.get_model("tournaments", "Event")
    for pk in Event.objects.filter(uid__isnull=True).values_list("pk", flat=True).iterator():
        Event.objects.filter(pk=pk).update(uid=uuid.uuid4())


class Migration(migrations.Migration):
    """An event's stable id across installations (offline venues publishing to the national server)."""

    dependencies = [
        ("tournaments", "0022_event_demo"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identificador global"),
        ),
        migrations.RunPython(fill_uids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="event",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identificador global",
            ),
        ),
    ]
