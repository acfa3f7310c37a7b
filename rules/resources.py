"""CSV import/export of the card catalog (django-import-export, admin).

Each resource reads and writes the columns of
:data:`rules.catalog.CSV_COLUMNS`, so ``rules/data/*.csv`` and a venue's
own files import as they are. Cells follow the pure core's conventions:
lists separated by "|", booleans 1/0, sí/no, true/false; dates AAAA-MM-DD;
card types by key ("gem") or Spanish label ("Gema"); sets by code, name or
alias; cards by name or alias with case and accents ignored. A bad cell is
a row error naming the column, shown in the admin's preview, and nothing
is imported until every row is valid. Rows already in the catalog (same
game and code / name) are updated, not duplicated.
"""
from __future__ import annotations

from django.core.exceptions import FieldDoesNotExist, ObjectDoesNotExist, ValidationError
from django.utils.translation import gettext as _
from import_export import fields, resources, widgets

from tournaments.resources import (
    AllOrNothingImportMixin,
    FormulaSafeExportMixin,
    missing_columns,
    row_text_errors,
)

from .catalog import CSV_COLUMNS, BanScope, _as_bool, _as_date, normalize_name
from .models import BanEntry, Card, CardSet, Game, Printing, ReprintRule, split_aliases


def _game_of(row) -> Game:
    return GameWidget().clean(row.get("game"), row=row)


class GameWidget(widgets.ForeignKeyWidget):
    """A game by its key ("weed_monsters")."""

    def __init__(self) -> None:
        super().__init__(Game, field="key")

    def clean(self, value, row=None, **kwargs):
        key = (value or "").strip()
        if not key:
            raise ValueError("falta el juego (columna game)")
        game = Game.objects.filter(key=key).first()
        if game is None:
            known = ", ".join(Game.objects.order_by("key").values_list("key", flat=True))
            raise ValueError(f"juego desconocido «{key}»; juegos: {known}")
        return game


class YesNoWidget(widgets.Widget):
    """1/0, sí/no, true/false, x or empty (= no)."""

    def clean(self, value, row=None, **kwargs):
        return _as_bool(str(value or ""))

    def render(self, value, obj=None, **kwargs):
        return "1" if value else "0"


class IsoDateWidget(widgets.Widget):
    """AAAA-MM-DD; empty is None unless ``required``."""

    def __init__(self, required: bool = True) -> None:
        super().__init__()
        self.required = required

    def clean(self, value, row=None, **kwargs):
        text = str(value or "").strip()
        if not text:
            if self.required:
                raise ValueError("falta la fecha (AAAA-MM-DD)")
            return None
        if hasattr(value, "isoformat") and not isinstance(value, str):
            return value if not hasattr(value, "date") else value.date()
        return _as_date(text)

    def render(self, value, obj=None, **kwargs):
        return value.isoformat() if value else ""


class IntWidget(widgets.Widget):
    """A whole number; empty is None unless ``required``."""

    def __init__(self, required: bool = True) -> None:
        super().__init__()
        self.required = required

    def clean(self, value, row=None, **kwargs):
        text = str(value if value is not None else "").strip()
        if not text:
            if self.required:
                raise ValueError("falta un número entero")
            return None
        try:
            return int(float(text)) if text.endswith(".0") else int(text)
        except ValueError:
            raise ValueError(f"«{text}» no es un número entero") from None

    def render(self, value, obj=None, **kwargs):
        return "" if value is None else str(value)


class TextWidget(widgets.CharWidget):
    """Text, stripped; never None."""

    def clean(self, value, row=None, **kwargs):
        return str(value or "").strip()


class VocabularyWidget(widgets.Widget):
    """A card type, subtype or species of the row's game: key or Spanish label."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def clean(self, value, row=None, **kwargs):
        from rules.games import REGISTRY

        text = str(value or "").strip()
        if not text:
            return ""
        profile = REGISTRY.get(str((row or {}).get("game") or "").strip())
        if profile is None:
            return text  # the game column reports the error
        vocabulary = profile.vocabulary
        resolve, choices, noun = {
            "card_type": (vocabulary.card_type, vocabulary.card_types, "tipo de carta"),
            "subtype": (vocabulary.subtype, vocabulary.subtypes, "subtipo"),
            "species": (vocabulary.specie, vocabulary.species, "especie"),
        }[self.kind]
        key = resolve(text)
        if key is None:
            values = ", ".join(choices.values())
            raise ValueError(f"{noun} «{text}» desconocido en {profile.name_es}; valores: {values}")
        return key


class CardSetWidget(widgets.ForeignKeyWidget):
    """A set of the row's game by code, name or alias (case/accents ignored)."""

    def __init__(self, required: bool = True) -> None:
        super().__init__(CardSet, field="code")
        self.required = required

    def clean(self, value, row=None, **kwargs):
        text = str(value or "").strip()
        if not text:
            if self.required:
                raise ValueError("falta la expansión")
            return None
        return find_set(_game_of(row), text)

    def render(self, value, obj=None, **kwargs):
        return value.code if value else ""


class CardWidget(widgets.ForeignKeyWidget):
    """A card of the row's game by name or alias (case/accents ignored)."""

    def __init__(self, required: bool = True) -> None:
        super().__init__(Card, field="name")
        self.required = required

    def clean(self, value, row=None, **kwargs):
        text = str(value or "").strip()
        if not text:
            if self.required:
                raise ValueError("falta la carta")
            return None
        return find_card(_game_of(row), text)

    def render(self, value, obj=None, **kwargs):
        return value.name if value else ""


def find_set(game: Game, text: str) -> CardSet:
    """The set of ``game`` named ``text`` (code, name or alias). ValueError when none."""
    key = normalize_name(text)
    for card_set in CardSet.objects.filter(game=game):
        if key in {normalize_name(s) for s in (card_set.code, card_set.name, *split_aliases(card_set.aliases))}:
            return card_set
    raise ValueError(f"expansión desconocida «{text}» en {game.name}; cargala primero en Expansiones")


def find_card(game: Game, text: str) -> Card:
    """The card of ``game`` named ``text`` (name or alias). ValueError when none."""
    key = normalize_name(text)
    card = Card.objects.filter(game=game, name_key=key).first()
    if card is not None:
        return card
    for card in Card.objects.filter(game=game).exclude(aliases=""):
        if key in {normalize_name(a) for a in split_aliases(card.aliases)}:
            return card
    raise ValueError(f"carta desconocida «{text}» en {game.name}; cargala primero en Cartas")


class _CatalogResource(AllOrNothingImportMixin, FormulaSafeExportMixin, resources.ModelResource):
    """Shared options: validate models, all-or-nothing, update rows by their
    natural key (``find_existing``); no cell with control characters
    (issue #15); exports neutralise spreadsheet formulas."""

    def before_import(self, dataset, **kwargs) -> None:
        """Refuse the whole file when a column of its kind (:data:`rules.catalog.CSV_COLUMNS`) is missing."""
        expected = self._meta.fields
        missing = missing_columns(dataset.headers, expected)
        if missing:
            raise ValueError(
                _("Faltan columnas en el archivo: %(cols)s. Columnas esperadas: %(expected)s.")
                % {"cols": ", ".join(missing), "expected": ", ".join(expected)}
            )

    def _text_lengths(self) -> dict[str, int]:
        """Column -> the model field's ``max_length``, for the columns stored as text."""
        lengths = {}
        for field in self.get_import_fields():
            try:
                model_field = self._meta.model._meta.get_field(field.attribute or "")
            except FieldDoesNotExist:
                continue
            if getattr(model_field, "max_length", None) and not model_field.is_relation:
                lengths[field.column_name] = model_field.max_length
        return lengths

    def before_import_row(self, row, **kwargs) -> None:
        """Refuse, on this row, every cell holding a control character or longer than its column allows."""
        errors = row_text_errors(row, list(row.keys()), lengths=self._text_lengths())
        if errors:
            raise ValidationError(errors)

    def validate_instance(self, instance, import_validation_errors=None, validate_unique=True):
        """A row whose cells cannot be read reports only those cells; the
        model's own checks run once every cell is readable."""
        if import_validation_errors:
            raise ValidationError(import_validation_errors)
        super().validate_instance(instance, import_validation_errors, validate_unique)

    def get_instance(self, instance_loader, row):
        try:
            return self.find_existing(row)
        except (ValueError, ValidationError, ObjectDoesNotExist):
            return None  # the row's own cells report the problem

    def find_existing(self, row):  # pragma: no cover - overridden
        return None


def _meta(model, kind: str):
    columns = CSV_COLUMNS[kind]
    return type(
        "Meta",
        (),
        {
            "model": model,
            "fields": columns,
            "import_order": columns,
            "export_order": columns,
            "import_id_fields": (),
            "clean_model_instances": True,
            "skip_unchanged": True,
            "report_skipped": True,
        },
    )


class CardSetResource(_CatalogResource):
    game = fields.Field(attribute="game", column_name="game", widget=GameWidget())
    code = fields.Field(attribute="code", column_name="code", widget=TextWidget())
    name = fields.Field(attribute="name", column_name="name", widget=TextWidget())
    release_order = fields.Field(attribute="release_order", column_name="release_order", widget=IntWidget())
    is_promo = fields.Field(attribute="is_promo", column_name="is_promo", widget=YesNoWidget())
    year = fields.Field(attribute="year", column_name="year", widget=IntWidget(required=False))
    aliases = fields.Field(attribute="aliases", column_name="aliases", widget=TextWidget())
    source = fields.Field(attribute="source", column_name="source", widget=TextWidget())
    note = fields.Field(attribute="note", column_name="note", widget=TextWidget())

    Meta = _meta(CardSet, "sets")

    def find_existing(self, row):
        return CardSet.objects.filter(game=_game_of(row), code=str(row.get("code") or "").strip()).first()


class CardResource(_CatalogResource):
    game = fields.Field(attribute="game", column_name="game", widget=GameWidget())
    name = fields.Field(attribute="name", column_name="name", widget=TextWidget())
    card_type = fields.Field(attribute="card_type", column_name="card_type", widget=VocabularyWidget("card_type"))
    subtype = fields.Field(attribute="subtype", column_name="subtype", widget=VocabularyWidget("subtype"))
    species = fields.Field(attribute="species", column_name="species", widget=VocabularyWidget("species"))
    family = fields.Field(attribute="family", column_name="family", widget=TextWidget())
    is_super = fields.Field(attribute="is_super", column_name="is_super", widget=YesNoWidget())
    aliases = fields.Field(attribute="aliases", column_name="aliases", widget=TextWidget())
    source = fields.Field(attribute="source", column_name="source", widget=TextWidget())
    note = fields.Field(attribute="note", column_name="note", widget=TextWidget())

    Meta = _meta(Card, "cards")

    def find_existing(self, row):
        return Card.objects.filter(game=_game_of(row), name_key=normalize_name(str(row.get("name") or ""))).first()


class PrintingResource(_CatalogResource):
    game = fields.Field(attribute=None, column_name="game", widget=GameWidget())
    card_name = fields.Field(attribute="card", column_name="card_name", widget=CardWidget())
    set_code = fields.Field(attribute="card_set", column_name="set_code", widget=CardSetWidget())
    variant = fields.Field(attribute="variant", column_name="variant", widget=TextWidget())
    is_promo = fields.Field(attribute="is_promo", column_name="is_promo", widget=YesNoWidget())
    functionally_identical = fields.Field(
        attribute="functionally_identical", column_name="functionally_identical", widget=YesNoWidget()
    )
    source = fields.Field(attribute="source", column_name="source", widget=TextWidget())

    Meta = _meta(Printing, "printings")

    def dehydrate_game(self, printing: Printing) -> str:
        return printing.card.game.key

    def find_existing(self, row):
        game = _game_of(row)
        return Printing.objects.filter(
            card=find_card(game, str(row.get("card_name") or "")),
            card_set=find_set(game, str(row.get("set_code") or "")),
            variant=str(row.get("variant") or "").strip(),
        ).first()


class _ScopedWidget(widgets.Widget):
    """A ban target column read only when the row's scope needs it."""

    def __init__(self, scope: str, inner: widgets.Widget) -> None:
        super().__init__()
        self.scope = scope
        self.inner = inner

    def clean(self, value, row=None, **kwargs):
        if _scope_of(row) != self.scope:
            return None
        return self.inner.clean(value, row=row, **kwargs)


def _scope_of(row) -> str | None:
    try:
        return BanScope(normalize_name(str((row or {}).get("scope") or ""))).value
    except ValueError:
        return None


class ScopeWidget(widgets.Widget):
    def clean(self, value, row=None, **kwargs):
        scope = _scope_of({"scope": value})
        if scope is None:
            raise ValueError(f"alcance «{value}» desconocido; valores: set, card, printing")
        return scope


class PrintingTargetWidget(widgets.Widget):
    """The printing a ``printing``-scope ban names: card_name + set_code (+ the
    ``printing`` column, a variant name)."""

    def clean(self, value, row=None, **kwargs):
        game = _game_of(row)
        card = find_card(game, str(row.get("card_name") or ""))
        card_set = find_set(game, str(row.get("set_code") or ""))
        variant = normalize_name(str(value or ""))
        for printing in Printing.objects.filter(card=card, card_set=card_set):
            if normalize_name(printing.variant) == variant:
                return printing
        shown = f" «{value}»" if variant else ""
        raise ValueError(
            f"no hay impresión{shown} de «{card.name}» en {card_set.name}; cargala primero en Impresiones"
        )


class BanEntryResource(_CatalogResource):
    game = fields.Field(attribute="game", column_name="game", widget=GameWidget())
    scope = fields.Field(attribute="scope", column_name="scope", widget=ScopeWidget())
    set_code = fields.Field(attribute="card_set", column_name="set_code", widget=_ScopedWidget("set", CardSetWidget()))
    card_name = fields.Field(attribute="card", column_name="card_name", widget=_ScopedWidget("card", CardWidget()))
    printing = fields.Field(
        attribute="printing", column_name="printing", widget=_ScopedWidget("printing", PrintingTargetWidget())
    )
    effective_from = fields.Field(attribute="effective_from", column_name="effective_from", widget=IsoDateWidget())
    effective_until = fields.Field(
        attribute="effective_until", column_name="effective_until", widget=IsoDateWidget(required=False)
    )
    reason = fields.Field(attribute="reason", column_name="reason", widget=TextWidget())
    source = fields.Field(attribute="source", column_name="source", widget=TextWidget())

    Meta = _meta(BanEntry, "bans")

    def find_existing(self, row):
        target = {
            "set": ("card_set", self.fields["set_code"]),
            "card": ("card", self.fields["card_name"]),
            "printing": ("printing", self.fields["printing"]),
        }.get(_scope_of(row))
        if target is None:
            return None
        attribute, field = target
        return BanEntry.objects.filter(
            game=_game_of(row),
            scope=_scope_of(row),
            effective_from=IsoDateWidget().clean(row.get("effective_from")),
            **{attribute: field.clean(row)},
        ).first()

    def dehydrate_set_code(self, ban: BanEntry) -> str:
        target = ban.card_set or (ban.printing.card_set if ban.printing_id else None)
        return target.code if target else ""

    def dehydrate_card_name(self, ban: BanEntry) -> str:
        target = ban.card or (ban.printing.card if ban.printing_id else None)
        return target.name if target else ""

    def dehydrate_printing(self, ban: BanEntry) -> str:
        return ban.printing.variant if ban.printing_id else ""


class ReprintRuleResource(_CatalogResource):
    game = fields.Field(attribute="game", column_name="game", widget=GameWidget())
    card_name = fields.Field(attribute="card", column_name="card_name", widget=CardWidget())
    legal_from_set_code = fields.Field(
        attribute="legal_from_set", column_name="legal_from_set_code", widget=CardSetWidget()
    )
    effective_from = fields.Field(attribute="effective_from", column_name="effective_from", widget=IsoDateWidget())
    source = fields.Field(attribute="source", column_name="source", widget=TextWidget())

    Meta = _meta(ReprintRule, "reprints")

    def find_existing(self, row):
        return ReprintRule.objects.filter(
            card=find_card(_game_of(row), str(row.get("card_name") or "")),
            effective_from=IsoDateWidget().clean(row.get("effective_from")),
        ).first()


#: CSV kind (rules.catalog.CSV_COLUMNS) → resource class.
RESOURCES = {
    "sets": CardSetResource,
    "cards": CardResource,
    "printings": PrintingResource,
    "bans": BanEntryResource,
    "reprints": ReprintRuleResource,
}
