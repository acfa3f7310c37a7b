from django.db import migrations, models


class Migration(migrations.Migration):
    """Demo seasons: the only tables demo events count in (issue #18)."""

    dependencies = [
        ("leagues", "0005_pro_player_title"),
    ]

    operations = [
        migrations.AddField(
            model_name="season",
            name="demo",
            field=models.BooleanField(
                default=False,
                help_text="Creada por «demo_season»: sólo en ella cuentan los puntos de los eventos de demostración.",
                verbose_name="temporada de demostración",
            ),
        ),
    ]
