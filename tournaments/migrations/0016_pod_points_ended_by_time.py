from django.db import migrations, models


class Migration(migrations.Migration):
    """Pod points by share of pod-mates beaten, the default for new events
    (DESIGN.md decision 17), and a pod that ended by time."""

    dependencies = [
        ('tournaments', '0015_indoor_pack_build'),
    ]

    operations = [
        # Events that exist before this migration keep the points table they were scored with, so a finished
        # event's standings do not change; new events score by share (the AlterField's default).
        migrations.AddField(
            model_name='event',
            name='pod_points_mode',
            field=models.CharField(choices=[('share', 'Según los rivales superados (3 × la parte de la mesa que quedó detrás)'), ('table', 'Tabla de puntos por puesto')], default='table', help_text='Predeterminado: nadie suma más por jugar en una mesa más chica; el último de cualquier mesa suma 0 y los empatados comparten el promedio.', max_length=10, verbose_name='puntos de las mesas multijugador'),
        ),
        migrations.AlterField(
            model_name='event',
            name='pod_points_mode',
            field=models.CharField(choices=[('share', 'Según los rivales superados (3 × la parte de la mesa que quedó detrás)'), ('table', 'Tabla de puntos por puesto')], default='share', help_text='Predeterminado: nadie suma más por jugar en una mesa más chica; el último de cualquier mesa suma 0 y los empatados comparten el promedio.', max_length=10, verbose_name='puntos de las mesas multijugador'),
        ),
        migrations.AddField(
            model_name='podtable',
            name='ended_by_time',
            field=models.BooleanField(default=False, verbose_name='terminó por tiempo'),
        ),
        migrations.AddField(
            model_name='podresultentry',
            name='ended_by_time',
            field=models.BooleanField(default=False, verbose_name='terminó por tiempo'),
        ),
    ]
