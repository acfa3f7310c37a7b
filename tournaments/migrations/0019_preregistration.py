import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    """Pre-registration for upcoming events: capacity, waitlist, deadline."""

    dependencies = [
        ("tournaments", "0018_match_reports"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="capacity",
            field=models.PositiveIntegerField(
                blank=True, null=True, verbose_name="cupo",
                help_text="Lugares del torneo; vacío: sin límite. Pasado el cupo, la preinscripción queda en "
                          "lista de espera, por orden de llegada.",
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="preregistration_deadline",
            field=models.DateTimeField(blank=True, null=True, verbose_name="cierre de la preinscripción",
                                       help_text="Vacío: hasta que se cierre la inscripción."),
        ),
        migrations.AddField(
            model_name="event",
            name="preregistration_open",
            field=models.BooleanField(
                default=False, verbose_name="preinscripción abierta",
                help_text="Los jugadores con cuenta pueden preinscribirse desde «Próximos torneos».",
            ),
        ),
        migrations.CreateModel(
            name="PreRegistration",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("state", models.CharField(
                    choices=[("confirmed", "Confirmado"), ("waitlisted", "En lista de espera"),
                             ("cancelled", "Cancelada"), ("checked_in", "Presente")],
                    default="confirmed", max_length=20, verbose_name="estado")),
                ("created_at", models.DateTimeField(db_index=True, default=django.utils.timezone.now,
                                                    verbose_name="pedida")),
                ("cancelled_at", models.DateTimeField(blank=True, null=True, verbose_name="cancelada")),
                ("checked_in_at", models.DateTimeField(blank=True, null=True, verbose_name="presente desde")),
                ("event", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                            related_name="preregistrations", to="tournaments.event",
                                            verbose_name="evento")),
                ("player", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT,
                                             related_name="preregistrations", to="tournaments.player",
                                             verbose_name="jugador")),
                ("registration", models.OneToOneField(blank=True, null=True,
                                                      on_delete=django.db.models.deletion.SET_NULL,
                                                      related_name="preregistration",
                                                      to="tournaments.registration", verbose_name="inscripción")),
            ],
            options={
                "verbose_name": "preinscripción",
                "verbose_name_plural": "preinscripciones",
                "ordering": ["event", "created_at", "pk"],
                "indexes": [models.Index(fields=["event", "state", "created_at"], name="prereg_event_state_idx")],
                "constraints": [models.UniqueConstraint(
                    condition=models.Q(("state", "cancelled"), _negated=True), fields=("event", "player"),
                    name="preregistration_live_once_per_event")],
            },
        ),
    ]
