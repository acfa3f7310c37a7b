"""django-import-export resources of the organizer console (issue #4).

- :class:`PlayerResource` imports and exports players from CSV or XLSX with
  the columns ``nombre``, ``número``, ``sede`` and ``provincia`` (the layout
  of ``tests/data/demo_event.csv``; the English headers ``name``,
  ``player_number``, ``venue`` and ``province`` are accepted too). The player
  number is the key: importing a known number updates that player. Every
  problem of a row is reported on that row (the admin shows a table of row
  errors and imports nothing) instead of failing the whole file.
- :class:`StandingsResource` exports an event's Swiss standings, read through
  :func:`tournaments.selectors.standing_rows`, with every tiebreaker
  column.
- :class:`PairingsResource`, :class:`PodPairingsResource` and
  :class:`RegistrationResource` export a round's tables and an event's
  registrations (issue #28 point 3), numbers as numbers.
- :class:`SniffedCSV` and :class:`LimitedXLSX`, the import formats of the
  admin (issue #15): a size limit (``ARENA_IMPORT_MAX_BYTES``), empty files
  refused, UTF-8/BOM/Windows-1252 decoded, comma or semicolon CSVs;
  :class:`LocaleCSV`, the CSV export in the reader's convention. Every
  export of these resources neutralises spreadsheet formulas
  (:func:`tournaments.text.csv_safe`).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from decimal import Decimal

import tablib
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from import_export import fields, resources, widgets
from import_export.formats import base_formats
from import_export.results import RowResult

from . import selectors
from .adapters import secondary_score_label
from .enums import MatchStatus
from .formats import format_for
from .formats.base import PLACE_RESULTS, FinalRow
from .labels import TIEBREAKER_LABELS
from .models import Player, Venue
from .spreadsheets import csv_text
from .swiss.pods import POD_TIEBREAKERS
from .text import (
    collation_key,
    control_characters,
    csv_safe,
    decode_text,
    describe_control,
    fold,
    looks_like_formula,
    score_text,
    sniff_delimiter,
)

logger = logging.getLogger(__name__)

NAME, NUMBER, VENUE, PROVINCE = "nombre", "número", "sede", "provincia"

HEADER_ALIASES = {
    NAME: ("nombre", "name", "display_name", "jugador", "nombre visible"),
    NUMBER: ("número", "numero", "player_number", "nro", "número de jugador", "numero de jugador"),
    VENUE: ("sede", "venue", "home_venue", "sede de origen"),
    PROVINCE: ("provincia", "province"),
}


def _fold(text: str) -> str:
    """A header or venue name as compared: folded (:func:`tournaments.text.fold`), outer spaces dropped."""
    return fold(str(text or "")).strip()


def _canonical_headers(headers: list[str]) -> list[str]:
    """Rename known header spellings to the canonical Spanish column names."""
    lookup = {_fold(alias): canonical for canonical, aliases in HEADER_ALIASES.items() for alias in aliases}
    return [lookup.get(_fold(h), h) for h in headers]


def find_venue(name: str) -> Venue | None:
    """The venue called ``name``, accents, case and outer spaces ignored."""
    name = str(name or "").strip()
    if not name:
        return None
    venue = Venue.objects.filter(name__iexact=name).first()
    if venue is None:
        folded = _fold(name)
        venue = next((v for v in Venue.objects.only("pk", "name", "province") if _fold(v.name) == folded), None)
    return venue


class VenueByNameWidget(widgets.ForeignKeyWidget):
    """A venue by its name (see :func:`find_venue`)."""

    def __init__(self) -> None:
        super().__init__(Venue, field="name")

    def clean(self, value, row=None, **kwargs):
        if not str(value or "").strip():
            return None
        venue = find_venue(value)
        if venue is None:
            raise ValueError(_("La sede «%(name)s» no existe.") % {"name": str(value).strip()})
        return venue


class ImportFileError(ValueError):
    """An uploaded import file refused as a whole (too big, empty); ``str()`` is the Spanish message."""


def check_import_size(data: bytes | str) -> bytes:
    """``data`` as bytes, refused when larger than ``ARENA_IMPORT_MAX_BYTES`` or empty.

    Raises :class:`ImportFileError` (Spanish message with both sizes in bytes).
    """
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    limit = settings.ARENA_IMPORT_MAX_BYTES
    if len(raw) > limit:
        raise ImportFileError(
            _("El archivo pesa %(size)s bytes y el máximo es %(limit)s bytes; dividilo en partes más chicas.")
            % {"size": f"{len(raw):,}".replace(",", "."), "limit": f"{limit:,}".replace(",", ".")}
        )
    if not raw.strip():
        raise ImportFileError(_("El archivo está vacío."))
    return raw


class SniffedCSV(base_formats.CSV):
    """CSV as Excel writes it in es-AR: ``;`` or ``,``, UTF-8 (BOM or not) or Windows-1252.

    Read as bytes (so the admin does not decode it first), size-checked
    before parsing (:func:`check_import_size`), then decoded with
    :func:`tournaments.text.decode_text` and split on the delimiter the
    header uses (:func:`tournaments.text.sniff_delimiter`).
    """

    def is_binary(self) -> bool:
        return True

    def get_read_mode(self) -> str:
        return "rb"

    def create_dataset(self, in_stream, **kwargs):
        text = decode_text(check_import_size(in_stream))
        return tablib.import_set(text, format="csv", delimiter=sniff_delimiter(text), **kwargs)


class LocaleCSV(SniffedCSV):
    """:class:`SniffedCSV` whose exports follow the reader's convention
    (:func:`tournaments.spreadsheets.csv_text`): a BOM, ``;`` and the decimal
    comma in Spanish, ``,`` and the point in English; text cells formula-safe."""

    def export_data(self, dataset, **kwargs) -> str:
        return csv_text(dataset.headers or [], dataset)


class LimitedXLSX(base_formats.XLSX):
    """XLSX with the same size limit as :class:`SniffedCSV`, checked before opening the workbook."""

    def create_dataset(self, in_stream):
        return super().create_dataset(check_import_size(in_stream))


class SafeImportAdminMixin:
    """Admin side of the imports: the formats above, and their refusals shown as written.

    Put it before ``ImportExportModelAdmin`` in the bases. A file refused as
    a whole (:class:`ImportFileError`) shows its own message on the form;
    any other read failure a Spanish one naming the error type.
    """

    import_formats = [SniffedCSV, LimitedXLSX]

    def add_data_read_fail_error_to_form(self, form, e):
        if isinstance(e, ImportFileError):
            form.add_error("import_file", str(e))
            return
        form.add_error("import_file", _(
            "No se pudo leer el archivo (%(error)s): revisá que sea un CSV o un XLSX y que el formato elegido "
            "corresponda."
        ) % {"error": type(e).__name__})

    def add_success_message(self, result, request):
        """The import's totals in Spanish, each count with its own plural (django-import-export's is English)."""
        totals = result.totals
        parts = [
            ngettext("%(n)d nuevo", "%(n)d nuevos", totals[RowResult.IMPORT_TYPE_NEW]),
            ngettext("%(n)d actualizado", "%(n)d actualizados", totals[RowResult.IMPORT_TYPE_UPDATE]),
            ngettext("%(n)d borrado", "%(n)d borrados", totals[RowResult.IMPORT_TYPE_DELETE]),
            ngettext("%(n)d sin cambios", "%(n)d sin cambios", totals[RowResult.IMPORT_TYPE_SKIP]),
        ]
        counts = [totals[RowResult.IMPORT_TYPE_NEW], totals[RowResult.IMPORT_TYPE_UPDATE],
                  totals[RowResult.IMPORT_TYPE_DELETE], totals[RowResult.IMPORT_TYPE_SKIP]]
        listed = ", ".join(part % {"n": n} for part, n in zip(parts, counts))
        messages.success(request, _("Importación terminada (%(what)s): %(totals)s.") % {
            "what": self.model._meta.verbose_name_plural, "totals": listed})


def row_text_errors(row, columns, *, lengths: dict[str, int] | None = None,
                    no_formulas: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """Per-column messages for control characters, over-long text and formulas in ``row``.

    ``columns`` are the row keys to check; ``lengths`` maps a column to its
    limit in characters; ``no_formulas`` lists the columns where a value
    beginning with ``=``, ``+``, ``-`` or ``@`` is refused (a spreadsheet
    would run it). Returns ``{}`` when the row is clean.
    """
    errors: dict[str, list[str]] = {}
    for column in columns:
        value = row.get(column)
        if value is None:
            continue
        text = str(value)
        found = control_characters(text)
        if found:
            errors.setdefault(column, []).append(
                _("Contiene caracteres de control no permitidos (%(chars)s).")
                % {"chars": ", ".join(describe_control(ch) for ch in found)}
            )
        limit = (lengths or {}).get(column)
        if limit is not None and len(text.strip()) > limit:
            errors.setdefault(column, []).append(
                _("Tiene %(n)d caracteres y el máximo es %(limit)d.") % {"n": len(text.strip()), "limit": limit}
            )
        if column in no_formulas and looks_like_formula(text.strip()):
            errors.setdefault(column, []).append(
                _("No puede empezar con «%(char)s»: una planilla lo leería como fórmula.") % {"char": text.strip()[0]}
            )
    return errors


class ImportRowError(ValueError):
    """A row that failed in an unforeseen way; ``str()`` names the row in Spanish (the cause is logged)."""


def missing_columns(headers, required) -> list[str]:
    """The ``required`` column names absent from ``headers``, in ``required``'s order."""
    present = set(headers or [])
    return [column for column in required if column not in present]


class AllOrNothingImportMixin:
    """Imports as one transaction, rolled back when any row is invalid (nothing half-written).

    The result carries no traceback: a file refused as a whole (a missing
    column, raised by ``before_import``) keeps only its Spanish message, and
    a row that failed in an unforeseen way gets :class:`ImportRowError`
    naming the row (the traceback goes to the log), so the admin never
    shows Python's.
    """

    def import_data(self, dataset, dry_run=False, raise_errors=False, use_transactions=None,
                    collect_failed_rows=False, rollback_on_validation_errors=True, **kwargs):
        result = super().import_data(
            dataset,
            dry_run=dry_run,
            raise_errors=raise_errors,
            use_transactions=True if use_transactions is None else use_transactions,
            collect_failed_rows=collect_failed_rows,
            rollback_on_validation_errors=rollback_on_validation_errors,
            **kwargs,
        )
        for error in result.base_errors:
            if not isinstance(error.error, ValueError | ValidationError):
                logger.error("import failed", exc_info=error.error)
                error.error = ImportRowError(_("No se pudo leer el archivo (%(error)s).") % {
                    "error": type(error.error).__name__})
            error.traceback = ""
        for number, errors in result.row_errors():
            for error in errors:
                logger.error("import row %s failed", number, exc_info=error.error)
                error.error = ImportRowError(_("Fila %(row)s: no se pudo leer (%(error)s); revisá sus valores.") % {
                    "row": number, "error": type(error.error).__name__})
                error.traceback = ""
        return result


class FormulaSafeExportMixin:
    """Exports of a resource with every text cell passed through :func:`tournaments.text.csv_safe`;
    a number stays a number (so an XLSX stores it as one, :mod:`tournaments.spreadsheets`)."""

    def export_field(self, field, instance, **kwargs):
        value = super().export_field(field, instance, **kwargs)
        if field.attribute and not hasattr(self, f"dehydrate_{field.column_name}"):
            try:
                raw = field.get_value(instance)
            except Exception:  # noqa: BLE001 - a value that cannot be read raw is exported as rendered
                raw = None
            if isinstance(raw, (int, float, Decimal)) and not isinstance(raw, bool):
                return raw
        return csv_safe(value)


class PlayerResource(AllOrNothingImportMixin, FormulaSafeExportMixin, resources.ModelResource):
    """Players by player number: name, number, home venue (by name), province.

    Import rules, each reported on its row:

    - ``nombre`` and ``número`` are required; a number may appear only once
      in the file.
    - ``sede`` names an existing venue (accents and case ignored). A user
      who may create venues (a superuser) gets a missing venue created with
      the row's ``provincia``; anyone else gets a row error.
    - ``provincia``, when given, must be the venue's province: it catches a
      row that names the wrong venue (league points depend on the province,
      DESIGN.md decision 7). On export it is the home venue's province.
    - No cell may hold control characters, be longer than its model field,
      or begin with ``=``, ``+``, ``-`` or ``@`` (no name or number does;
      a spreadsheet would run it as a formula, issue #15).
    """

    display_name = fields.Field(attribute="display_name", column_name=NAME)
    player_number = fields.Field(attribute="player_number", column_name=NUMBER)
    home_venue = fields.Field(attribute="home_venue", column_name=VENUE, widget=VenueByNameWidget())
    province = fields.Field(column_name=PROVINCE, readonly=True)

    class Meta:
        model = Player
        fields = ("display_name", "player_number", "home_venue", "province")
        export_order = ("display_name", "player_number", "home_venue", "province")
        import_id_fields = ("player_number",)
        skip_unchanged = True
        report_skipped = True
        clean_model_instances = False
        use_bulk = False

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.user = None
        self._seen_numbers: dict[str, int] = {}

    @classmethod
    def get_display_name(cls) -> str:
        return str(gettext_lazy("Jugadores"))

    def dehydrate_province(self, player: Player) -> str:
        return player.province or ""

    def filter_export(self, queryset, **kwargs) -> list[Player]:
        """Export players by name in Spanish order (:func:`tournaments.text.collation_key`), then number."""
        players = super().filter_export(queryset, **kwargs)
        return sorted(players, key=lambda p: (collation_key(p.display_name), p.player_number))


    def before_import(self, dataset, **kwargs) -> None:
        self.user = kwargs.get("user")
        self._seen_numbers = {}
        if dataset.headers:
            dataset.headers = _canonical_headers(list(dataset.headers))
        missing = missing_columns(dataset.headers, (NAME, NUMBER))
        if missing:
            raise ValueError(
                _("Faltan columnas en el archivo: %(cols)s. Columnas esperadas: nombre, número, sede, provincia.")
                % {"cols": ", ".join(missing)}
            )

    def _can_create_venues(self) -> bool:
        return bool(self.user and self.user.has_perm("tournaments.add_venue"))

    def before_import_row(self, row, **kwargs) -> None:
        errors = row_text_errors(
            row,
            (NAME, NUMBER, VENUE, PROVINCE),
            lengths={
                NAME: Player._meta.get_field("display_name").max_length,
                NUMBER: Player._meta.get_field("player_number").max_length,
                VENUE: Venue._meta.get_field("name").max_length,
                PROVINCE: Venue._meta.get_field("province").max_length,
            },
            no_formulas=(NAME, NUMBER, VENUE, PROVINCE),
        )
        for col in (NAME, NUMBER, VENUE, PROVINCE):
            if col in row and row[col] is not None:
                row[col] = str(row[col]).strip()
        if errors:
            raise ValidationError(errors)
        name, number = row.get(NAME) or "", row.get(NUMBER) or ""
        if not name:
            errors.setdefault(NAME, []).append(_("Falta el nombre del jugador."))
        elif len(name) > Player._meta.get_field("display_name").max_length:
            errors.setdefault(NAME, []).append(_("El nombre es demasiado largo."))
        if not number:
            errors.setdefault(NUMBER, []).append(_("Falta el número de jugador."))
        elif len(number) > Player._meta.get_field("player_number").max_length:
            errors.setdefault(NUMBER, []).append(_("El número es demasiado largo."))
        else:
            row_number = kwargs.get("row_number")
            first = self._seen_numbers.setdefault(number, row_number)
            if first != row_number:
                errors.setdefault(NUMBER, []).append(
                    _("El número %(number)s ya aparece en la fila %(row)s del archivo.")
                    % {"number": number, "row": first}
                )
        venue_name, province = row.get(VENUE) or "", row.get(PROVINCE) or ""
        if venue_name:
            venue = find_venue(venue_name)
            if venue is None and not self._can_create_venues():
                errors.setdefault(VENUE, []).append(
                    _("La sede «%(name)s» no existe. Pedile a la administración que la cree o corregí el nombre.")
                    % {"name": venue_name}
                )
            elif venue is None and not province:
                errors.setdefault(VENUE, []).append(
                    _("La sede «%(name)s» no existe; indicá su provincia para crearla.") % {"name": venue_name}
                )
            elif venue is not None:
                row[VENUE] = venue.name
                if province and _fold(province) != _fold(venue.province):
                    errors.setdefault(PROVINCE, []).append(
                        _("La sede «%(venue)s» es de %(real)s, no de %(given)s.")
                        % {"venue": venue.name, "real": venue.province, "given": province}
                    )
        elif province:
            errors.setdefault(VENUE, []).append(_("Indicó la provincia pero no la sede."))
        if errors:
            raise ValidationError(errors)

    def import_instance(self, instance, row, **kwargs) -> None:
        venue_name, province = row.get(VENUE) or "", row.get(PROVINCE) or ""
        if venue_name and find_venue(venue_name) is None:
            # Only reached for a user who may create venues (checked per row above).
            Venue.objects.create(name=venue_name, province=province)
        super().import_instance(instance, row, **kwargs)

    def import_field(self, field, instance, row, is_m2m=False, **kwargs) -> None:
        try:
            super().import_field(field, instance, row, is_m2m=is_m2m, **kwargs)
        except ValueError as exc:
            raise ValidationError({field.column_name: [str(exc)]}) from exc


def _status(row) -> str:
    if row.disqualified:
        return _("Descalificado")
    if row.dropped:
        return _("Abandonó")
    return _("Activo")


class StandingsResource(FormulaSafeExportMixin, resources.Resource):
    """The Swiss standings of one event, a row per registration in rank order.

    Export only. Rows are :class:`tournaments.adapters.StandingRow`; the
    tiebreaker columns follow the rulebook's order (000 § "Desempates"):
    match points, wins, Buchholz, head-to-head ("Handicap: vs"), game
    differential ("Handicap: x"), then technical tie. ``podium`` maps a
    registration id to its place (1, 2, 3) once the event is finished.
    """

    rank = fields.Field(attribute="rank", column_name="Puesto")
    display_name = fields.Field(attribute="display_name", column_name="Jugador")
    player_number = fields.Field(attribute="player_number", column_name="Número")
    venue = fields.Field(attribute="venue", column_name="Sede")
    match_points = fields.Field(attribute="match_points", column_name=str(TIEBREAKER_LABELS["match_points"]))
    wins = fields.Field(attribute="wins", column_name="Victorias")
    draws = fields.Field(attribute="draws", column_name="Empates")
    losses = fields.Field(attribute="losses", column_name="Derrotas")
    byes = fields.Field(attribute="byes", column_name="Byes")
    buchholz = fields.Field(attribute="buchholz", column_name=str(TIEBREAKER_LABELS["buchholz"]))
    head_to_head = fields.Field(attribute="head_to_head", column_name=str(TIEBREAKER_LABELS["head_to_head"]))
    game_differential = fields.Field(
        attribute="game_differential", column_name=str(TIEBREAKER_LABELS["game_differential"])
    )
    game_wins = fields.Field(attribute="game_wins", column_name="Partidas ganadas")
    game_losses = fields.Field(attribute="game_losses", column_name="Partidas perdidas")
    game_draws = fields.Field(attribute="game_draws", column_name="Partidas empatadas")
    matches_played = fields.Field(attribute="matches_played", column_name="Matches jugados")
    technical_tie = fields.Field(column_name=str(TIEBREAKER_LABELS["technical"]))
    separated_by = fields.Field(column_name="Desempate decisivo")
    status = fields.Field(column_name="Estado")
    podium = fields.Field(column_name="Podio")
    swiss_rank = fields.Field(attribute="swiss_rank", column_name="Puesto suizo")

    def __init__(self, *, podium: dict[int, int] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.podium_places = podium or {}

    def dehydrate_match_points(self, row) -> int | float:
        return _number(row.match_points)

    def dehydrate_buchholz(self, row) -> int | float:
        return _number(row.buchholz)

    def dehydrate_technical_tie(self, row) -> str:
        return _("Sí") if row.technical_tie else _("No")

    def dehydrate_separated_by(self, row) -> str:
        """The Swiss criterion; in a finished event's final rows a top-cut player's stage instead («Campeón»…)."""
        cut = row.cut_label if isinstance(row, FinalRow) else ""
        return cut or str(TIEBREAKER_LABELS.get(row.separated_by, row.separated_by or ""))

    def dehydrate_status(self, row) -> str:
        return _status(row)

    def dehydrate_podium(self, row) -> str:
        place = self.podium_places.get(row.registration_id)
        return f"{place}º" if place else ""


def _number(value: float) -> int | float:
    """Points as a spreadsheet number: ``3``, ``2.5`` (written in the reader's convention by
    :mod:`tournaments.spreadsheets`)."""
    return int(value) if float(value).is_integer() else float(value)


class PodStandingsResource(FormulaSafeExportMixin, resources.Resource):
    """The pod standings of one event (multiplayer games), a row per registration in rank order.

    Export only. Rows are :class:`tournaments.selectors.places.PodStandingRow`;
    the columns follow the ranking: placement points, opponents' points (the
    sum of the pod-mates' points), the game's secondary score (titled
    ``score_label``, e.g. "Puntos stoner"; left out when the game has none),
    then technical tie; "Puestos" lists the place of each round ("1-3-2").
    ``podium`` maps a registration id to its place (1, 2, 3) once the event
    is finished.
    """

    rank = fields.Field(attribute="rank", column_name="Puesto")
    display_name = fields.Field(attribute="display_name", column_name="Jugador")
    player_number = fields.Field(attribute="player_number", column_name="Número")
    venue = fields.Field(attribute="venue", column_name="Sede")
    points = fields.Field(attribute="points", column_name=POD_TIEBREAKERS["points"].name_es)
    opponents_points = fields.Field(attribute="opponents_points",
                                    column_name=POD_TIEBREAKERS["opponents_points"].name_es)
    secondary_score = fields.Field(attribute="secondary_score", column_name=POD_TIEBREAKERS["secondary_score"].name_es)
    places = fields.Field(attribute="places_text", column_name="Puestos")
    pods_played = fields.Field(attribute="pods_played", column_name="Mesas jugadas")
    technical_tie = fields.Field(column_name=str(TIEBREAKER_LABELS["technical"]))
    separated_by = fields.Field(column_name="Desempate decisivo")
    status = fields.Field(column_name="Estado")
    podium = fields.Field(column_name="Podio")

    def __init__(self, *, podium: dict[int, int] | None = None, score_label: str | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.podium_places = podium or {}
        self.score_label = score_label
        if score_label:
            self.fields["secondary_score"].column_name = score_label
        else:
            del self.fields["secondary_score"]

    def dehydrate_technical_tie(self, row) -> str:
        return _("Sí") if row.technical_tie else _("No")

    def dehydrate_separated_by(self, row) -> str:
        if row.separated_by == "secondary_score" and self.score_label:
            return self.score_label
        tiebreaker = POD_TIEBREAKERS.get(row.separated_by or "")
        return tiebreaker.name_es if tiebreaker else ""

    def dehydrate_status(self, row) -> str:
        return _status(row)

    def dehydrate_podium(self, row) -> str:
        place = self.podium_places.get(row.registration_id)
        return f"{place}º" if place else ""


def _yes_no(flag: bool) -> str:
    return _("Sí") if flag else _("No")


def score_cells(games_a: int, games_b: int, games_drawn: int, *, pending: bool) -> tuple:
    """``(games A, games B, drawn)`` as spreadsheet numbers, or three empty cells while pending."""
    return (None, None, None) if pending else (games_a, games_b, games_drawn)


class PairingsResource(FormulaSafeExportMixin, resources.Resource):
    """The tables of one round of two-player tables, a row per table in table order, the bye last.

    Export only. Rows are :class:`tournaments.selectors.PairingRow`. The
    games are numbers (empty while the table has no result); «Resultado» is
    the score as the pages write it (:func:`tournaments.text.score_text`:
    ``2-0``, ``1-1-1``), «Bye» or «Pendiente».
    """

    table = fields.Field(column_name=gettext_lazy("Mesa"))
    player_a = fields.Field(attribute="player_a", column_name=gettext_lazy("Jugador A"))
    number_a = fields.Field(attribute="player_a_number", column_name=gettext_lazy("Número A"))
    player_b = fields.Field(column_name=gettext_lazy("Jugador B"))
    number_b = fields.Field(column_name=gettext_lazy("Número B"))
    games_a = fields.Field(column_name=gettext_lazy("Partidas A"))
    games_b = fields.Field(column_name=gettext_lazy("Partidas B"))
    games_drawn = fields.Field(column_name=gettext_lazy("Partidas empatadas"))
    result = fields.Field(column_name=gettext_lazy("Resultado"))
    status = fields.Field(column_name=gettext_lazy("Estado"))

    def _games(self, row) -> tuple:
        return score_cells(row.games_a, row.games_b, row.games_drawn,
                           pending=row.is_bye or row.status == MatchStatus.PENDING)

    def dehydrate_table(self, row) -> int | None:
        return row.table_number

    def dehydrate_player_b(self, row) -> str:
        return _("Bye") if row.is_bye else row.player_b or ""

    def dehydrate_number_b(self, row) -> str:
        return "" if row.is_bye else row.player_b_number or ""

    def dehydrate_games_a(self, row) -> int | None:
        return self._games(row)[0]

    def dehydrate_games_b(self, row) -> int | None:
        return self._games(row)[1]

    def dehydrate_games_drawn(self, row) -> int | None:
        return self._games(row)[2]

    def dehydrate_result(self, row) -> str:
        if row.is_bye:
            return _("Bye")
        if row.status == MatchStatus.PENDING:
            return _("Pendiente")
        return score_text(row.games_a, row.games_b, row.games_drawn)

    def dehydrate_status(self, row) -> str:
        return str(MatchStatus(row.status).label)


@dataclass(frozen=True, slots=True)
class PodSeatLine:
    """One seat of a pod as a spreadsheet row: the pod's table and status, the seat's player and result."""

    table_number: int
    status: str
    seat: int
    display_name: str
    player_number: str
    place: int | None
    score: int | None


def pod_seat_lines(pods) -> list[PodSeatLine]:
    """The seats of ``pods`` (:class:`tournaments.selectors.places.PodRow`, table order) in seat order."""
    return [
        PodSeatLine(pod.table_number, pod.status, seat.seat, seat.display_name, seat.player_number, seat.place,
                    seat.score)
        for pod in pods for seat in pod.seats
    ]


class PodPairingsResource(FormulaSafeExportMixin, resources.Resource):
    """The pods of one round (multiplayer games), a row per seat: table, seat, player, place, score.

    Export only. Rows are :class:`PodSeatLine`. Place and score are numbers,
    empty until the pod's result is entered; the score column is titled
    ``score_label`` (e.g. "Puntos stoner") and left out when the game has
    no secondary score.
    """

    table = fields.Field(attribute="table_number", column_name=gettext_lazy("Mesa"))
    seat = fields.Field(attribute="seat", column_name=gettext_lazy("Asiento"))
    display_name = fields.Field(attribute="display_name", column_name=gettext_lazy("Jugador"))
    player_number = fields.Field(attribute="player_number", column_name=gettext_lazy("Número"))
    place = fields.Field(column_name=gettext_lazy("Puesto"))
    score = fields.Field(column_name=gettext_lazy("Puntos"))
    status = fields.Field(column_name=gettext_lazy("Estado"))

    def __init__(self, *, score_label: str | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        if score_label:
            self.fields["score"].column_name = score_label
        else:
            del self.fields["score"]

    def dehydrate_place(self, line: PodSeatLine) -> int | None:
        return line.place

    def dehydrate_score(self, line: PodSeatLine) -> int | None:
        return line.score

    def dehydrate_status(self, line: PodSeatLine) -> str:
        return str(MatchStatus(line.status).label)


class RegistrationResource(FormulaSafeExportMixin, resources.Resource):
    """The registrations of one event, a row per player in Spanish name order, then number.

    Export only. Rows are :class:`tournaments.models.Registration` with
    ``player__home_venue`` loaded. «Desde la ronda» is the first round the
    player plays (1, or the round of a late entry) and «Abandonó tras la
    ronda» the last one played by a player who dropped (numbers); the «Pack
    Indoor» column is there for a Torneo Indoor only (``indoor``).
    """

    display_name = fields.Field(column_name=gettext_lazy("Jugador"))
    player_number = fields.Field(column_name=gettext_lazy("Número"))
    venue = fields.Field(column_name=gettext_lazy("Sede"))
    province = fields.Field(column_name=gettext_lazy("Provincia"))
    checked_in = fields.Field(column_name=gettext_lazy("Presente"))
    joined_round = fields.Field(column_name=gettext_lazy("Desde la ronda"))
    status = fields.Field(column_name=gettext_lazy("Estado"))
    dropped_after_round = fields.Field(column_name=gettext_lazy("Abandonó tras la ronda"))
    pack_indoor = fields.Field(column_name=gettext_lazy("Pack Indoor"))

    def __init__(self, *, indoor: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        if not indoor:
            del self.fields["pack_indoor"]

    def filter_export(self, queryset, **kwargs) -> list:
        return sorted(queryset, key=lambda r: (collation_key(r.player.display_name), r.player.player_number))

    def dehydrate_display_name(self, reg) -> str:
        return reg.player.display_name

    def dehydrate_player_number(self, reg) -> str:
        return reg.player.player_number

    def dehydrate_venue(self, reg) -> str:
        return reg.player.home_venue.name if reg.player.home_venue_id else ""

    def dehydrate_province(self, reg) -> str:
        return reg.player.province or ""

    def dehydrate_checked_in(self, reg) -> str:
        return _yes_no(reg.checked_in)

    def dehydrate_joined_round(self, reg) -> int:
        return reg.joined_round

    def dehydrate_status(self, reg) -> str:
        return _status(reg)

    def dehydrate_dropped_after_round(self, reg) -> int | None:
        return reg.dropped_after_round if reg.dropped else None

    def dehydrate_pack_indoor(self, reg) -> str:
        return _yes_no(reg.pack_indoor)


def pairings_dataset(rnd) -> tablib.Dataset:
    """The tables of ``rnd`` (a :class:`~tournaments.models.Round` with its event) as its event's format
    seats them: a row per table of two (:class:`PairingsResource`) or per seat of a pod
    (:class:`PodPairingsResource`)."""
    fmt = format_for(rnd.event)
    rows = selectors.table_rows(rnd.event, rnd)
    if fmt.table_results == PLACE_RESULTS:
        return PodPairingsResource(score_label=secondary_score_label(rnd.event)).export(pod_seat_lines(rows))
    return PairingsResource().export(rows)


def export_stem(prefix: str, event, suffix: str = "") -> str:
    """A download's file name without extension: ``<prefix>-<event slug>-<date>[-<suffix>]``."""
    stem = f"{prefix}-{slugify(event.name) or event.pk}-{event.date:%Y-%m-%d}"
    return f"{stem}-{suffix}" if suffix else stem
