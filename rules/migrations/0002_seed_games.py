"""Seed the games of the rulebooks in seeds/ (data migration, reversible)."""
from django.db import migrations

GAMES = [
    # key, name, players per match, best of, round minutes
    ("weed_monsters", "Weed Monsters TCG", 2, 3, 50),
    ("blobbiemundo", "Blobbiemundo", 2, 3, 50),
    ("planets_war", "Planets War", 2, 3, 50),
    ("copa_del_mundo", "La Copa del Mundo", 4, 1, 50),
    ("reinas", "Reinas", 2, 3, 50),
    ("stoner_points", "Puntos Stoner", 6, 1, 50),
]


def seed(apps, schema_editor):
    Game = apps.get_model("rules", "Game")
    for key, name, players, best_of, minutes in GAMES:
        Game.objects.update_or_create(
            key=key,
            defaults={"name": name, "players_per_match": players, "default_best_of": best_of,
                      "default_round_minutes": minutes},
        )


def unseed(apps, schema_editor):
    apps.get_model("rules", "Game").objects.filter(key__in=[g[0] for g in GAMES]).delete()


class Migration(migrations.Migration):
    dependencies = [("rules", "0001_game")]
    operations = [migrations.RunPython(seed, unseed)]
