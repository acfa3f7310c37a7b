import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("rules", "0008_undated_seed_bans"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="deckcheck",
            name="findings",
            field=models.JSONField(
                blank=True, default=list,
                verbose_name="ítems del chequeo que fallaron",
            ),
        ),
        migrations.AddField(
            model_name="deckcheck",
            name="amendments",
            field=models.JSONField(
                blank=True, default=list,
                verbose_name="reemplazos de cartas dañadas",
            ),
        ),
        migrations.AddField(
            model_name="deckcheck",
            name="decision",
            field=models.TextField(blank=True, verbose_name="decisión del juez principal"),
        ),
        migrations.AddField(
            model_name="deckcheck",
            name="decision_by",
            field=models.ForeignKey(
                blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+",
                to=settings.AUTH_USER_MODEL, verbose_name="decidió",
            ),
        ),
        migrations.AddField(
            model_name="deckcheck",
            name="decision_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="decidido el"),
        ),
    ]
