"""Align the seeded games' round defaults with their profiles (data migration).

Planets War games last 15–20 minutes and are played best of three, so a
round is 60 minutes; La Copa del Mundo games last 40–60 minutes, one per
60-minute round (002_c95a30c488414cab.txt; rules/games/planets_war.py).
"""
from django.db import migrations

MINUTES = {"planets_war": (50, 60), "copa_del_mundo": (50, 60)}


def forward(apps, schema_editor):
    Game = apps.get_model("rules", "Game")
    for key, (_old, new) in MINUTES.items():
        Game.objects.filter(key=key).update(default_round_minutes=new)


def backward(apps, schema_editor):
    Game = apps.get_model("rules", "Game")
    for key, (old, _new) in MINUTES.items():
        Game.objects.filter(key=key).update(default_round_minutes=old)


class Migration(migrations.Migration):
    dependencies = [("rules", "0006_catalog_groups")]
    operations = [migrations.RunPython(forward, backward)]
