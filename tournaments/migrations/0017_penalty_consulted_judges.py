from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0016_pod_points_ended_by_time"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="penalty",
            name="consulted_judges",
            field=models.ManyToManyField(
                blank=True, help_text="Jueces del evento con quienes se consultó la sanción (000 § 10.3).",
                related_name="consulted_penalties", to=settings.AUTH_USER_MODEL, verbose_name="jueces consultados",
            ),
        ),
    ]
