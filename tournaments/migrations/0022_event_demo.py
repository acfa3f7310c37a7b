from django.db import migrations, models


class Migration(migrations.Migration):
    """Demo events, kept out of every real table."""

    dependencies = [
        ("tournaments", "0021_help_texts"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="demo",
            field=models.BooleanField(
                default=False,
                help_text="Creado por los comandos de demostración; sus puntos no cuentan en ninguna tabla real.",
                verbose_name="evento de demostración",
            ),
        ),
    ]
