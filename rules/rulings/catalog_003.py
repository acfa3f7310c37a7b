"""Rulings of Reinas (003_d9cdb044881e36ac.txt).

Phase order: "Fase de Activación de Habilidad Reina" says the Queen's
ability goes "ANTES de la Fase de Robo", while "Fase de Fin de Turno" lists
Robo first. The explicit rule wins (Default: RULES-TRACE ambiguity 36).
"""
from __future__ import annotations

from .base import REINAS as _Q
from .base import Ruling, _r, _rq

_PHASE_ORDER_DEFAULT = "Default: RULES-TRACE ambiguity 36 (Reinas phase order)"

RULINGS: tuple[Ruling, ...] = (
    _r("rq.start", _Q, "Inicio de juego",
       "¿Cómo empieza una partida de Reinas?",
       "Primero cada jugador elige la Reina con la que comanda su juego; esa carta no se "
       "puede cambiar en medio del duelo. Luego cada jugador toma 5 cartas iniciales. Quién "
       "empieza se decide con una moneda o con un dado, a elección de los jugadores.",
       _rq("Inicio de Juego"), ("R-003-01", "R-003-02"),
       "inicio empezar empieza comienzo mano inicial cinco cartas moneda dado reina elegir"),
    _r("rq.queen.ability", _Q, "Habilidad de la Reina",
       "¿Cuándo puedo activar la habilidad de mi Reina? ¿Y si me olvido?",
       "En cada turno, solamente ANTES de la Fase de Robo. Si el jugador se olvida o no "
       "activa la habilidad de su Reina, no puede activarla en otro momento.",
       _rq("Fase de Activación de Habilidad Reina") + "; " + _PHASE_ORDER_DEFAULT,
       ("R-003-03",),
       "reina habilidad activar activacion olvido olvide antes robo"),
    _r("rq.turn.phases", _Q, "Flujo de juego",
       "¿En qué orden van las fases del turno?",
       "Activación de Habilidad Reina, Robo, Seteo, Combate y Fin de Turno. La Fase de Fin "
       "de Turno nombra el Robo antes que la Reina, pero la regla de la Reina es explícita: "
       "su habilidad solo se activa antes de la Fase de Robo (criterio de Arena). En la "
       "Fase de Robo, al principio de cada turno, se toma una carta del Mazo. Se juega hasta "
       "que un jugador vence a la Reina del oponente.",
       _rq("Fase de Activación de Habilidad Reina", "Fase de Robo", "Fase de Fin de Turno")
       + "; " + _PHASE_ORDER_DEFAULT,
       ("R-003-03", "R-003-08"),
       "orden fases fase turno robo seteo combate fin victoria"),
    _r("rq.effects.duration", _Q, "Flujo de juego",
       "¿Cuándo termina un efecto o una habilidad?",
       "Cuando termina la fase en la que funciona. Por ejemplo, si una bestia aumenta su "
       "ATK o DEF durante la Fase de Combate, al terminar esa fase la habilidad deja de "
       "aplicar y vuelven sus valores normales. No es así si la carta dice, específica y "
       "literalmente, que su efecto continúa o que termina cuando deja de cumplirse una "
       "condición.",
       _rq("🔃Flujo de Juego"), ("R-003-04",),
       "efecto habilidad termina dura duracion fase atk def"),
    _r("rq.set.position", _Q, "Fase de Seteo",
       "¿Puedo cambiar la posición de batalla de una bestia?",
       "No. La bestia se queda en la posición en que se seteó al ponerse en la Arena (ataque, "
       "vertical; defensa, horizontal) durante toda su actividad en la Arena, salvo que un "
       "efecto permita cambiarla.",
       _rq("Fase de Seteo"), ("R-003-05",),
       "posicion cambiar bestia ataque defensa vertical horizontal setear"),
    _r("rq.set.effect_cards", _Q, "Fase de Seteo",
       "¿Cómo se juegan los Conjuros, Conjuros de Campo y Recursos?",
       "Llegan a la Arena boca abajo y, al usar su efecto, quedan boca arriba mientras dura. "
       "Una vez usados, o cuando su efecto ya no aplica, los Conjuros y Recursos van al "
       "Cementerio, salvo los Conjuros de Campo y las cartas cuyo texto dice que su efecto no "
       "termina de inmediato. Un Conjuro de Campo que no especifica un período de activación "
       "se limita a una activación por turno.",
       _rq("Fase de Seteo"), ("R-003-05",),
       "conjuro campo recurso boca abajo arriba cementerio activacion vez turno"),
    _r("rq.set.resources", _Q, "Fase de Seteo",
       "¿Puedo usar una carta Recurso en el turno del oponente?",
       "Sí, en cualquier fase del oponente, según su aplicabilidad: un Recurso que omite o "
       "niega la habilidad de la Reina rival debe activarse en la fase de Activación de "
       "Habilidad Reina; si se activa después, aplica en el turno siguiente. Si el jugador "
       "cede el turno y no se activó un Recurso antes, el contrincante ya no puede usarlo "
       "después de que se le cedió el turno.",
       _rq("Fase de Seteo"), ("R-003-05",),
       "recurso turno oponente rival negar reina ceder cedido"),
    _r("rq.tribute", _Q, "Invocación por Tributo",
       "¿Cómo funciona la Invocación por Tributo?",
       "Las bestias fuertes (LVL 5, 6 y 7) solo se invocan si hay bestias de nivel inferior "
       "cuyos niveles sumen exactamente el nivel de la bestia fuerte: con una bestia LVL 2 y "
       "otra LVL 4 en la zona de bestias lvl 1-4 se puede invocar una LVL 6 en la zona lvl "
       "5-6. Las bestias tributadas quedan en el Cementerio. La invocación solo es válida con "
       "2 o más tributos, y no se puede «reemplazar» una bestia de nivel superior por otra "
       "(una LVL 5 del campo por una LVL 5 de la mano).",
       _rq("Invocación por Tributo"), ("R-003-06",),
       "tributo tributos tributar invocar invocacion nivel niveles lvl fuerte sumar suma "
       "exacta reemplazar"),
    _r("rq.combat", _Q, "Fase de Combate",
       "¿Quién gana un combate entre bestias? ¿Y si empatan?",
       "Gana la bestia de mayor puntaje y la de menor puntaje muere. Si los puntajes son "
       "iguales, sin importar la posición, ambas bestias van al Cementerio. Una bestia más "
       "débil que ataca resta sus puntos de ATK de los de DEF (si la atacada está en defensa) "
       "o de ATK (si está en ataque) de la bestia atacada, y va al Cementerio.",
       _rq("Fase de Combate"), ("R-003-07",),
       "combate gana pierde empate iguales puntaje muere cementerio atacar debil"),
    _r("rq.points.recovery", _Q, "Fase de Combate",
       "¿Las bestias y las Reinas recuperan sus puntos?",
       "No durante su estadía en la Arena, salvo que un efecto lo diga explícitamente. Solo "
       "las bestias recuperan su puntaje original si van al cementerio, al mazo o a la mano "
       "y luego vuelven al campo.",
       _rq("Fase de Combate"), ("R-003-07",),
       "recuperar recuperan puntos originales puntaje reina bestia restaurar"),
)
