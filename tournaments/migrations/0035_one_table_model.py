"""One table model for every format (issue #24 point 1).

Matches become tables of one or two seats (seat 1 is player A) and pods
tables of 2–6 seats; every result entry keeps its per-seat values in
``seats``, every player's report too. Matches keep their ids, so penalties,
rulings, deck checks and the log's references stay valid; pods get new
table ids in the same round and table number. Nothing is dropped before it
is copied.
"""
import django.db.models.deletion
import django.utils.timezone
import simple_history.models
from django.conf import settings
from django.db import migrations, models
from django.db.models import Q

HOW_PLAYED = "played"


def _seat_entry(registration_id, *, games=0, place=None, score=None, how=HOW_PLAYED, minutes_late=None) -> dict:
    return {"registration": registration_id, "games": games, "place": place, "score": score, "how": how,
            "minutes_late": minutes_late}


def _report_seat(registration_id, *, games=0, place=None, score=None) -> dict:
    return {"registration": registration_id, "games": games, "place": place, "score": score}


def forward(apps, schema_editor):
    Table = apps.get_model("tournaments", "Table")
    Seat = apps.get_model("tournaments", "Seat")
    ResultEntry = apps.get_model("tournaments", "ResultEntry")
    TableReport = apps.get_model("tournaments", "TableReport")
    HistoricalTableReport = apps.get_model("tournaments", "HistoricalTableReport")
    PodTable = apps.get_model("tournaments", "PodTable")
    PodSeat = apps.get_model("tournaments", "PodSeat")
    PodResultEntry = apps.get_model("tournaments", "PodResultEntry")
    PodReport = apps.get_model("tournaments", "PodReport")
    HistoricalPodReport = apps.get_model("tournaments", "HistoricalPodReport")

    # Duels: seats 1 and 2 from the match's columns; entries and reports from theirs.
    seats = []
    for table in Table.objects.order_by("pk").iterator(chunk_size=2000):
        seats.append(Seat(table_id=table.pk, round_id=table.round_id, registration_id=table.player_a_id, seat=1,
                          games=table.games_a, how=table.how_a))
        if table.player_b_id is not None:
            seats.append(Seat(table_id=table.pk, round_id=table.round_id, registration_id=table.player_b_id,
                              seat=2, games=table.games_b, how=table.how_b))
        if table.rematch:
            Table.objects.filter(pk=table.pk).update(repeats=1)
        if len(seats) >= 2000:
            Seat.objects.bulk_create(seats)
            seats = []
    Seat.objects.bulk_create(seats)

    sides = {table.pk: (table.player_a_id, table.player_b_id) for table in Table.objects.only("pk")}
    for entry in ResultEntry.objects.order_by("pk").iterator(chunk_size=2000):
        player_a, player_b = sides[entry.table_id]
        values = [_seat_entry(player_a, games=entry.games_a, how=entry.how_a, minutes_late=entry.minutes_late_a)]
        if player_b is not None:
            values.append(_seat_entry(player_b, games=entry.games_b, how=entry.how_b,
                                      minutes_late=entry.minutes_late_b))
        ResultEntry.objects.filter(pk=entry.pk).update(seats=values)
    for model in (TableReport, HistoricalTableReport):
        for report in model.objects.all().iterator(chunk_size=2000):
            player_a, player_b = sides.get(report.table_id, (None, None))
            values = [_report_seat(player_a, games=report.games_a)]
            if player_b is not None:
                values.append(_report_seat(player_b, games=report.games_b))
            pk_name = "history_id" if model is HistoricalTableReport else "pk"
            model.objects.filter(**{pk_name: getattr(report, pk_name)}).update(seats=values)

    # Pods: a new table each, its seats, entries, reports and their history.
    new_table = {}
    for pod in PodTable.objects.order_by("pk").iterator(chunk_size=2000):
        table = Table.objects.create(
            round_id=pod.round_id, table_number=pod.table_number, is_bye=False, status=pod.status,
            version=pod.version, went_to_time=pod.ended_by_time, repeats=pod.repeats, outcome="",
            player_a_id=PodSeat.objects.filter(pod_id=pod.pk).order_by("seat").values_list(
                "registration_id", flat=True).first(),
        )
        new_table[pod.pk] = table.pk
    Seat.objects.bulk_create(
        Seat(table_id=new_table[seat.pod_id], round_id=seat.pod.round_id, registration_id=seat.registration_id,
             seat=seat.seat, place=seat.place, score=seat.score, how=seat.how)
        for seat in PodSeat.objects.select_related("pod").order_by("pk").iterator(chunk_size=2000)
    )
    seat_order = {}
    for seat in PodSeat.objects.order_by("pod_id", "seat"):
        seat_order.setdefault(seat.pod_id, []).append(seat.registration_id)

    def ordered(pod_id, placements, *, with_how):
        by_registration = {line[0]: line for line in placements}
        hows = dict(PodSeat.objects.filter(pod_id=pod_id).values_list("registration_id", "how")) if with_how else {}
        out = []
        for registration_id in seat_order.get(pod_id, [line[0] for line in placements]):
            line = by_registration.get(registration_id, [registration_id, None, None])
            place, score = line[1], (line[2] if len(line) > 2 else None)
            if with_how:
                out.append(_seat_entry(registration_id, place=place, score=score,
                                       how=hows.get(registration_id, HOW_PLAYED)))
            else:
                out.append(_report_seat(registration_id, place=place, score=score))
        return out

    entries = list(PodResultEntry.objects.order_by("pod_id", "version"))
    latest = {}
    for entry in entries:
        latest[entry.pod_id] = entry.pk
    for entry in entries:
        values = ordered(entry.pod_id, entry.placements, with_how=entry.pk == latest[entry.pod_id])
        if entry.pk != latest[entry.pod_id]:
            values = [{**value, "how": HOW_PLAYED, "minutes_late": None} for value in values]
        created = ResultEntry.objects.create(
            table_id=new_table[entry.pod_id], version=entry.version, seats=values, games_drawn=0, outcome="",
            went_to_time=entry.ended_by_time, entered_by_id=entry.entered_by_id, source=entry.source,
            games_a=0, games_b=0,
        )
        ResultEntry.objects.filter(pk=created.pk).update(entered_at=entry.entered_at)

    report_ids = {}
    for report in PodReport.objects.order_by("pk"):
        created = TableReport.objects.create(
            table_id=new_table[report.pod_id], registration_id=report.registration_id,
            seats=ordered(report.pod_id, report.placements, with_how=False), went_to_time=report.ended_by_time,
            locked=report.locked, games_a=0, games_b=0,
        )
        TableReport.objects.filter(pk=created.pk).update(created_at=report.created_at, updated_at=report.updated_at)
        report_ids[report.pk] = created.pk
    HistoricalTableReport.objects.bulk_create(
        HistoricalTableReport(
            id=report_ids.get(row.id, row.id), table_id=new_table.get(row.pod_id), registration_id=row.registration_id,
            seats=ordered(row.pod_id, row.placements, with_how=False), games_a=0, games_b=0, games_drawn=0,
            intentional_draw=False, went_to_time=row.ended_by_time, locked=row.locked, created_at=row.created_at,
            updated_at=row.updated_at, history_date=row.history_date, history_change_reason=row.history_change_reason,
            history_type=row.history_type, history_user_id=row.history_user_id,
        )
        for row in HistoricalPodReport.objects.order_by("history_id")
    )


#: Old model → the model that holds its rows now (for the groups' permissions).
_PERMISSIONS_MOVE = {"match": "table", "matchreport": "tablereport", "historicalmatchreport": "historicaltablereport",
                     "podtable": "table", "podseat": "seat", "podresultentry": "resultentry",
                     "podreport": "tablereport", "historicalpodreport": "historicaltablereport"}


def permissions_move(apps, schema_editor):
    """Each group keeps what it could do: ``change_match`` becomes ``change_table``, ``view_podseat`` ``view_seat``.

    Renaming a model keeps its content type (renamed) and its permissions'
    old codenames; the pod models' permissions stay on stale content types.
    """
    from config.migration_grants import create_all_permissions

    Permission = apps.get_model("auth", "Permission")
    ContentType = apps.get_model("contenttypes", "ContentType")
    for new in ("table", "tablereport", "historicaltablereport"):
        old = {"table": "match", "tablereport": "matchreport", "historicaltablereport": "historicalmatchreport"}[new]
        for permission in Permission.objects.filter(content_type__app_label="tournaments", content_type__model=new,
                                                    codename__endswith=f"_{old}"):
            action = permission.codename.rsplit("_", 1)[0]
            if not Permission.objects.filter(content_type=permission.content_type, codename=f"{action}_{new}").exists():
                permission.codename = f"{action}_{new}"
                permission.save(update_fields=["codename"])
    create_all_permissions(apps)
    Group = apps.get_model("auth", "Group")
    targets = {ct.model: ct for ct in ContentType.objects.filter(app_label="tournaments",
                                                                 model__in=set(_PERMISSIONS_MOVE.values()))}
    for group in Group.objects.all():
        held = group.permissions.filter(content_type__app_label="tournaments",
                                        content_type__model__in=list(_PERMISSIONS_MOVE))
        wanted = []
        for permission in held.select_related("content_type"):
            action = permission.codename.split("_", 1)[0]
            new = _PERMISSIONS_MOVE[permission.content_type.model]
            wanted.extend(Permission.objects.filter(content_type=targets.get(new), codename=f"{action}_{new}"))
        # A table's seats are part of it: whoever may change tables may change their seats.
        for permission in group.permissions.filter(content_type=targets.get("table")):
            action = permission.codename.split("_", 1)[0]
            wanted.extend(Permission.objects.filter(content_type=targets.get("seat"), codename=f"{action}_seat"))
        if wanted:
            group.permissions.add(*wanted)


class Migration(migrations.Migration):
    # The data steps run in their own transaction: PostgreSQL refuses to ALTER a table with the
    # deferred foreign-key checks of rows written earlier in the same transaction still pending.
    atomic = False

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("tournaments", "0034_player_search_name"),
        ("rules", "0009_deck_check_outcomes"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        # -- the match becomes the table; constraints on the old columns go first --
        migrations.RemoveConstraint(model_name="match", name="match_table_unique_per_round"),
        migrations.RemoveConstraint(model_name="match", name="match_player_a_once_per_round"),
        migrations.RemoveConstraint(model_name="match", name="match_player_b_once_per_round"),
        migrations.RemoveConstraint(model_name="match", name="match_bye_has_no_opponent"),
        migrations.RemoveConstraint(model_name="match", name="match_two_different_players"),
        migrations.RemoveConstraint(model_name="resultentry", name="result_entry_version_unique"),
        migrations.RemoveConstraint(model_name="matchreport", name="match_report_once_per_player"),
        migrations.RenameModel(old_name="Match", new_name="Table"),
        migrations.RenameModel(old_name="MatchReport", new_name="TableReport"),
        migrations.RenameModel(old_name="HistoricalMatchReport", new_name="HistoricalTableReport"),
        migrations.AlterField(
            model_name="table", name="round",
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="tables",
                                    to="tournaments.round", verbose_name="ronda"),
        ),
        migrations.AddField(
            model_name="table", name="repeats",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="reencuentros inevitables"),
        ),
        migrations.CreateModel(
            name="Seat",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("seat", models.PositiveSmallIntegerField(verbose_name="asiento")),
                ("games", models.PositiveSmallIntegerField(default=0, verbose_name="partidas ganadas")),
                ("place", models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="puesto")),
                ("score", models.IntegerField(blank=True, null=True, verbose_name="puntaje secundario")),
                ("how", models.CharField(
                    choices=[("played", "Jugó"), ("absent", "Ausente"), ("late", "Llegó tarde"),
                             ("penalty", "Perdió por penalidad")],
                    db_default="played", default="played", max_length=8, verbose_name="cómo terminó")),
                ("registration", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="seats",
                                                   to="tournaments.registration", verbose_name="jugador")),
                ("round", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="seats",
                                            to="tournaments.round", verbose_name="ronda")),
                ("table", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="seats",
                                            to="tournaments.table", verbose_name="mesa")),
            ],
            options={"verbose_name": "asiento", "verbose_name_plural": "asientos", "ordering": ["table", "seat"]},
        ),
        migrations.RenameField(model_name="resultentry", old_name="match", new_name="table"),
        migrations.AlterField(
            model_name="resultentry", name="table",
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="entries",
                                    to="tournaments.table", verbose_name="mesa"),
        ),
        migrations.AddField(model_name="resultentry", name="seats",
                            field=models.JSONField(default=list, verbose_name="asientos")),
        migrations.RenameField(model_name="tablereport", old_name="match", new_name="table"),
        migrations.AlterField(
            model_name="tablereport", name="table",
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="reports",
                                    to="tournaments.table", verbose_name="mesa"),
        ),
        migrations.AlterField(
            model_name="tablereport", name="registration",
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="table_reports",
                                    to="tournaments.registration", verbose_name="jugador"),
        ),
        migrations.AddField(model_name="tablereport", name="seats",
                            field=models.JSONField(default=list, verbose_name="asientos")),
        migrations.RenameField(model_name="historicaltablereport", old_name="match", new_name="table"),
        migrations.AlterField(
            model_name="historicaltablereport", name="table",
            field=models.ForeignKey(blank=True, db_constraint=False, null=True,
                                    on_delete=django.db.models.deletion.DO_NOTHING, related_name="+",
                                    to="tournaments.table", verbose_name="mesa"),
        ),
        migrations.AddField(model_name="historicaltablereport", name="seats",
                            field=models.JSONField(default=list, verbose_name="asientos")),
        migrations.AlterModelOptions(
            name="table",
            options={"ordering": ["round", "table_number"], "verbose_name": "mesa", "verbose_name_plural": "mesas"},
        ),
        migrations.AlterModelOptions(
            name="resultentry",
            options={"ordering": ["table", "version"], "verbose_name": "carga de resultado",
                     "verbose_name_plural": "cargas de resultado"},
        ),
        migrations.AlterModelOptions(
            name="tablereport",
            options={"ordering": ["table", "created_at"], "verbose_name": "reporte de jugador",
                     "verbose_name_plural": "reportes de jugadores"},
        ),
        # -- copy everything onto the new shape --
        migrations.RunPython(forward, migrations.RunPython.noop, atomic=True, elidable=False),
        # -- then the old columns and models go --
        migrations.RemoveField(model_name="table", name="player_a"),
        migrations.RemoveField(model_name="table", name="player_b"),
        migrations.RemoveField(model_name="table", name="games_a"),
        migrations.RemoveField(model_name="table", name="games_b"),
        migrations.RemoveField(model_name="table", name="how_a"),
        migrations.RemoveField(model_name="table", name="how_b"),
        migrations.RemoveField(model_name="table", name="rematch"),
        migrations.RemoveField(model_name="resultentry", name="games_a"),
        migrations.RemoveField(model_name="resultentry", name="games_b"),
        migrations.RemoveField(model_name="resultentry", name="how_a"),
        migrations.RemoveField(model_name="resultentry", name="how_b"),
        migrations.RemoveField(model_name="resultentry", name="minutes_late_a"),
        migrations.RemoveField(model_name="resultentry", name="minutes_late_b"),
        migrations.RemoveField(model_name="tablereport", name="games_a"),
        migrations.RemoveField(model_name="tablereport", name="games_b"),
        migrations.RemoveField(model_name="historicaltablereport", name="games_a"),
        migrations.RemoveField(model_name="historicaltablereport", name="games_b"),
        migrations.DeleteModel(name="HistoricalPodReport"),
        migrations.DeleteModel(name="PodReport"),
        migrations.DeleteModel(name="PodResultEntry"),
        migrations.DeleteModel(name="PodSeat"),
        migrations.DeleteModel(name="PodTable"),
        migrations.AlterField(
            model_name="resultentry", name="outcome",
            field=models.CharField(blank=True, choices=[("a_wins", "Gana A"), ("b_wins", "Gana B"), ("draw", "Empate"),
                                                        ("double_loss", "Doble derrota"), ("bye", "Bye")],
                                   max_length=12, verbose_name="resultado"),
        ),
        migrations.AlterField(
            model_name="resultentry", name="games_drawn",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="partidas empatadas"),
        ),
        migrations.AlterField(
            model_name="resultentry", name="entered_at",
            field=models.DateTimeField(default=django.utils.timezone.now, verbose_name="cargado"),
        ),
        migrations.AddConstraint(
            model_name="table",
            constraint=models.UniqueConstraint(fields=("round", "table_number"), name="table_number_unique_per_round"),
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.UniqueConstraint(fields=("table", "seat"), name="seat_number_unique_per_table"),
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.UniqueConstraint(fields=("round", "registration"), name="seat_player_once_per_round"),
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.CheckConstraint(condition=Q(seat__gte=1), name="seat_number_from_one"),
        ),
        migrations.AddConstraint(
            model_name="resultentry",
            constraint=models.UniqueConstraint(fields=("table", "version"), name="result_entry_version_unique"),
        ),
        migrations.AddConstraint(
            model_name="tablereport",
            constraint=models.UniqueConstraint(fields=("table", "registration"), name="table_report_once_per_player"),
        ),
        migrations.RunPython(permissions_move, migrations.RunPython.noop, atomic=True, elidable=False),
    ]
