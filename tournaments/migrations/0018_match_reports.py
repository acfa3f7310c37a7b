import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    """Players' own reports of their match or pod result (self-reporting)."""

    dependencies = [
        ("tournaments", "0017_penalty_consulted_judges"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='event',
            name='self_reporting',
            field=models.BooleanField(default=False, help_text='Los jugadores cargan el resultado de su mesa desde el teléfono; cuenta cuando todos reportan lo mismo y, si no coinciden, lo resuelve un juez; lo que carga un juez siempre prevalece.', verbose_name='autorreporte de resultados'),
        ),
        migrations.AddField(
            model_name='podresultentry',
            name='source',
            field=models.CharField(choices=[('judge', 'Juez'), ('players', 'Jugadores'), ('organizer', 'Organizador')], default='judge', max_length=10, verbose_name='origen'),
        ),
        migrations.AddField(
            model_name='resultentry',
            name='source',
            field=models.CharField(choices=[('judge', 'Juez'), ('players', 'Jugadores'), ('organizer', 'Organizador')], default='judge', max_length=10, verbose_name='origen'),
        ),
        migrations.CreateModel(
            name='HistoricalMatchReport',
            fields=[
                ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                ('games_a', models.PositiveSmallIntegerField(verbose_name='partidas A')),
                ('games_b', models.PositiveSmallIntegerField(verbose_name='partidas B')),
                ('games_drawn', models.PositiveSmallIntegerField(default=0, verbose_name='partidas empatadas')),
                ('intentional_draw', models.BooleanField(default=False, verbose_name='empate intencional')),
                ('went_to_time', models.BooleanField(default=False, verbose_name='terminó por tiempo')),
                ('locked', models.BooleanField(default=False, verbose_name='cerrado')),
                ('created_at', models.DateTimeField(blank=True, editable=False, verbose_name='reportado')),
                ('updated_at', models.DateTimeField(blank=True, editable=False, verbose_name='actualizado')),
                ('history_id', models.AutoField(primary_key=True, serialize=False)),
                ('history_date', models.DateTimeField(db_index=True)),
                ('history_change_reason', models.CharField(max_length=100, null=True)),
                ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('match', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tournaments.match', verbose_name='emparejamiento')),
                ('registration', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tournaments.registration', verbose_name='jugador')),
            ],
            options={
                'verbose_name': 'historical reporte de jugador',
                'verbose_name_plural': 'historical reportes de jugadores',
                'ordering': ('-history_date', '-history_id'),
                'get_latest_by': ('history_date', 'history_id'),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name='HistoricalPodReport',
            fields=[
                ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                ('placements', models.JSONField(verbose_name='puestos')),
                ('ended_by_time', models.BooleanField(default=False, verbose_name='terminó por tiempo')),
                ('locked', models.BooleanField(default=False, verbose_name='cerrado')),
                ('created_at', models.DateTimeField(blank=True, editable=False, verbose_name='reportado')),
                ('updated_at', models.DateTimeField(blank=True, editable=False, verbose_name='actualizado')),
                ('history_id', models.AutoField(primary_key=True, serialize=False)),
                ('history_date', models.DateTimeField(db_index=True)),
                ('history_change_reason', models.CharField(max_length=100, null=True)),
                ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('pod', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tournaments.podtable', verbose_name='mesa')),
                ('registration', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tournaments.registration', verbose_name='jugador')),
            ],
            options={
                'verbose_name': 'historical reporte de mesa de jugador',
                'verbose_name_plural': 'historical reportes de mesa de jugadores',
                'ordering': ('-history_date', '-history_id'),
                'get_latest_by': ('history_date', 'history_id'),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name='MatchReport',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('games_a', models.PositiveSmallIntegerField(verbose_name='partidas A')),
                ('games_b', models.PositiveSmallIntegerField(verbose_name='partidas B')),
                ('games_drawn', models.PositiveSmallIntegerField(default=0, verbose_name='partidas empatadas')),
                ('intentional_draw', models.BooleanField(default=False, verbose_name='empate intencional')),
                ('went_to_time', models.BooleanField(default=False, verbose_name='terminó por tiempo')),
                ('locked', models.BooleanField(default=False, verbose_name='cerrado')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='reportado')),
                ('updated_at', models.DateTimeField(auto_now=True, verbose_name='actualizado')),
                ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='reports', to='tournaments.match', verbose_name='emparejamiento')),
                ('registration', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='match_reports', to='tournaments.registration', verbose_name='jugador')),
            ],
            options={
                'verbose_name': 'reporte de jugador',
                'verbose_name_plural': 'reportes de jugadores',
                'ordering': ['match', 'created_at'],
                'constraints': [models.UniqueConstraint(fields=('match', 'registration'), name='match_report_once_per_player')],
            },
        ),
        migrations.CreateModel(
            name='PodReport',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('placements', models.JSONField(verbose_name='puestos')),
                ('ended_by_time', models.BooleanField(default=False, verbose_name='terminó por tiempo')),
                ('locked', models.BooleanField(default=False, verbose_name='cerrado')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='reportado')),
                ('updated_at', models.DateTimeField(auto_now=True, verbose_name='actualizado')),
                ('pod', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='reports', to='tournaments.podtable', verbose_name='mesa')),
                ('registration', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='pod_reports', to='tournaments.registration', verbose_name='jugador')),
            ],
            options={
                'verbose_name': 'reporte de mesa de jugador',
                'verbose_name_plural': 'reportes de mesa de jugadores',
                'ordering': ['pod', 'created_at'],
                'constraints': [models.UniqueConstraint(fields=('pod', 'registration'), name='pod_report_once_per_player')],
            },
        ),
    ]
