import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    """Decklists online: the submission deadline and the published top decklists."""

    dependencies = [
        ("tournaments", "0019_preregistration"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="decklist_deadline",
            field=models.DateTimeField(
                blank=True, null=True, verbose_name="cierre de las listas de mazo",
                help_text="Hasta cuándo los jugadores cargan y cambian su lista desde el sitio. Vacío: hasta que "
                          "se empareja la ronda 1 (después, sólo los jueces).",
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="decklists_published_at",
            field=models.DateTimeField(blank=True, editable=False, null=True, verbose_name="listas del top publicadas"),
        ),
        migrations.AddField(
            model_name="event",
            name="decklists_published_by",
            field=models.ForeignKey(
                blank=True, editable=False, null=True, on_delete=django.db.models.deletion.SET_NULL,
                related_name="+", to=settings.AUTH_USER_MODEL, verbose_name="publicó las listas",
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="decklists_published",
            field=models.JSONField(blank=True, default=list, editable=False, verbose_name="listas publicadas"),
        ),
    ]
