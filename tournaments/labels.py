"""Display labels for the core's stable keys (translated at the edge).

The rulebook's own labels are kept as printed: "Handicap: vs" for
head-to-head and "Handicap: x" for the game differential
(000_0014b2ac83da54b4.txt § "4- Enfrentamiento directo.", § "5- Resultado en
partidas.").
"""
from django.utils.translation import gettext_lazy as _

TIEBREAKER_LABELS = {
    "match_points": _("Puntaje total"),
    "wins": _("Victorias"),
    "buchholz": _("Buchholz"),
    "head_to_head": "Handicap: vs",
    "game_differential": "Handicap: x",
    "technical": _("Técnico"),
}

TIEBREAKER_NAMES = {
    "match_points": _("1- Puntaje total"),
    "wins": _("2- Número de victorias"),
    "buchholz": _("3- Variante Buchholz"),
    "head_to_head": _("4- Enfrentamiento directo"),
    "game_differential": _("5- Resultado en partidas"),
    "technical": _("6- Técnico"),
}
