"""Rulings of Planets War and La Copa del Mundo (002_c95a30c488414cab.txt).

The seed holds two games; every heading is cited under its game
(``Planets War › PREPARACION``, ``La Copa del Mundo › PENALES``).
"""
from __future__ import annotations

from .base import COPA_DEL_MUNDO as _C
from .base import PLANETS_WAR as _P
from .base import Ruling, _cm, _pw, _r

RULINGS: tuple[Ruling, ...] = (
    # --- Planets War --------------------------------------------------------
    _r("pw.setup", _P, "Preparación",
       "¿Cómo se prepara una partida de Planets War?",
       "Cada jugador recibe 1 Tablero, mezcla su mazo y toma 6 cartas como mano inicial. "
       "Cada uno convoca en su Tablero hasta 4 Cartas de Nave de su mano, boca abajo y en el "
       "orden que desee, y luego ambos las revelan al mismo tiempo. Con las cartas restantes "
       "se forma una pila en la Zona Deck. Se lanza 1 dado para definir al jugador inicial.",
       _pw("PREPARACION"), ("R-002-03",),
       "preparacion preparar inicio mano inicial seis convocar boca abajo revelar zona deck "
       "dado jugador inicial empieza"),
    _r("pw.attack.dice", _P, "Fase de Ataque",
       "¿Cómo funcionan los dados en la Fase de Ataque?",
       "El jugador atacante lanza los 3 dados: cada dado activa el ataque de todas las Naves "
       "que tengan ese número, y una Nave puede atacar varias veces en un mismo turno (con un "
       "3 en dos dados, las Naves con el número 3 atacan 2 veces). Los dados que no activan "
       "ningún ataque se ignoran en ese turno. Cada ataque causa 1 punto de daño a la Nave "
       "oponente del frente, tapando uno de sus números con un Token de Daño; si no hay una "
       "Nave oponente al frente, el ataque llega directo al Planeta oponente.",
       _pw("Fase de Ataque"), ("R-002-04",),
       "dado dados ataque atacar tres numero numeros token dano frente planeta ignorar"),
    _r("pw.attack.first_turn", _P, "Fase de Ataque",
       "¿Cuántos dados lanza el primer jugador en su primer turno?",
       "El primer jugador en realizar su turno solo lanza 2 dados en la Fase de Ataque y "
       "hace solo 1 ataque con cada una de sus Naves.",
       _pw("Fase de Ataque"), ("R-002-04",),
       "primer turno jugador inicial dos dados ataque"),
    _r("pw.attack.second_hit", _P, "Fase de Ataque",
       "Si una Nave ataca dos veces y el primer ataque destruye a la Nave del frente, "
       "¿a dónde va el segundo?",
       "El segundo ataque es un ataque directo al Planeta oponente.",
       _pw("Fase de Ataque"), ("R-002-04",),
       "segundo ataque dos veces destruye frente planeta directo"),
    _r("pw.help_cards", _P, "Cartas de Ayuda",
       "¿Cuándo puedo usar las Cartas de Ayuda?",
       "En cualquier momento de tu turno, todas las que quieras (Reparación, Agujero Negro, "
       "Construcción, Crítico, Refuerzo).",
       _pw("COMO JUGAR", "CARTAS DE AYUDA"), ("R-002-04",),
       "ayuda cartas momento turno usar",
       cards=("Reparación", "Agujero Negro", "Construcción", "Crítico", "Refuerzo")),
    _r("pw.ships.limit", _P, "Naves",
       "¿Cuántas Naves puedo tener en el Tablero?",
       "Hasta 4 Cartas de Nave. En la preparación se convocan hasta 4, y en la Fase inicial "
       "de cada turno (después de tomar 1 carta de la Zona Deck) se pueden convocar Naves de "
       "la mano sin exceder las 4 Naves en el Tablero: una quinta Nave no se puede convocar.",
       _pw("PREPARACION", "Fase de inicial"), ("R-002-05",),
       "nave naves cuantas limite maximo cuatro quinta convocar tablero"),
    _r("pw.ships.destroyed", _P, "Naves",
       "¿Cuándo se destruye una Nave y qué pasa con las Naves perdidas?",
       "Cuando todos los números de una Nave fueron tapados, recibió el daño máximo y se "
       "elimina, descartándola en la Zona Out del Tablero. Al perder una Nave se marca el "
       "total de Naves perdidas con 1 Token de Daño, y cada vez que un jugador pierde 3 "
       "Naves toma 1 carta de su Deck.",
       _pw("DESTRUCCION DE NAVES"), ("R-002-05",),
       "destruir destruida destruccion nave naves perdida perdidas numeros tapados zona "
       "out tres carta"),
    _r("pw.win", _P, "Fin del juego",
       "¿Cómo se gana una partida de Planets War?",
       "Hay 2 formas de victoria: causar 8 puntos de daño al Planeta oponente o destruir 12 "
       "Naves oponentes. Gana el primer jugador que consigue alguno de los dos objetivos.",
       _pw("FIN DEL JUEGO"), ("R-002-06",),
       "ganar victoria gana planeta ocho doce naves fin"),
    # --- La Copa del Mundo ---------------------------------------------------
    _r("cm.teams.choose", _C, "Organizar encuentro",
       "¿Cómo se eligen los equipos de cada partido?",
       "El Manager en turno elige uno de sus Equipos y uno de los Equipos del siguiente "
       "Manager. Siempre que sea posible deben elegirse Equipos que no hayan jugado un "
       "partido en esta ronda.",
       _cm("Elegir Equipos"), ("R-002-09",),
       "elegir equipo equipos partido ronda manager siguiente"),
    _r("cm.teams.prepare", _C, "Organizar encuentro",
       "¿Cómo se preparan los equipos antes del partido? ¿Quién saca?",
       "Los Managers ubican los Jugadores Avanzados de los Equipos que se enfrentan sobre los "
       "Jugadores Básicos de su Equipo, respetando la posición que indica cada carta "
       "(Arquero, Defensa, etc.); solo puede haber 1 Jugador Avanzado en cada posición. "
       "Eligen «Cruz» o «Escudo» y lanzan la Ficha de Moneda: quien acierta es el Equipo "
       "inicial. Se pone 1 Ficha de Balón sobre su Mediocampista y 1 en la casilla 0´ de la "
       "línea de tiempo.",
       _cm("Preparar Equipos"), ("R-002-09",),
       "preparar jugador avanzado posicion moneda cruz escudo saca inicial balon"),
    _r("cm.match.end", _C, "Fin del partido",
       "¿Cómo termina un partido y qué pasa si hay empate?",
       "Cuando la Ficha de Balón llega al final de la línea de tiempo termina el partido: "
       "gana el Equipo con más Goles y recibe $10 + $1 por Gol. El Equipo perdedor queda "
       "eliminado; su Manager puede reubicar sus Jugadores Avanzados en sus otros Equipos y "
       "recibe $8 + $1 por Gol. En caso de empate el vencedor se define por Penales.",
       _cm("FIN DEL PARTIDO"), ("R-002-10",),
       "termina partido empate empatado ganador perdedor eliminado goles dinero penales"),
    _r("cm.match.timeline", _C, "Fin del partido",
       "¿Cuándo avanza la Ficha de Balón en la línea de tiempo?",
       "Cuando un Delantero marca un Gol, cuando un Arquero tapa un Tiro al Arco y cuando un "
       "jugador hizo 3 jugadas seguidas sin perder el Balón.",
       _cm("FIN DEL PARTIDO"), ("R-002-10",),
       "tiempo linea avanza ficha balon reloj"),
    _r("cm.penalties", _C, "Penales",
       "¿Cómo se definen los penales?",
       "Se vuelve a lanzar la Ficha de Moneda para decidir quién empieza. Ambos toman 6 "
       "Cartas de Tiro al Arco y siguen los mismos pasos que cuando el Delantero está frente "
       "al Arquero. Cada Manager patea 5 Tiros al Arco; si persiste el empate empieza la "
       "«Muerte Súbita» y gana quien anote el siguiente Gol. Estos Goles no cuentan para el "
       "dinero del final del partido.",
       _cm("PENALES"), ("R-002-10",),
       "penal penales empate muerte subita cinco tiros arco"),
    _r("cm.game.end", _C, "Fin del juego",
       "¿Cuándo queda eliminado un Manager y quién gana la Copa?",
       "Un Manager que pierde todos sus Equipos queda eliminado del juego. Cuando queda solo "
       "1 Manager, o 1 solo Equipo, ese es el ganador de la Copa del Mundo.",
       _cm("FIN DEL JUEGO"), ("R-002-11",),
       "eliminado manager gana copa ultimo equipos"),
)
