import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("leagues", "0004_league_event_proxy"),
        ("tournaments", "0014_player_history"),
    ]

    operations = [
        migrations.CreateModel(
            name="ProPlayerTitle",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("year", models.PositiveSmallIntegerField(verbose_name="año del título")),
                ("place", models.PositiveSmallIntegerField(choices=[(1, "Campeón"), (2, "2do puesto")],
                                                           verbose_name="puesto")),
                ("awarded_at", models.DateTimeField(auto_now_add=True, verbose_name="otorgado")),
                ("voided_at", models.DateTimeField(blank=True, null=True, verbose_name="anulado")),
                ("voided_reason", models.CharField(blank=True, max_length=200, verbose_name="motivo de la anulación")),
                ("event", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT,
                                            related_name="pro_player_titles", to="tournaments.event",
                                            verbose_name="El Nacional")),
                ("player", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT,
                                             related_name="pro_player_titles", to="tournaments.player",
                                             verbose_name="jugador")),
            ],
            options={
                "verbose_name": "título ProPlayer",
                "verbose_name_plural": "títulos ProPlayer",
                "ordering": ["-year", "place", "pk"],
                "constraints": [
                    models.UniqueConstraint(condition=models.Q(("voided_at__isnull", True)),
                                            fields=("event", "place"), name="pro_player_title_once"),
                    models.CheckConstraint(condition=models.Q(("place__in", [1, 2])),
                                           name="pro_player_title_place_1_or_2"),
                ],
            },
        ),
    ]
