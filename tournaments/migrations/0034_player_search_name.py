from django.db import migrations, models


def fill(apps, schema_editor):
    """Every existing player gets its folded name and number (what Player.save() keeps from now on)."""
    from tournaments.text import fold

    Player = apps.get_model("tournaments", "Player")
    batch = []
    for player in Player.objects.only("pk", "display_name", "player_number").iterator(chunk_size=2000):
        player.search_name = " ".join(fold(f"{player.display_name} {player.player_number}").split())
        batch.append(player)
        if len(batch) >= 2000:
            Player.objects.bulk_update(batch, ["search_name"])
            batch = []
    if batch:
        Player.objects.bulk_update(batch, ["search_name"])


class Migration(migrations.Migration):
    """Players searched by their folded name and number: «gimenez» finds «Giménez» on every database."""

    dependencies = [
        ("tournaments", "0033_names_refuse_invisible_characters"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="search_name",
            field=models.CharField(blank=True, db_index=True, editable=False, max_length=170,
                                   verbose_name="búsqueda"),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
