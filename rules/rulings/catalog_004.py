"""Rulings of the stoner-points game (004_4a3d59c736a1e8f3.txt).

The operations ("OP 25") are the seed's own numbering of its 28 moves.
"""
from __future__ import annotations

from .base import STONER_POINTS as _S
from .base import Ruling, _r, _sp

_OPS = "4 Las 28 operaciones"

RULINGS: tuple[Ruling, ...] = (
    _r("sp.turn.moves", _S, "Turno",
       "¿Cuántos movimientos puedo hacer por turno?",
       "Los que quieras, mientras tengas cartas y monedas suficientes. El único límite es "
       "una herramienta nueva desde la mano por turno; las demás operaciones (fumar con "
       "legendarias ya en el área, rotar materiales, descartar por monedas, jugar acciones) "
       "se pueden repetir.",
       _sp("6 FAQ"), ("R-004-04",),
       "movimientos operaciones cuantas cuantos limite herramienta nueva mano turno repetir"),
    _r("sp.out_of_turn", _S, "Fuera de turno",
       "¿Cuántas cartas fuera de turno puedo jugar en el turno del rival?",
       "Todas las que puedas pagar descartando cartas de la mano. No hay un límite numérico "
       "explícito, pero cada fuera de turno tiene un coste de descarte que crece con la "
       "potencia del efecto.",
       _sp("6 FAQ"), ("R-004-04",),
       "fuera turno rival limite pagar coste descarte"),
    _r("sp.turn.end", _S, "Fin de turno",
       "¿Qué pasa al final del turno con los materiales rotados, las herramientas y las "
       "monedas?",
       "Los materiales rotados para generar monedas se enderezan y vuelven a estar "
       "disponibles para fumarse en el turno siguiente (OP 18); las legendarias rotadas como "
       "«usadas» vuelven a su posición normal (OP 19); las monedas-acción no gastadas se "
       "pierden: no se acumulan de un turno al otro (OP 20).",
       _sp(f"{_OPS} › Fin de turno"), ("R-004-05",),
       "final fin turno monedas sobrantes perder acumular rotados rotado enderezar "
       "herramientas legendarias usadas"),
    _r("sp.decks.empty", _S, "Gestión de mazos",
       "El mazo se agota: ¿cómo se roba?",
       "Cuando un mazo se acaba y alguien debe robar, se vuelve a barajar el descarte "
       "correspondiente y se pone como mazo boca abajo (OP 25). Si el mazo materiales y su "
       "descarte están vacíos, al inicio del turno robás solo la carta de juego (OP 26); si "
       "el mazo juego y su descarte están vacíos, solo el material (OP 27). Si ambos mazos y "
       "sus descartes están vacíos no se roba ninguna carta y el turno sigue con lo que "
       "tenés (OP 28).",
       _sp(f"{_OPS} › Gestión de mazos", "6 FAQ"), ("R-004-06",),
       "mazo mazos vacio vacios agota agotado acaba descarte barajar robar materiales "
       "juego robo"),
    _r("sp.legalize", _S, "Cartas especiales",
       "¿Qué pasa con Legalize y la Policía?",
       "Legalize es de un solo uso: cuando entra en juego se elimina para siempre de la "
       "partida (OP 16). A partir de ahí la Policía ya no puede jugarse como acción: en la "
       "mano solo se puede descartar para obtener una moneda o para pagar un fuera de turno "
       "(OP 17).",
       _sp(f"{_OPS} › Cartas especiales", "6 FAQ"), ("R-004-07",),
       "legalize policia especial accion moneda",
       cards=("Legalize", "Policía")),
)
