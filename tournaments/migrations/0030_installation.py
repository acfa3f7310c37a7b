import secrets

from django.db import migrations, models


def first_row(apps, schema_editor):
    """The one row, with a fresh epoch (a database upgraded in place is not marked production yet)."""
    Installation = apps.get_model("tournaments", "Installation")
    Installation.objects.get_or_create(pk=1, defaults={"epoch": secrets.token_hex(16)})


class Migration(migrations.Migration):
    """What this database is: its kind (production or not) and the epoch every cache key carries."""

    dependencies = [
        ("tournaments", "0025_seat_outcome_how"),
    ]

    operations = [
        migrations.CreateModel(
            name="Installation",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("kind", models.CharField(blank=True, choices=[("", "Sin marcar (desarrollo o demostración)"),
                                                               ("production", "Producción")],
                                          max_length=12, verbose_name="tipo de instalación")),
                ("marked_at", models.DateTimeField(blank=True, null=True, verbose_name="marcada")),
                ("epoch", models.CharField(default="0", max_length=32, verbose_name="época de las cachés")),
                ("epoch_at", models.DateTimeField(blank=True, null=True, verbose_name="época desde")),
            ],
            options={"verbose_name": "instalación", "verbose_name_plural": "instalación"},
        ),
        migrations.RunPython(first_row, migrations.RunPython.noop),
    ]
