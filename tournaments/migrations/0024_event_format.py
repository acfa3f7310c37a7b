from django.db import migrations, models


def fill_formats(apps, schema_editor):
    """Every existing event keeps the format its game seated it in (DESIGN.md decision 22)."""
    from rules.games import REGISTRY

    Event = apps.get_model("tournaments", "Event")
    Game = apps.get_model("rules", "Game")
    for game in Game.objects.all():
        profile = REGISTRY.get(game.key)
        key = profile.default_event_format if profile is not None else "duels"
        Event.objects.filter(game=game, format="").update(format=key)


class Migration(migrations.Migration):
    """The format belongs to the event, its default taken from the game's profile."""

    dependencies = [
        ("tournaments", "0023_event_uid"),
        ("rules", "0002_seed_games"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="format",
            field=models.CharField(
                blank=True, max_length=24, verbose_name="sistema de juego",
                help_text="Cómo se juegan las rondas: suizo con reducido, suizo en mesas multijugador, todos contra "
                          "todos o eliminación directa. Vacío: el del juego.",
            ),
        ),
        migrations.RunPython(fill_formats, migrations.RunPython.noop),
    ]
