"""Editable rules data: games, the card catalog, ban lists and decklists.

Terms follow :mod:`rules.catalog` (card = a card *name*, set = expansion,
printing = a card in a set, ban entry, reprint rule) and :mod:`rules.decks`
(decklist, violation). These models only store data; the checks live in the
pure core, :mod:`rules.selectors` builds the pure
:class:`~rules.catalog.Catalog` from these rows and :mod:`rules.services`
changes decklists and deck checks.

Catalog rows are per game and shared by every venue: organizers edit them in
the admin (or import CSV, :mod:`rules.resources`); a data migration seeds
them from ``rules/data/*.csv`` (issue #6).
"""
from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .catalog import normalize_name
from .enums import BanScope, DecklistStatus


class Game(models.Model):
    """A card game with its own profile in :mod:`rules.games`.

    ``key`` names the profile module (``weed_monsters``, ``blobbiemundo`` …);
    the defaults prefill new events (DESIGN.md, "Decisions").
    """

    key = models.SlugField(_("clave"), max_length=40, unique=True)
    name = models.CharField(_("nombre"), max_length=100)
    players_per_match = models.PositiveSmallIntegerField(_("jugadores por partida"), default=2)
    default_best_of = models.PositiveSmallIntegerField(_("mejor de (por defecto)"), default=3)
    default_round_minutes = models.PositiveSmallIntegerField(_("minutos por ronda (por defecto)"), default=50)

    class Meta:
        verbose_name = _("juego")
        verbose_name_plural = _("juegos")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


def split_aliases(text: str) -> tuple[str, ...]:
    """Aliases stored as one text, separated by "|" ("OG|Original")."""
    return tuple(part.strip() for part in (text or "").split("|") if part.strip())


def _vocabulary(game: Game | None):
    """The card vocabulary of the game's profile, or None for a game without one."""
    from rules.games import REGISTRY

    profile = REGISTRY.get(game.key) if game is not None else None
    return profile.vocabulary if profile is not None else None


class CardSet(models.Model):
    """An expansion, starter or promo release of a game.

    ``release_order`` ranks the game's sets from oldest (small) to newest
    (large): the reprint rule ("legal from the TCG expansion on") and the
    default printing of a line without one use it.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="card_sets", verbose_name=_("juego"))
    code = models.CharField(_("código"), max_length=40, help_text=_("Corto y estable: «OG», «JC2021»."))
    name = models.CharField(_("nombre"), max_length=120)
    release_order = models.IntegerField(
        _("orden de salida"),
        help_text=_("Más chico = más antigua. Las reimpresiones y la impresión por defecto lo usan."),
    )
    is_promo = models.BooleanField(_("promo"), default=False)
    year = models.PositiveSmallIntegerField(_("año"), null=True, blank=True)
    aliases = models.CharField(
        _("otros nombres"), max_length=300, blank=True,
        help_text=_("Separados por «|»: lo que escriben los jugadores."),
    )
    source = models.CharField(_("fuente"), max_length=500, blank=True)
    note = models.TextField(_("nota"), blank=True)

    class Meta:
        verbose_name = _("expansión")
        verbose_name_plural = _("expansiones")
        ordering = ["game", "release_order", "code"]
        constraints = [
            models.UniqueConstraint(fields=["game", "code"], name="cardset_code_unique_per_game"),
            models.UniqueConstraint(fields=["game", "name"], name="cardset_name_unique_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"

    def clean(self) -> None:
        """No code, name or alias of another set of the game may read the
        same once case and accents are ignored."""
        if not self.game_id:
            return
        mine = {normalize_name(s) for s in (self.code, self.name, *split_aliases(self.aliases)) if s}
        others = CardSet.objects.filter(game_id=self.game_id).exclude(pk=self.pk)
        for other in others:
            theirs = {normalize_name(s) for s in (other.code, other.name, *split_aliases(other.aliases))}
            if mine & theirs:
                raise ValidationError(
                    _("«%(name)s» ya nombra a la expansión «%(other)s».")
                    % {"name": ", ".join(sorted(mine & theirs)), "other": other.name}
                )


class Card(models.Model):
    """One card name of a game; copies are counted by name across printings.

    ``card_type``, ``subtype`` and ``species`` hold keys of the game's
    vocabulary (:class:`rules.catalog.CardVocabulary`: "gem", "basic_gem",
    "indica" …), blank where the rulebook does not say. ``name_key`` is the
    name without case or accents ("Índica" → "indica"), unique per game.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="cards", verbose_name=_("juego"))
    name = models.CharField(_("nombre"), max_length=160)
    name_key = models.CharField(_("clave del nombre"), max_length=160, editable=False, db_index=True)
    card_type = models.CharField(_("tipo"), max_length=40, blank=True)
    subtype = models.CharField(_("subtipo"), max_length=40, blank=True)
    species = models.CharField(_("especie"), max_length=40, blank=True)
    family = models.CharField(
        _("familia"), max_length=160, blank=True, help_text=_("Blobbiemundo: la familia de las versiones SÚPER."),
    )
    is_super = models.BooleanField(_("SÚPER"), default=False)
    aliases = models.CharField(
        _("otros nombres"), max_length=300, blank=True, help_text=_("Separados por «|»: «Medallón|Medallón de M.»"),
    )
    source = models.CharField(_("fuente"), max_length=500, blank=True)
    note = models.TextField(_("nota"), blank=True)

    class Meta:
        verbose_name = _("carta")
        verbose_name_plural = _("cartas")
        ordering = ["game", "name"]
        constraints = [
            models.UniqueConstraint(fields=["game", "name_key"], name="card_name_unique_per_game"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        self.name_key = normalize_name(self.name)
        if kwargs.get("update_fields") is not None and "name" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "name_key"}
        super().save(*args, **kwargs)

    def clean(self) -> None:
        """Types come from the game's vocabulary; names and aliases do not
        clash with another card of the game (case and accents ignored)."""
        self.name_key = normalize_name(self.name or "")
        errors: dict[str, str] = {}
        vocabulary = _vocabulary(self.game if self.game_id else None)
        if vocabulary is not None:
            for field, choices in (
                ("card_type", vocabulary.card_types),
                ("subtype", vocabulary.subtypes),
                ("species", vocabulary.species),
            ):
                value = getattr(self, field)
                if value and value not in choices:
                    errors[field] = _("«%(value)s» no es un valor de %(game)s; valores: %(values)s.") % {
                        "value": value,
                        "game": self.game.name,
                        "values": ", ".join(f"{k} ({v})" for k, v in choices.items()) or "—",
                    }
            parent = vocabulary.subtype_types.get(self.subtype)
            if self.subtype and parent and self.card_type != parent and not errors:
                errors["subtype"] = _("El subtipo «%(sub)s» es de las cartas de tipo «%(type)s».") % {
                    "sub": vocabulary.subtypes.get(self.subtype, self.subtype),
                    "type": vocabulary.card_types.get(parent, parent),
                }
        if self.game_id and self.name:
            mine = {normalize_name(s) for s in (self.name, *split_aliases(self.aliases))}
            for other in Card.objects.filter(game_id=self.game_id).exclude(pk=self.pk).only("name", "aliases"):
                clash = mine & {normalize_name(s) for s in (other.name, *split_aliases(other.aliases))}
                if clash:
                    errors["name"] = _("«%(name)s» ya nombra a la carta «%(other)s».") % {
                        "name": ", ".join(sorted(clash)),
                        "other": other.name,
                    }
                    break
        if errors:
            raise ValidationError(errors)

    def label(self, field: str) -> str:
        """The Spanish label of ``card_type``, ``subtype`` or ``species``."""
        value = getattr(self, field)
        vocabulary = _vocabulary(self.game)
        if not value or vocabulary is None:
            return value
        choices = {"card_type": vocabulary.card_types, "subtype": vocabulary.subtypes, "species": vocabulary.species}
        return choices[field].get(value, value)


class Printing(models.Model):
    """One card printed in one set; ``variant`` names a special printing
    ("Hernan Panessi x Bajón Celestial"). Its release order is its set's.

    ``functionally_identical`` is the organizer's call that an older
    printing reads like the new one, so the reprint rule does not make it
    illegal (RULES-TRACE ambiguity 24).
    """

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings", verbose_name=_("carta"))
    card_set = models.ForeignKey(
        CardSet, on_delete=models.PROTECT, related_name="printings", verbose_name=_("expansión"),
    )
    variant = models.CharField(_("variante"), max_length=160, blank=True)
    is_promo = models.BooleanField(_("promo"), default=False)
    functionally_identical = models.BooleanField(
        _("funcionalmente idéntica"), default=False,
        help_text=_(
            "Una impresión anterior que se lee igual que la reimpresión: la regla de reimpresión no la excluye."
        ),
    )
    source = models.CharField(_("fuente"), max_length=500, blank=True)

    class Meta:
        verbose_name = _("impresión")
        verbose_name_plural = _("impresiones")
        ordering = ["card__game", "card__name", "card_set__release_order", "variant"]
        constraints = [
            models.UniqueConstraint(
                fields=["card", "card_set", "variant"], name="printing_unique_per_card_set_variant"
            ),
        ]

    def __str__(self) -> str:
        base = f"{self.card.name} [{self.card_set.name}]"
        return f"{base} — {self.variant}" if self.variant else base

    @property
    def release_order(self) -> int:
        return self.card_set.release_order

    def clean(self) -> None:
        if self.card_id and self.card_set_id and self.card.game_id != self.card_set.game_id:
            raise ValidationError(_("La carta y la expansión son de juegos distintos."))


class BanEntry(models.Model):
    """A ban from ``effective_from`` on (until ``effective_until``, excluded).

    ``scope`` says what is banned: every printing of ``card_set``; every
    printing of ``card``; or the single ``printing`` (a ban on a printing
    without variant hits every printing of that card in that set — the
    pure core's reading, RULES-TRACE ambiguity 23). Organizers edit these;
    every change is kept in the history.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="bans", verbose_name=_("juego"))
    scope = models.CharField(_("alcance"), max_length=10, choices=BanScope.choices)
    card_set = models.ForeignKey(
        CardSet, null=True, blank=True, on_delete=models.CASCADE, related_name="bans", verbose_name=_("expansión"),
    )
    card = models.ForeignKey(
        Card, null=True, blank=True, on_delete=models.CASCADE, related_name="bans", verbose_name=_("carta"),
    )
    printing = models.ForeignKey(
        Printing, null=True, blank=True, on_delete=models.CASCADE, related_name="bans", verbose_name=_("impresión"),
    )
    effective_from = models.DateField(_("vigente desde"))
    effective_until = models.DateField(_("vigente hasta (excluido)"), null=True, blank=True)
    reason = models.CharField(_("motivo"), max_length=300, blank=True)
    source = models.CharField(_("fuente"), max_length=500, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("baneo")
        verbose_name_plural = _("lista de baneos")
        ordering = ["game", "-effective_from", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(scope=BanScope.SET, card_set__isnull=False)
                    | Q(scope=BanScope.CARD, card__isnull=False)
                    | Q(scope=BanScope.PRINTING, printing__isnull=False)
                ),
                name="ban_scope_has_its_target",
            ),
            models.CheckConstraint(
                condition=Q(effective_until__isnull=True) | Q(effective_until__gt=models.F("effective_from")),
                name="ban_until_after_from",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_scope_display()}: {self.target_label}"

    @property
    def target_label(self) -> str:
        target = {BanScope.SET: self.card_set, BanScope.CARD: self.card, BanScope.PRINTING: self.printing}.get(
            self.scope
        )
        return str(target) if target is not None else "—"

    def clean(self) -> None:
        """The scope's target is given, the others are empty, and all of them
        belong to the ban's game."""
        errors: dict[str, str] = {}
        needed = {BanScope.SET: "card_set", BanScope.CARD: "card", BanScope.PRINTING: "printing"}.get(self.scope)
        for field in ("card_set", "card", "printing"):
            present = getattr(self, f"{field}_id") is not None
            if field == needed and not present:
                errors[field] = _("Este alcance necesita este dato.")
            elif field != needed and present:
                errors[field] = _("Dejalo vacío para este alcance.")
        if not errors and self.game_id and needed:
            target = getattr(self, needed)
            game_id = target.card.game_id if needed == "printing" else target.game_id
            if game_id != self.game_id:
                errors[needed] = _("Es de otro juego.")
        if self.effective_until and self.effective_from and self.effective_until <= self.effective_from:
            errors["effective_until"] = _("Debe ser posterior a «vigente desde».")
        if errors:
            raise ValidationError(errors)

    def in_force(self, on_date) -> bool:
        return self.effective_from <= on_date and (self.effective_until is None or on_date < self.effective_until)


class ReprintRule(models.Model):
    """``card`` is legal only in printings from ``legal_from_set`` on.

    Rule: 000_0014b2ac83da54b4.txt § "2.5.2. Cartas reimpresas".
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="reprint_rules", verbose_name=_("juego"))
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="reprint_rules", verbose_name=_("carta"))
    legal_from_set = models.ForeignKey(
        CardSet, on_delete=models.PROTECT, related_name="+", verbose_name=_("legal desde la expansión"),
    )
    effective_from = models.DateField(_("vigente desde"))
    source = models.CharField(_("fuente"), max_length=500, blank=True)

    class Meta:
        verbose_name = _("regla de reimpresión")
        verbose_name_plural = _("reglas de reimpresión")
        ordering = ["game", "card__name"]
        constraints = [
            models.UniqueConstraint(fields=["card", "effective_from"], name="reprint_rule_unique_per_card_and_date"),
        ]

    def __str__(self) -> str:
        return f"{self.card} — {_('legal desde')} {self.legal_from_set.name}"

    def clean(self) -> None:
        if self.game_id and self.card_id and self.card.game_id != self.game_id:
            raise ValidationError({"card": _("Es de otro juego.")})
        if self.game_id and self.legal_from_set_id and self.legal_from_set.game_id != self.game_id:
            raise ValidationError({"legal_from_set": _("Es de otro juego.")})


# --------------------------------------------------------------------------- decklists


class Decklist(models.Model):
    """The decklist registered for one registration, as submitted.

    ``text`` is the list as the player wrote it; ``cards`` and ``violations``
    are the snapshot of its last validation (:mod:`rules.decks`), against
    ``format_key`` and the catalog in force on ``validated_on`` (the event
    date). ``status`` is legal when no violation was found. A list is
    ``locked`` when round 1 is paired; then only a head judge may change it,
    with a reason kept in the history (``history``, one row per change).
    Change it only through :mod:`rules.services`.
    """

    registration = models.OneToOneField(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="decklist", verbose_name=_("inscripción"),
    )
    text = models.TextField(_("lista"))
    format_key = models.CharField(_("formato"), max_length=40, blank=True)
    status = models.CharField(_("estado"), max_length=10, choices=DecklistStatus.choices, default=DecklistStatus.DRAFT)
    cards = models.JSONField(_("cartas leídas"), default=list, blank=True)
    violations = models.JSONField(_("infracciones"), default=list, blank=True)
    main_count = models.PositiveIntegerField(_("cartas en el mazo"), default=0)
    validated_on = models.DateField(_("validada para la fecha"), null=True, blank=True)
    locked = models.BooleanField(_("bloqueada"), default=False)
    locked_at = models.DateTimeField(_("bloqueada el"), null=True, blank=True)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("cargada por"),
    )
    submitted_at = models.DateTimeField(_("cargada el"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("lista de mazo")
        verbose_name_plural = _("listas de mazo")
        ordering = ["registration__event", "registration__player__display_name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(locked=False) | Q(locked_at__isnull=False), name="decklist_locked_has_date",
            ),
        ]

    def __str__(self) -> str:
        return f"{_('Lista de')} {self.registration}"

    @property
    def is_legal(self) -> bool:
        return self.status == DecklistStatus.LEGAL


class SealedPool(models.Model):
    """A Torneo Indoor player's registered sealed pool plus recorded trades.

    Texts use the decklist format ("3 Fasent", one card per line);
    ``basic_gems`` counts the Pack Indoor's basic gems of no stated kind.
    Recorded by the organizer; read when validating the player's decklist.
    Rule: 000_0014b2ac83da54b4.txt § "Torneo Indoor".
    """

    registration = models.OneToOneField(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="sealed_pool",
        verbose_name=_("inscripción"),
    )
    cards_text = models.TextField(_("cartas abiertas"), help_text=_("Una carta por línea: «3 Fasent»."))
    received_text = models.TextField(_("recibidas en intercambios"), blank=True)
    given_text = models.TextField(_("entregadas en intercambios"), blank=True)
    basic_gems = models.PositiveSmallIntegerField(_("gemas básicas sin tipo"), default=20)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("registrado por"),
    )
    recorded_at = models.DateTimeField(_("registrado el"), auto_now=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("pool sellado")
        verbose_name_plural = _("pools sellados")
        ordering = ["registration__event", "registration__player__display_name"]

    def __str__(self) -> str:
        return f"{_('Pool de')} {self.registration}"

    def clean(self) -> None:
        from .decks import parse_decklist

        errors = {}
        for field in ("cards_text", "received_text", "given_text"):
            parsed = parse_decklist(getattr(self, field) or "")
            if parsed.errors:
                errors[field] = "; ".join(e.message for e in parsed.errors)
        if errors:
            raise ValidationError(errors)


class DeckCheckFinding(models.TextChoices):
    """Checklist items of a deck check (codes of :data:`rules.deck_checks.FINDINGS`)."""

    MARKED = "marked", _("Carta marcada (se identifica sin ver su cara)")
    COUNTERFEIT = "counterfeit", _("Carta falsificada, reproducida o falsa")
    PLAYER_PROXY = "player_proxy", _("Proxy hecho por el jugador (cuenta como falsificada)")
    PEN_MARKED = "pen_marked", _("Carta marcada con bolígrafo o rotulador")
    AUTOGRAPHED = "autographed", _("Carta autografiada")
    ALTERNATE_BACK = "alternate_back", _("Reverso que no es de Weed Monsters TCG")
    MIXED_BACKS = "mixed_backs", _("Cartas con reversos distintos")
    SLEEVES_MISSING = "sleeves_missing", _("Fundas: juega sin fundas")
    SLEEVES_NOT_UNIFORM = "sleeves_not_uniform", _("Fundas: distinto color, estado, tamaño o textura")
    SLEEVES_FRONT_NOT_CLEAR = "sleeves_front_not_clear", _(
        "Fundas: frente no transparente o limpio (diseños, hologramas, emblemas)"
    )
    SLEEVES_NOT_COVERING = "sleeves_not_covering", _("Fundas: la carta sale por el extremo abierto")
    SLEEVES_MIRROR = "sleeves_mirror", _("Fundas: reflejan como un espejo")
    SLEEVES_SEVERAL_CARDS = "sleeves_several_cards", _("Fundas: más de una carta por funda")
    SLEEVES_PATTERNED_BACK = "sleeves_patterned_back", _("Fundas: dorso con patrón o gráfico no oficial")
    SLEEVES_MARKED = "sleeves_marked", _("Fundas: marcadas, dañadas, sucias o de dorso no opaco")
    SLEEVES_TOO_THICK = "sleeves_too_thick", _("Fundas: interiores o exteriores que impiden mezclar")
    SLEEVES_INAPPROPRIATE = "sleeves_inappropriate", _("Fundas: imágenes inapropiadas")


class DeckCheckAction(models.TextChoices):
    """What must follow a finding (:data:`rules.deck_checks.ACTIONS`)."""

    REPLACE_BEFORE_ROUND_1 = "replace_before_round_1", _("Reemplazarla antes de la ronda 1")
    REPLACE_BEFORE_CONTINUING = "replace_before_continuing", _("Reemplazarla antes de seguir jugando")
    REMOVE_OR_REPLACE = "remove_or_replace", _("Sacarla o reemplazarla: no se permite en el torneo")
    CHANGE_SLEEVES = "change_sleeves", _("Cambiar las fundas antes de seguir jugando")
    HEAD_JUDGE_DECIDES = "head_judge_decides", _("Decide el juez principal")


class DeckCheck(models.Model):
    """A judge's deck check at a table.

    ``counted_text`` is the deck as counted (decklist format, optional);
    ``counted_cards`` how many cards the main deck had, in ``game_number``
    of the match (000 R-000-18: counted before and after each game); ``discrepancies``
    the judge's notes; ``violations`` what the check found against the
    registered list (:class:`rules.decks.MatchesRegistered`) and the format.
    The penalty it leads to is recorded by the penalties module (issue #7).
    ``findings`` are the checklist items that failed (R-000-83/89/93/94),
    ``amendments`` the damaged cards replaced for the rest of the event
    (R-000-92), ``decision`` the head judge's word on them (R-000-83).
    """

    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="deck_checks",
        verbose_name=_("inscripción"),
    )
    decklist = models.ForeignKey(
        Decklist, null=True, blank=True, on_delete=models.SET_NULL, related_name="checks",
        verbose_name=_("lista registrada"),
    )
    judge = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("juez"),
    )
    round = models.ForeignKey(
        "tournaments.Round", null=True, blank=True, on_delete=models.SET_NULL, related_name="deck_checks",
        verbose_name=_("ronda"),
    )
    match = models.ForeignKey(
        "tournaments.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="deck_checks",
        verbose_name=_("emparejamiento"),
    )
    table_number = models.PositiveSmallIntegerField(_("mesa"), null=True, blank=True)
    game_number = models.PositiveSmallIntegerField(
        _("partida"), null=True, blank=True,
        help_text=_("Partida del match en que se contó (R-000-18: se cuenta antes y después de cada partida)."),
    )
    counted_cards = models.PositiveIntegerField(_("cartas contadas"), null=True, blank=True)
    counted_text = models.TextField(_("mazo contado"), blank=True)
    discrepancies = models.TextField(_("diferencias"), blank=True)
    violations = models.JSONField(_("infracciones encontradas"), default=list, blank=True)
    #: Rows ``{code, card, note, action, source}``, codes of DeckCheckFinding and DeckCheckAction.
    findings = models.JSONField(_("ítems del chequeo que fallaron"), default=list, blank=True)
    #: Rows ``{card, kind, gem, count, violations}``: the damaged card, judge proxy or basic gem, and the deck after.
    amendments = models.JSONField(_("reemplazos de cartas dañadas"), default=list, blank=True)
    decision = models.TextField(_("decisión del juez principal"), blank=True)
    decision_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("decidió"),
    )
    decision_at = models.DateTimeField(_("decidido el"), null=True, blank=True)
    created_at = models.DateTimeField(_("registrado el"), auto_now_add=True)

    class Meta:
        verbose_name = _("chequeo de mazo")
        verbose_name_plural = _("chequeos de mazo")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        where = f" — {_('Mesa')} {self.table_number}" if self.table_number else ""
        return f"{_('Chequeo de')} {self.registration}{where}"

    @property
    def has_discrepancies(self) -> bool:
        return bool(self.violations or self.discrepancies.strip() or self.findings)

    @property
    def marked_cards(self) -> list[dict]:
        """The findings that name a marked card (R-000-83), in the order recorded."""
        return [f for f in self.findings if f.get("code") == DeckCheckFinding.MARKED]

    def finding_rows(self) -> list[dict]:
        """``findings`` with their Spanish labels (``label``, ``action_label``) for pages."""
        labels, actions = dict(DeckCheckFinding.choices), dict(DeckCheckAction.choices)
        return [
            {**f, "label": labels.get(f.get("code"), f.get("code")),
             "action_label": actions.get(f.get("action"), f.get("action") or "")}
            for f in self.findings
        ]
