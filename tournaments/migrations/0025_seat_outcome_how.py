"""How each seat's result came about (issue #25): the fields, then the values of the stored rows.

One migration for both steps (the schema and its data) so the tournaments
app gains a single migration number. The data step derives the value from
what was stored before: more than 10 minutes late in an entry is ``late``;
a double loss is ``absent`` for both; an entry written by a tardiness
penalty that cost the match is ``late`` for the penalized player (minutes
read back from the penalty's message); an entry written by another penalty
that forfeited the match before any game was played is ``penalty``. Each
match takes its latest entry's values. Pod seats stay ``played`` (nothing
stored says otherwise). Reversed, the data step does nothing (the fields go
with the schema step).
"""
import math
import re

from django.db import migrations, models

#: More than this many minutes late loses the match (000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas").
LATE_MATCH_LOSS_MINUTES = 10
FORFEITS = {"lose_match_0_2", "forfeit_match", "disqualify_from_event"}
MINUTES = re.compile(r"Llegó ([0-9]+(?:[.,][0-9]+)?) minutos tarde")


def _late(minutes):
    return minutes is not None and minutes > LATE_MATCH_LOSS_MINUTES


def derive(apps, schema_editor):
    Match = apps.get_model("tournaments", "Match")
    ResultEntry = apps.get_model("tournaments", "ResultEntry")
    Penalty = apps.get_model("tournaments", "Penalty")
    penalties = {}
    for p in Penalty.objects.exclude(match=None).order_by("issued_at", "pk"):
        if FORFEITS & set(p.consequences or ()):
            penalties.setdefault(p.match_id, []).append(p)
    for match in Match.objects.filter(is_bye=False).iterator():
        entries = list(ResultEntry.objects.filter(match=match).order_by("version"))
        if not entries:
            continue
        previous_games = 0
        for entry in entries:
            how = {"a": "played", "b": "played"}
            if entry.outcome == "double_loss":
                how = {"a": "absent", "b": "absent"}
            for side in ("a", "b"):
                if _late(getattr(entry, f"minutes_late_{side}")):
                    how[side] = "late"
            if entry.note.startswith("Penalidad:"):
                for p in penalties.get(match.pk, ()):
                    side = "a" if p.registration_id == match.player_a_id else "b"
                    own = entry.games_a if side == "a" else entry.games_b
                    other = entry.games_b if side == "a" else entry.games_a
                    if own or not other or how[side] != "played":
                        continue
                    if p.infraction_code == "tardiness" and "lose_match_0_2" in (p.consequences or ()):
                        how[side] = "late"
                        found = MINUTES.search(p.message or "")
                        if found and getattr(entry, f"minutes_late_{side}") is None:
                            setattr(entry, f"minutes_late_{side}", math.ceil(float(found.group(1).replace(",", "."))))
                    elif previous_games == 0:
                        how[side] = "penalty"
            entry.how_a, entry.how_b = how["a"], how["b"]
            previous_games = entry.games_a + entry.games_b + entry.games_drawn
        ResultEntry.objects.bulk_update(entries, ["how_a", "how_b", "minutes_late_a", "minutes_late_b"])
        last = entries[-1]
        Match.objects.filter(pk=match.pk).update(how_a=last.how_a, how_b=last.how_b)


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0024_event_format'),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='how_a',
            field=models.CharField(choices=[('played', 'Jugó'), ('absent', 'Ausente'), ('late', 'Llegó tarde'), ('penalty', 'Perdió por penalidad')], db_default='played', default='played', max_length=8, verbose_name='cómo terminó A'),
        ),
        migrations.AddField(
            model_name='match',
            name='how_b',
            field=models.CharField(choices=[('played', 'Jugó'), ('absent', 'Ausente'), ('late', 'Llegó tarde'), ('penalty', 'Perdió por penalidad')], db_default='played', default='played', max_length=8, verbose_name='cómo terminó B'),
        ),
        migrations.AddField(
            model_name='podseat',
            name='how',
            field=models.CharField(choices=[('played', 'Jugó'), ('absent', 'Ausente'), ('late', 'Llegó tarde'), ('penalty', 'Perdió por penalidad')], db_default='played', default='played', max_length=8, verbose_name='cómo terminó'),
        ),
        migrations.AddField(
            model_name='resultentry',
            name='how_a',
            field=models.CharField(choices=[('played', 'Jugó'), ('absent', 'Ausente'), ('late', 'Llegó tarde'), ('penalty', 'Perdió por penalidad')], db_default='played', default='played', max_length=8, verbose_name='cómo terminó A'),
        ),
        migrations.AddField(
            model_name='resultentry',
            name='how_b',
            field=models.CharField(choices=[('played', 'Jugó'), ('absent', 'Ausente'), ('late', 'Llegó tarde'), ('penalty', 'Perdió por penalidad')], db_default='played', default='played', max_length=8, verbose_name='cómo terminó B'),
        ),
        migrations.RunPython(derive, migrations.RunPython.noop),
    ]
