"""Small input/output serializers of the rules API (no business state saved here)."""
from __future__ import annotations

from rest_framework import serializers

from rules.services import MAX_TEXT


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Clave estable: deck_size, over_4_copies, more_than_one_baby…")
    message = serializers.CharField(help_text="Mensaje en español (es-AR), listo para mostrar.")
    source = serializers.CharField(help_text='Regla: <archivo del reglamento> § "<sección>".')
    card = serializers.CharField(allow_null=True)
    line = serializers.IntegerField(allow_null=True, help_text="Primera línea de la lista (desde 1).")
    lines = serializers.ListField(child=serializers.IntegerField())
    count = serializers.IntegerField(allow_null=True)
    limit = serializers.IntegerField(allow_null=True)


class CardLineSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    quantity = serializers.IntegerField()
    written = serializers.CharField(help_text="El nombre como se escribió.")
    card = serializers.CharField(allow_null=True, help_text="Nombre en el catálogo; null si no se encontró.")
    printing = serializers.CharField(allow_null=True)
    printing_assumed = serializers.BooleanField()
    sideboard = serializers.BooleanField()
    proxy = serializers.BooleanField()
    judge_proxy = serializers.BooleanField()


class ValidateInputSerializer(serializers.Serializer):
    game = serializers.CharField(help_text="Clave del juego: weed_monsters, blobbiemundo…")
    format = serializers.CharField(required=False, allow_blank=True, help_text="Vacío: el formato por defecto.")
    text = serializers.CharField(max_length=MAX_TEXT, trim_whitespace=False, help_text="Una carta por línea.")
    date = serializers.DateField(
        required=False, allow_null=True, help_text="Fecha del evento (AAAA-MM-DD); hoy si falta."
    )


class ValidateOutputSerializer(serializers.Serializer):
    game = serializers.CharField()
    game_name = serializers.CharField()
    format = serializers.CharField(source="format_key")
    format_name = serializers.CharField()
    date = serializers.DateField(source="on_date")
    legal = serializers.BooleanField()
    main_count = serializers.IntegerField()
    violations = ViolationSerializer(many=True)
    cards = CardLineSerializer(many=True)


class FormatSerializer(serializers.Serializer):
    game = serializers.CharField()
    game_name = serializers.CharField()
    format = serializers.CharField()
    format_name = serializers.CharField()


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    detail = serializers.CharField()


class DecklistRowSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    registration = serializers.IntegerField(source="registration_id")
    player = serializers.CharField(source="registration.player.display_name")
    player_number = serializers.CharField(source="registration.player.player_number")
    status = serializers.CharField()
    locked = serializers.BooleanField()
    locked_at = serializers.DateTimeField(allow_null=True)
    format = serializers.CharField(source="format_key")
    main_count = serializers.IntegerField()
    violation_count = serializers.SerializerMethodField()
    submitted_at = serializers.DateTimeField(allow_null=True)

    def get_violation_count(self, decklist) -> int:
        return len(decklist.violations or [])


class HistoryRowSerializer(serializers.Serializer):
    date = serializers.DateTimeField(source="history_date")
    user = serializers.CharField(source="history_user.get_username", allow_null=True, default=None)
    reason = serializers.CharField(source="history_change_reason", allow_null=True)
    status = serializers.CharField()
    locked = serializers.BooleanField()
    text = serializers.CharField()


class DeckCheckSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    judge = serializers.CharField(source="judge.get_username", allow_null=True, default=None)
    round = serializers.IntegerField(source="round.number", allow_null=True, default=None)
    table_number = serializers.IntegerField(allow_null=True)
    game_number = serializers.IntegerField(allow_null=True)
    counted_cards = serializers.IntegerField(allow_null=True)
    discrepancies = serializers.CharField()
    violations = ViolationSerializer(many=True)
    created_at = serializers.DateTimeField()


class DecklistDetailSerializer(DecklistRowSerializer):
    event = serializers.IntegerField(source="registration.event_id")
    event_name = serializers.CharField(source="registration.event.name")
    text = serializers.CharField()
    validated_on = serializers.DateField(allow_null=True)
    submitted_by = serializers.CharField(source="submitted_by.get_username", allow_null=True, default=None)
    violations = ViolationSerializer(many=True)
    cards = CardLineSerializer(many=True)
    history = HistoryRowSerializer(many=True, source="history_rows")
    deck_checks = DeckCheckSerializer(many=True, source="checks.all")


# --------------------------------------------------------------------------- player's own list (issue #17)


class OwnDecklistSerializer(serializers.Serializer):
    """The player's own list as stored (text, status, violations, cards)."""

    status = serializers.CharField(help_text="legal | illegal")
    locked = serializers.BooleanField()
    locked_at = serializers.DateTimeField(allow_null=True)
    format = serializers.CharField(source="format_key")
    main_count = serializers.IntegerField(help_text="Cartas del mazo principal.")
    text = serializers.CharField()
    submitted_at = serializers.DateTimeField(allow_null=True)
    violations = ViolationSerializer(many=True)
    cards = CardLineSerializer(many=True)


class MyDecklistSerializer(serializers.Serializer):
    """``GET``/``PUT`` of the player's own decklist for an event."""

    event = serializers.IntegerField()
    player_number = serializers.CharField()
    deadline = serializers.DateTimeField(allow_null=True, help_text="Cierre fijado por el organizador; null: "
                                                                    "hasta que se empareja la ronda 1.")
    open = serializers.BooleanField(help_text="Si el jugador todavía puede cargar o cambiar su lista.")
    closed_reason = serializers.CharField(allow_blank=True, help_text="Por qué no, en español; vacío si puede.")
    decklist = OwnDecklistSerializer(allow_null=True)


class MyDecklistInputSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=MAX_TEXT, trim_whitespace=False, help_text="Una carta por línea.")


class LiveValidateInputSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=MAX_TEXT, allow_blank=True, trim_whitespace=False,
                                 help_text="Una carta por línea (puede estar a medio escribir).")
    player_number = serializers.CharField(required=False, allow_blank=True, max_length=40,
                                          help_text="Sólo jueces: el jugador cuyo pool sellado se usa.")


class LiveValidateOutputSerializer(serializers.Serializer):
    legal = serializers.BooleanField()
    main_count = serializers.IntegerField()
    violations = ViolationSerializer(many=True)


class PublishedLineSerializer(serializers.Serializer):
    quantity = serializers.IntegerField()
    card = serializers.CharField()


class PublishedGroupSerializer(serializers.Serializer):
    label = serializers.CharField(help_text="Tipo de carta del catálogo («Monster», «Gema»…), «Side» u «Otras cartas».")
    count = serializers.IntegerField()
    lines = serializers.SerializerMethodField()

    def get_lines(self, group) -> list[dict]:
        return PublishedLineSerializer(
            [{"quantity": q, "card": name} for q, name in group.lines], many=True).data


class PublishedDecklistSerializer(serializers.Serializer):
    place = serializers.IntegerField(help_text="Puesto final (podio, reducido, suizo).")
    player = serializers.CharField()
    player_number = serializers.CharField()
    main_count = serializers.IntegerField(allow_null=True, help_text="null: no registró lista.")
    groups = PublishedGroupSerializer(many=True)


class PublishedDecklistsSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    published = serializers.BooleanField()
    published_at = serializers.DateTimeField(allow_null=True)
    decklists = PublishedDecklistSerializer(many=True, help_text="Vacía antes de la publicación.")
