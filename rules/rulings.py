"""Rulings catalogue and rule resolvers (pure: no Django, no database).

Judges look up the rulebook's answer at the table (:func:`search`) and, where
the answer can be computed, ask a resolver. Every answer carries its rule
source so the judge can cite it.

Terms
-----
ruling
    A :class:`Ruling`: one question a judge gets at the table and the
    rulebook's answer, as data (``id``, ``game``, ``topic``,
    ``question_es``, ``answer_es``, ``source``). ``trace`` names the
    RULES-TRACE rows it covers; ``keywords`` are extra search words
    (synonyms such as "monstruo" for "Monsters").
game key
    ``"weed_monsters"`` (000_0014b2ac83da54b4.txt) or ``"blobbiemundo"``
    (001_eff5eaaa4c47c954.txt).
play
    A :class:`Play`: one card or power announced in a chain (Weed Monsters)
    or in a sequence of actions and responses (Blobbiemundo), in
    declaration order.
active player
    The player whose turn it is ("jugador de turno"); holds priority first.
resolver
    A function that computes a ruling (:func:`resolve_chain`,
    :func:`order_simultaneous_triggers`, :func:`both_at_zero_hearts`,
    :func:`empty_deck_draw`, :func:`mulligan_hand_size`,
    :func:`extra_turns_at_time`, :func:`check_board`,
    :func:`sale_is_legal`, :func:`hand_limit_overflow`). Each result has a
    ``source``.

Text for people is Spanish (es-AR); every violation also has a stable
``code``. Errors: :class:`RulingError` (stable ``code``) for requests a
judge can fix; :class:`RulingInvariantError` for a broken catalogue.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from tournaments.text import fold

WM_SEED = "000_0014b2ac83da54b4.txt"
BM_SEED = "001_eff5eaaa4c47c954.txt"

WEED_MONSTERS = "weed_monsters"
BLOBBIEMUNDO = "blobbiemundo"
GAMES = (WEED_MONSTERS, BLOBBIEMUNDO)


def _wm(*sections: str) -> str:
    return f"Rule: {WM_SEED} " + "; ".join(f'§ "{s}"' for s in sections)


def _bm(*sections: str) -> str:
    return f"Rule: {BM_SEED} " + "; ".join(f'§ "{s}"' for s in sections)


class RulingError(Exception):
    """A request a judge can fix; ``code`` is a stable machine key."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class RulingInvariantError(Exception):
    """The catalogue itself is broken (duplicate id, unknown game): a bug."""


# --------------------------------------------------------------------------
# Catalogue
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ruling:
    """One rulebook ruling or clarification.

    ``id`` is stable (``"wm.priority.resolution_order"``) and may be stored
    with a match record; ``source`` cites the seed section.
    """

    id: str
    game: str
    topic: str
    question_es: str
    answer_es: str
    source: str
    trace: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()


def _r(id: str, game: str, topic: str, question: str, answer: str, source: str,
       trace: tuple[str, ...] = (), keywords: str = "") -> Ruling:
    return Ruling(id, game, topic, question, answer, source, trace, tuple(keywords.split()))


_W, _B = WEED_MONSTERS, BLOBBIEMUNDO

CATALOG: tuple[Ruling, ...] = (
    # --- Weed Monsters: cards and the Arena ------------------------------
    _r("wm.gems.one_per_turn", _W, "Gemas",
       "¿Cuántas Gemas puedo bajar por turno?",
       "Solo una Gema por turno, en tu Fase Principal. Las Gemas Básicas no tienen "
       "límite de copias en el mazo; las Especiales, hasta 4 copias cada una.",
       _wm("Gemas", "La Arena › Gemas", "6.3. Fase Principal"), ("R-000-03",),
       "gema semilla limite turno bajar"),
    _r("wm.gems.payment", _W, "Gemas",
       "¿Cómo pagan el coste la Gema Arcoíris, la Semilla Dorada y las Semillas "
       "Desierto, Pantano y Volcán?",
       "Con la Gema Arcoíris elegís cada vez a qué Gema básica corresponde. La "
       "Semilla Dorada equivale a 2 Gemas básicas. Las Semillas Desierto, Pantano y "
       "Volcán solo cambian entre las 2 Gemas descritas en la carta. Una Gema usada "
       "para pagar queda Inactiva hasta tu próximo turno.",
       _wm("Gemas"), ("R-000-06",), "arcoiris dorada desierto pantano volcan coste pagar inactiva"),
    _r("wm.gems.play_sequence", _W, "Gemas",
       "¿En qué orden se juega una carta?",
       "Primero se activan las Gemas necesarias para pagar el coste, segundo se "
       "anuncia la jugada y, si el Breeder rival no interviene, tercero la carta baja "
       "y entra en juego.",
       _wm("Gemas"), ("R-000-07",), "jugar carta anunciar coste activar"),
    _r("wm.artifacts.limit", _W, "Artefactos",
       "¿Cuántos Artefactos puedo tener en juego? ¿Puedo reemplazar uno?",
       "Hasta 2 Artefactos en juego. Una vez jugados los dos no se puede bajar otro "
       "para reemplazar alguno anterior; duran hasta que una carta indique lo contrario.",
       _wm("Artefactos", "La Arena › Artefactos"), ("R-000-08",), "artefacto limite reemplazar"),
    _r("wm.artifacts.leaves_after_effect", _W, "Artefactos",
       "Si un Artefacto deja la Arena después de activar su efecto, ¿el efecto se cumple?",
       "Sí. Por ejemplo, si Escudo de Prensado se descarta pero ya se tiró el dado y "
       "salió par, el Monster elegido no podrá atacar el siguiente turno.",
       _wm("Artefactos"), ("R-000-08",), "escudo prensado descartar efecto"),
    _r("wm.monsters.limit", _W, "Monsters",
       "¿Cuántos Monsters puedo tener en juego?",
       "Hasta 5 Monsters en juego; sirven para atacar y para defender.",
       _wm("La Arena › Monsters"), ("R-000-17",), "monstruo monstruos limite cinco"),
    _r("wm.monsters.careta", _W, "Monsters",
       "Un Monster que entra en juego por el efecto de una carta, ¿puede atacar ese turno?",
       "No. Todo Monster que entra en juego, pagando su coste o por efecto de una carta "
       "o habilidad, está Careta hasta el inicio de tu siguiente turno: puede defender "
       "pero no atacar.",
       _wm("Monsters"), ("R-000-09",), "monstruo careta atacar defender efecto"),
    _r("wm.monsters.equipment", _W, "Monsters",
       "¿Cuántas cartas le puedo equipar a un Monster? ¿Qué pasa con ellas si se va?",
       "Solo una carta de cada tipo (un Objeto, un Guardián, etc.). Los Monsters no se "
       "pueden vender ni descartar estando en la Arena salvo que un efecto lo diga. "
       "Cuando un Monster deja la Arena, todas sus cartas equipadas van al Compost.",
       _wm("Monsters"), ("R-000-10",), "monstruo equipar objeto guardian compost"),
    _r("wm.growup.rules", _W, "Grow Up",
       "¿Cuáles son las reglas del Grow Up?",
       "Solo se puede realizar un Grow Up por turno y no sobre un Monster que esté "
       "Careta. La carta por sí sola no tiene Valor y no cuenta como carta equipada. "
       "Cuando abandona la Arena, o va al Compost, al mazo o a la mano, se va junto con "
       "el Monster de abajo.",
       _wm("Grow Up"), ("R-000-12",), "growup evolucionar monstruo careta"),
    _r("wm.ambiental.one", _W, "Ambientales",
       "¿Qué pasa si juego una Ambiental cuando ya hay una en juego?",
       "Solo puede haber una Ambiental en juego y funciona para ambos Breeders. Al "
       "jugar otra, se descarta la que estaba activa (al Compost de su dueño).",
       _wm("Ambientales", "La Arena › Ambiental"), ("R-000-13",), "ambiental clima reemplazar"),
    _r("wm.instants.when", _W, "Instantáneas",
       "¿Cuándo puedo usar una Instantánea?",
       "En cualquier fase de ambos turnos, respetando la Prioridad.",
       _wm("Instantáneas"), ("R-000-14",), "instantanea turno rival prioridad"),
    _r("wm.win.conditions", _W, "Partida",
       "¿Cómo se gana una partida?",
       "Dejando a tu oponente sin Corazones, o si tu oponente no tiene cartas que robar "
       "en el mazo al principio de su turno. Cada Breeder empieza con 20 Corazones y no "
       "hay máximo.",
       _wm("¿Cómo se gana una partida de Weed Monsters TCG?", "La Arena › Corazones"),
       ("R-000-15",),
       "ganar victoria corazones perder"),
    _r("wm.setup", _W, "Partida",
       "¿Cómo se prepara el comienzo de una partida?",
       "Ambos Breeders empiezan con 20 Corazones; tiran un dado y el que saca mayor "
       "número decide si comienza o no; mezclan sus mazos y se los dan al rival para "
       "que mezcle o corte; roban 6 cartas y pueden hacer Mulligan.",
       _wm("Principio de partida"), ("R-000-16",), "inicio comienzo dado mano inicial seis"),
    _r("wm.mulligan", _W, "Mulligan",
       "¿Qué es el Mulligan y cuántas veces puedo hacerlo?",
       "Solo al inicio de cada partida, después de robar la mano inicial: mezclás tu "
       "mano en el mazo y robás de nuevo una carta menos. Se puede repetir hasta que no "
       "queden cartas en mano (6, 5, 4 … 0).",
       _wm("¿Qué es el Mulligan?", "Principio de partida"), ("R-000-23",),
       "mulligan mano inicial robar"),
    _r("wm.deck.sixty", _W, "Mazo",
       "¿Cuántas cartas debe tener el mazo y qué pasa si no tiene 60?",
       "El mazo tiene exactamente 60 cartas (hasta 4 copias por carta salvo Gemas "
       "básicas, un solo Baby). Conviene contarlas antes y después de cada partida. "
       "Jugar una partida competitiva oficial con más o menos de 60 cartas descalifica; "
       "si las cartas faltantes las tiene otro competidor, ambos son sancionados.",
       _wm("La Arena › Mazo", "Armado de Mazos", "10.2.5. Cartas"),
       ("R-000-18", "R-000-84", "R-000-85"),
       "mazo sesenta cartas descalificacion contar"),
    _r("wm.deck.shuffle", _W, "Mazo",
       "¿Cómo y cuándo se mezcla el mazo?",
       "De forma aleatoria, presentándolo al rival para que corte al menos una vez; el "
       "rival también puede mezclarlo y entonces el dueño puede hacer un corte extra. "
       "Antes de cada partida y cada vez que un efecto hace revisar o mezclar el mazo.",
       _wm("¿Cómo se mezcla el Mazo?"), ("R-000-22",), "mezclar barajar cortar"),
    _r("wm.compost", _W, "Compost",
       "¿A qué Compost van las cartas descartadas? ¿Puedo tomar cartas del Compost rival?",
       "Cada carta descartada va al Compost del Breeder al que pertenece. Ninguna carta "
       "permite tomar cartas del Compost del Breeder rival.",
       _wm("La Arena › Compost"), ("R-000-19",), "compost descarte rival"),
    # --- Weed Monsters: turn --------------------------------------------
    _r("wm.turn.phases", _W, "Turno",
       "¿Cómo se declaran las fases del turno?",
       "El jugador de turno declara sus fases; si no lo hace, se asume la fase según la "
       "acción que realiza y ambos deben estar de acuerdo con el cambio. Primero se "
       "enderezan Monsters y Gemas: si te olvidás, \u201ccolgaste las cartas\u201d y quedan "
       "así hasta tu próximo turno. En la Fase Final se chequean estados como Veneno.",
       _wm("Estructura de un Turno", "6.1. Fase de Enderezar", "6.5. Fase Final"),
       ("R-000-24",), "fase enderezar colgar veneno final"),
    _r("wm.turn.draw_mandatory", _W, "Turno",
       "¿Es obligatorio robar al inicio del turno?",
       "Sí, robar la carta del tope del mazo al inicio del turno es obligatorio. No "
       "hacerlo es una jugada fuera del reglamento (Warning).",
       _wm("6.2. Fase de Robo", "10.3. Los Jueces"), ("R-000-25",), "robo robar obligatorio"),
    _r("wm.turn.sell", _W, "Turno",
       "¿Cómo funciona vender cartas?",
       "Una vez por turno podés descartar cartas de tu mano cuyo Valor sume 5 o más para "
       "robar dos cartas. Una vez cubierto el mínimo de 5 no se pueden sumar más cartas "
       "a la venta.",
       _wm("6.3. Fase Principal"), ("R-000-26",), "vender venta valor robar dos"),
    _r("wm.turn.battle", _W, "Batalla",
       "¿Cómo se desarrolla la Fase de Batalla?",
       "Empieza al declarar ataques: elegís todos los atacantes y sus objetivos. El rival "
       "declara defensores; cada Monster defiende de un solo atacante a la vez. El daño, "
       "incluido el CONTRAATAQUE, es simultáneo, y en esa subfase solo se pueden usar "
       "Instantáneas que modifiquen o nieguen el daño. Al final de la batalla los Monsters "
       "destruidos van al Compost y se ejecutan las habilidades que cumplieron su condición.",
       _wm("6.4. Fase de Batalla"), ("R-000-27",), "batalla ataque defensa dano contraataque"),
    # --- Weed Monsters: priority ------------------------------------------
    _r("wm.priority.what", _W, "Prioridad",
       "¿Qué es la Prioridad?",
       "Es el derecho de un Breeder a activar sus cartas o efectos. El jugador de turno "
       "tiene la prioridad y se la va cediendo al rival para que decida si usa cartas o "
       "efectos que puedan jugarse en el turno oponente.",
       _wm("¿Qué es la Prioridad?"), ("R-000-28",), "prioridad turno"),
    _r("wm.priority.passing", _W, "Prioridad",
       "¿Cuándo estoy cediendo la Prioridad?",
       "Al anunciar una jugada le das al rival la oportunidad de responder. Responda o no, "
       "podés seguir haciendo jugadas antes de que empiece la ejecución de las anteriores, "
       "hasta que ningún Breeder quiera o pueda seguir jugando.",
       _wm("¿Cuándo estoy cediendo la Prioridad?"), ("R-000-28",),
       "prioridad ceder responder cadena"),
    _r("wm.priority.resolution_order", _W, "Prioridad",
       "¿En qué orden se ejecutan las cartas jugadas en respuesta?",
       "Desde la última carta jugada hasta la primera. Ejemplo: anuncio Medallón, mi "
       "oponente responde con Quemaduras y respondo con Black Jack: Black Jack anula "
       "Quemaduras, Quemaduras no aplica y Medallón entra en juego.",
       _wm("¿En qué orden ocurre la ejecución de las cartas?"), ("R-000-29",),
       "orden ejecucion cadena medallon quemaduras black jack ultima primera"),
    _r("wm.priority.instant_during_execution", _W, "Prioridad",
       "¿Puedo jugar una Instantánea mientras se ejecuta un efecto?",
       "Sí, respetando la prioridad: el Breeder de turno puede jugar primero. Por ejemplo, "
       "una Bruma mientras se ejecuta Quemaduras reduce ese daño a 0, o mientras se "
       "ejecuta el efecto de Fasosito Red.",
       _wm("¿Puedo jugar una Instantánea al momento de la ejecución de un efecto?"),
       ("R-000-30",), "instantanea bruma quemaduras fasosito ejecucion"),
    _r("wm.priority.simultaneous_triggers", _W, "Prioridad",
       "¿En qué orden se ejecutan los efectos Gatillo que se cumplen al mismo tiempo?",
       "El jugador de turno resuelve primero todas sus habilidades Gatillo, de a una y en "
       "el orden que quiera; después se le cede la prioridad al rival para que ejecute las "
       "suyas.",
       _wm("¿En qué orden se ejecutan los efectos Gatillo que cumplen su condición al "
           "mismo tiempo?"), ("R-000-31",), "gatillo simultaneo orden habilidades"),
    _r("wm.abilities.kinds", _W, "Habilidades",
       "¿Qué tipos de habilidades hay?",
       "Manuales: se activan y anuncian en tu Fase Principal (p. ej. Jardinería). "
       "Gatillo: necesitan un tiempo y condiciones de activación (p. ej. Encendido). "
       "Continuos: aplican mientras la carta esté en la Arena (p. ej. Medallón de Marley, "
       "Imbloqueable).",
       _wm("Habilidad", "Manuales", "Gatillo", "Continuos"), ("R-000-32",),
       "habilidad manual gatillo continuo jardineria encendido"),
    # --- Weed Monsters: Reglas Avanzadas ----------------------------------
    _r("wm.advanced.timing_words", _W, "Reglas Avanzadas",
       "¿Qué diferencia hay entre \u201cCuando entra en juego\u201d, \u201cDespués de "
       "atacar\u201d y \u201cUna vez por turno\u201d?",
       "Esas palabras marcan el único momento en que se puede usar la habilidad, siempre "
       "que ninguna carta lo impida.",
       _wm("-Diferencias entre \u201cCuando entra en juego\u201d, \u201cDespués de "
           "atacar\u201d, \u201cUna vez por turno\u201d"), ("R-000-102",),
       "entra juego atacar vez turno momento"),
    _r("wm.advanced.draw_more_than_deck", _W, "Reglas Avanzadas",
       "¿Qué ocurre cuando tenés que robar más cartas de las que tenés?",
       "Robás o mirás las que queden y seguís jugando. Ejemplo: Fasent entra en juego y "
       "roba 3, pero en el mazo hay 2: robás las 2. Solo perdés si no podés robar la carta "
       "al principio de tu turno.",
       _wm("-¿Qué ocurre cuando tenés que robar más cartas de las que tenés?"),
       ("R-000-103",), "mazo vacio robar fasent perder"),
    _r("wm.advanced.both_win", _W, "Reglas Avanzadas",
       "¿Qué pasa cuando ambos Breeders ganan al mismo tiempo?",
       "Si ambos quedan en 0 Corazones a la vez, la partida es un empate. En una partida "
       "oficial al Mejor de Tres el empate cuenta y gana quien tenga una victoria más "
       "(1-0-1 gana; 1-1-1 es empate).",
       _wm("-¿Qué pasa cuando ambos Breeders ganan al mismo tiempo?"), ("R-000-104",),
       "empate corazones cero simultaneo mejor tres"),
    # --- Weed Monsters: tournament ----------------------------------------
    _r("wm.round.extra_turns", _W, "Rondas",
       "¿Qué pasa cuando se termina el tiempo de la ronda?",
       "Cada jugador tiene 3 turnos completos, empezando por quien tiene el turno actual "
       "(el turno en curso cuenta como el primero). Si la partida no termina, queda "
       "empatada y la ronda se define por las partidas anteriores.",
       _wm("10.1. Desarrollo de las Rondas Suizas"), ("R-000-79",),
       "tiempo reloj turnos extra empate"),
    _r("wm.round.tardiness", _W, "Rondas",
       "¿Qué pasa si un jugador llega tarde a la mesa?",
       "Pasados 5 minutos desde el inicio pierde la primera partida; pasados otros 5 "
       "minutos pierde también la segunda y el rival gana la ronda 2-0.",
       _wm("10.1. Desarrollo de las Rondas Suizas"), ("R-000-77",),
       "tarde tardanza ausente minutos"),
    _r("wm.judges.warnings", _W, "Jueces",
       "¿Cómo funciona el sistema de Warnings?",
       "Primera instancia: Warning simple por no respetar el orden de juego (no robar, no "
       "mezclar…). Un error que no se puede deshacer: Warning y −5 Corazones. Mal "
       "comportamiento o juego desleal: Warning y pérdida de la partida, con posible "
       "descalificación. Tres Warnings en la fecha: pierde la partida en curso y queda "
       "descalificado de la fecha.",
       _wm("10.3. Los Jueces"), ("R-000-98", "R-000-99", "R-000-100", "R-000-101"),
       "warning advertencia penalidad sancion descalificacion juez"),
    _r("wm.judges.head_judge", _W, "Jueces",
       "¿Quién tiene la última palabra sobre una carta o una decisión del torneo?",
       "El juez principal es la autoridad final en las interpretaciones de las cartas y "
       "las decisiones del torneo, y decide si una carta o funda está marcada.",
       _wm("10.2.5.1. Interpretaciones de cartas", "10.2.5. Cartas"), ("R-000-86",),
       "juez principal autoridad interpretacion"),
    _r("wm.spectators", _W, "Área de juego",
       "¿Qué pueden hacer los jueces con los espectadores?",
       "Los espectadores miran a distancia prudencial, nunca detrás de los Breeders y en "
       "silencio. Los jueces pueden pedirles silencio o que se aparten, sancionar al "
       "Breeder (Warning, pérdida de partida o ronda, descalificación) o expulsar al "
       "espectador.",
       _wm("10.2.8. Arena de Juego"), ("R-000-96",), "espectador publico silencio expulsion"),
    _r("wm.marked_cards", _W, "Área de juego",
       "¿Cuándo una carta o funda se considera marcada?",
       "Cuando algún aspecto permite identificarla sin ver su cara (arañazos, dobleces, "
       "decoloraciones…). Las fundas cuentan como parte de la carta y deben ser iguales, "
       "limpias y de dorso opaco. Decide el juez principal; una carta dañada en el torneo "
       "puede reemplazarse por una carta de representación del juez.",
       _wm("10.2.5. Cartas", "10.2.5.4. Cartas de representación o Proxys",
           "10.2.5.7. Fundas para cartas"), ("R-000-83", "R-000-91", "R-000-94"),
       "marcada funda proxy representacion"),
    # --- Blobbiemundo ------------------------------------------------------
    _r("bm.actions.resolution", _B, "Acciones",
       "¿En qué orden se resuelven las acciones y respuestas?",
       "PRIMERO por la prioridad de la carta cósmica o el poder y SEGUNDO por el orden de "
       "declaración: entre dos de igual prioridad se resuelve primero la declarada antes; "
       "una de mayor prioridad se resuelve antes aunque se haya declarado después. La "
       "batalla es la acción más lenta y siempre se resuelve al final.",
       _bm("Acciones", "Fases de Combate y Tiempos"), ("R-001-10",),
       "prioridad orden resolucion declaracion batalla accion respuesta"),
    _r("bm.actions.no_chains", _B, "Acciones",
       "¿Blobbiemundo usa cadenas?",
       "No. Cada acción tiene derecho a una respuesta: el combatiente espera que el "
       "oponente decida si responde antes de seguir; cuando ninguno quiere agregar acciones "
       "se resuelve el circuito de acción y reacción.",
       _bm("Fases de Combate y Tiempos", "Acciones"), ("R-001-09",),
       "cadena accion reaccion respuesta"),
    _r("bm.actions.suerte_example", _B, "Acciones",
       "Si uso Suerte para alcanzar a un Blobbie, ¿el rival puede usar Suerte para escapar?",
       "Sí: el ataque no se realiza hasta que se resuelvan todas las Cartas Cósmicas. En "
       "cambio, una carta obtenida con Robar (aunque sea Súper Instantánea) se usa recién "
       "después de resuelta la Carta Cósmica ofensiva.",
       _bm("Fases de Combate y Tiempos"), ("R-001-10",), "suerte velocidad escapar robar"),
    _r("bm.hand_limit", _B, "Límite de Mano",
       "¿Cuántas cartas puedo tener en la mano?",
       "Un máximo de 8. Si robás cartas adicionales, la 9.ª y las siguientes van "
       "directamente al Área Gris.",
       _bm("Límite de Mano"), ("R-001-04",), "mano limite ocho area gris"),
    _r("bm.penalties", _B, "Penalidades",
       "¿Qué penalidades hay en Blobbiemundo?",
       "Una infracción durante el Combate es una Advertencia simple (p. ej. usar un "
       "Buscador solo para barajar, no girar 180° el Blobbie de trinchera). Con 3 "
       "Advertencias se pierde un Blobbie básico del mini-mazo (si no hay, se desecha un "
       "Blobbie del campo a elección). Un error grave podría costar un Blobbie; una falta "
       "grave (cartas no registradas, side deck sin reemplazo) podría costar el combate.",
       _bm("Penalidades"), ("R-001-05", "R-001-06", "R-001-07", "R-001-08"),
       "advertencia penalidad falta grave error trampa"),
    _r("bm.start.redraw", _B, "Inicio del Juego",
       "¿Puedo cambiar mi mano inicial?",
       "Ambos roban 7 cartas; el de dado más alto dice primero si cambia la mano "
       "(mezcla y roba 7 de nuevo), luego el otro. Se hace una única vez por combate y sin "
       "penalidad. Quien empieza arranca en la Fase 3 sin robar.",
       _bm("Inicio del Juego"), ("R-001-12",), "mulligan mano inicial siete cambiar"),
    _r("bm.updates.clarifications", _B, "Actualizaciones",
       "¿Qué aclaraciones generales trae el reglamento?",
       "Las cartas solo afectan el propio campo salvo que digan lo contrario; solo se "
       "pueden juntar dos Blobbies del mismo color; el jugador decide si escapa con su "
       "velocidad; un Blobbie que pierde sus 3 contadores de vitalidad vuelve a su forma "
       "básica; el Mini-Mazo va boca abajo; Cervatanera Amarilla, Chasqui Azul y Ninja "
       "Índigo usan 1 poder por ronda.",
       _bm("ACTUALIZACIONES DEL REGLAMENTO"), ("R-001-01",),
       "cervatanera chasqui ninja vitalidad color unir"),
    _r("bm.confusion_armamento", _B, "Confusión y Armamento",
       "¿Cuándo se gastan Confusión y Armamento?",
       "Se mantienen cargados hasta usarse; al terminar la batalla en que se usan se "
       "gastan ambos y no se recargan hasta que el Blobbie descanse o use \u201cRevitalizar\u201d. "
       "Para cargarlos la forma debe mostrarse boca abajo en la Fase 3.",
       _bm("CAMBIOS A CONFUSIÓN Y ARMAMENTO"), ("R-001-02",),
       "confusion armamento revitalizar cargar"),
    _r("bm.battle.declare_once", _B, "Batalla",
       "¿Cuántas batallas puede declarar un Blobbie por turno?",
       "Un Blobbie atacante declara batalla una sola vez por turno, aunque la batalla no "
       "llegue a ocurrir; un Blobbie defensor puede recibir ataques sucesivos.",
       _bm("Declarando una Batalla"), ("R-001-14",), "batalla declarar atacar turno"),
    _r("bm.trench", _B, "Trinchera",
       "¿Las Cartas Cósmicas afectan a un Blobbie en la Trinchera?",
       "No, salvo que la carta diga explícitamente que afecta a Blobbies en la Trinchera. "
       "Un Blobbie recién colocado en la Trinchera debe esperar al menos un turno para salir.",
       _bm("Blobbies en la Trinchera"), ("R-001-14",), "trinchera camuflar cosmica"),
)

#: The catalogue by id.
RULINGS_BY_ID: Mapping[str, Ruling] = MappingProxyType({r.id: r for r in CATALOG})


def _check_catalog() -> None:
    if len(RULINGS_BY_ID) != len(CATALOG):
        raise RulingInvariantError("duplicate ruling ids")
    for ruling in CATALOG:
        if ruling.game not in GAMES or not ruling.source.startswith("Rule: "):
            raise RulingInvariantError(f"bad ruling {ruling.id!r}")


_check_catalog()


# --------------------------------------------------------------------------
# Search
# --------------------------------------------------------------------------

_STOPWORDS = frozenset(
    "a al ante con cual cuando cuanto cuantos cuantas de del el en es esta este "
    "hay la las le lo los mi mis me no o para pasa pasan por puedo que se si su sus "
    "te tu tus un una uno unos unas y ya como donde".split()
)
_TOKEN = re.compile(r"[a-z0-9]+")


def normalize(text: str) -> str:
    """Lower case, no accents: ``"Prioridád"`` → ``"prioridad"`` (:func:`tournaments.text.fold`)."""
    return fold(text)


def _tokens(text: str) -> list[str]:
    return [t for t in _TOKEN.findall(normalize(text)) if t not in _STOPWORDS]


def _token_match(query: str, doc: frozenset[str]) -> float:
    """1 for the same word; 0.8 for a prefix (≥ 4 letters); 0.6 for a stem.

    "Stem" = a shared beginning of 5 letters or more (so "monstruo" finds
    "monsters").
    """
    if query in doc:
        return 1.0
    best = 0.0
    for word in doc:
        short, long_ = (query, word) if len(query) <= len(word) else (word, query)
        if len(short) >= 4 and long_.startswith(short):
            best = max(best, 0.8)
        elif len(short) >= 5 and short[:5] == long_[:5]:
            best = max(best, 0.6)
    return best


_FIELD_WEIGHTS = (("topic", 3.0), ("keywords", 3.0), ("question_es", 2.0), ("answer_es", 1.0))


def _fields(ruling: Ruling) -> tuple[tuple[float, frozenset[str]], ...]:
    texts = {"topic": ruling.topic, "keywords": " ".join(ruling.keywords),
             "question_es": ruling.question_es, "answer_es": ruling.answer_es}
    return tuple((w, frozenset(_tokens(texts[name]))) for name, w in _FIELD_WEIGHTS)


_INDEX = tuple((ruling, _fields(ruling)) for ruling in CATALOG)


def search(query: str, game: str | None = None, *, limit: int | None = None) -> list[Ruling]:
    """Rulings matching ``query``, best first.

    Matching ignores accents and case, and skips Spanish stop words. A
    ruling scores, per query word, its matches in topic and keywords (×3
    each), question (×2) and answer (×1); a word matches the same word
    (1), a prefix of 4+ letters (0.8) or a shared 5-letter stem (0.6, so
    "monstruo" finds "Monsters"). Rulings matching more distinct
    query words come first, then by score, then in catalogue order. Only
    rulings of ``game`` when given. An empty or stop-words-only query
    returns ``[]``.

    Errors: :class:`RulingError` ``unknown_game``.
    """
    if game is not None and game not in GAMES:
        raise RulingError("unknown_game", f"no rulings for game {game!r}")
    words = list(dict.fromkeys(_tokens(query)))
    if not words:
        return []
    scored: list[tuple[int, float, int, Ruling]] = []
    for position, (ruling, fields) in enumerate(_INDEX):
        if game is not None and ruling.game != game:
            continue
        matched, score = 0, 0.0
        for word in words:
            hit = sum(weight * _token_match(word, tokens) for weight, tokens in fields)
            if hit > 0:
                matched += 1
                score += hit
        if matched:
            scored.append((-matched, -score, position, ruling))
    scored.sort(key=lambda row: row[:3])
    found = [row[3] for row in scored]
    return found[:limit] if limit is not None else found


def find_rulings(query: str, game: str | None = None) -> list[Ruling]:
    """What the rulings pages and the API list: the matches of ``query`` best
    first (:func:`search`), or, for a blank query, the whole catalogue (of
    ``game`` when given), in catalogue order.

    Errors: :class:`RulingError` ``unknown_game``.
    """
    if query.strip():
        return search(query, game or None)
    if game and game not in GAMES:
        raise RulingError("unknown_game", f"no rulings for game {game!r}")
    return [r for r in CATALOG if not game or r.game == game]


def get_ruling(ruling_id: str) -> Ruling:
    """The ruling with ``ruling_id``.

    Errors: :class:`RulingError` ``unknown_ruling``.
    """
    try:
        return RULINGS_BY_ID[ruling_id]
    except KeyError:
        raise RulingError("unknown_ruling", f"no ruling {ruling_id!r}") from None


# --------------------------------------------------------------------------
# Chains of plays
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """A card or power announced in a chain, in declaration order.

    ``priority`` is the Blobbiemundo priority of the card or power (higher
    resolves first; ignored in Weed Monsters). ``negates`` is the 0-based
    declaration index of an earlier play this one cancels ("Black Jack
    anula Quemaduras"). ``is_battle`` marks a Blobbiemundo battle, the
    slowest action.
    """

    card: str
    player: str
    priority: int = 0
    negates: int | None = None
    is_battle: bool = False


@dataclass(frozen=True, slots=True)
class ResolvedPlay:
    """One step of a resolution: ``step`` is 1-based, ``index`` the play's
    declaration index. ``applies`` is False when an earlier-resolving play
    negated it (``negated_by`` = that play's index). ``negation_effective``
    is None for plays that negate nothing, else whether the negation landed
    (False when its target had already resolved)."""

    step: int
    index: int
    play: Play
    applies: bool
    negated_by: int | None = None
    negation_effective: bool | None = None


@dataclass(frozen=True, slots=True)
class ChainResolution:
    """Plays in resolution order, with the rule source."""

    steps: tuple[ResolvedPlay, ...]
    source: str

    @property
    def cards(self) -> tuple[str, ...]:
        """Card names in resolution order."""
        return tuple(s.play.card for s in self.steps)

    @property
    def applied(self) -> tuple[str, ...]:
        """Card names whose effect applies, in resolution order."""
        return tuple(s.play.card for s in self.steps if s.applies)


def _lifo(plays: Sequence[Play]) -> list[int]:
    """Rule: 000 § "¿En qué orden ocurre la ejecución de las cartas?"."""
    return list(range(len(plays) - 1, -1, -1))


def _by_priority(plays: Sequence[Play]) -> list[int]:
    """Rule: 001 § "Acciones": priority, then declaration; battles last."""
    return sorted(range(len(plays)), key=lambda i: (plays[i].is_battle, -plays[i].priority, i))


_CHAIN_ORDER = MappingProxyType({WEED_MONSTERS: _lifo, BLOBBIEMUNDO: _by_priority})
_CHAIN_SOURCE = MappingProxyType({
    WEED_MONSTERS: _wm("¿En qué orden ocurre la ejecución de las cartas?",
                       "¿Cuándo estoy cediendo la Prioridad?"),
    BLOBBIEMUNDO: _bm("Acciones", "Fases de Combate y Tiempos"),
})


def resolve_chain(game: str, plays: Sequence[Play]) -> ChainResolution:
    """The order in which announced plays resolve, and which apply.

    Shapes: ``plays`` in declaration order (both players, interleaved as
    announced). Weed Monsters: the last play resolves first. Blobbiemundo:
    higher priority first, equal priority in declaration order, battles
    after everything else. A play negated by a play that resolved (and
    applied) before it does not apply; a negation whose target already
    resolved has no effect (possible only in Blobbiemundo, when a response
    has lower priority than its target).

    Errors: :class:`RulingError` ``unknown_game``; ``invalid_negation``
    when ``negates`` does not name an earlier play.

    Rule: 000_0014b2ac83da54b4.txt § "¿En qué orden ocurre la ejecución de
    las cartas?" (Medallón ← Quemaduras ← Black Jack);
    001_eff5eaaa4c47c954.txt § "Acciones".
    """
    if game not in _CHAIN_ORDER:
        raise RulingError("unknown_game", f"no chain rule for game {game!r}")
    for i, play in enumerate(plays):
        if play.negates is not None and not 0 <= play.negates < i:
            raise RulingError("invalid_negation",
                              f"play {i} ({play.card}) negates {play.negates}, not an earlier play")
    order = _CHAIN_ORDER[game](plays)
    resolved: set[int] = set()
    negated: dict[int, int] = {}
    steps: list[ResolvedPlay] = []
    for step, i in enumerate(order, start=1):
        play = plays[i]
        applies = i not in negated
        effective: bool | None = None
        if play.negates is not None:
            effective = applies and play.negates not in resolved
            if effective:
                negated[play.negates] = i
        steps.append(ResolvedPlay(step, i, play, applies, negated.get(i), effective))
        resolved.add(i)
    return ChainResolution(tuple(steps), _CHAIN_SOURCE[game])


# --------------------------------------------------------------------------
# Simultaneous triggers
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Trigger:
    """A "Gatillo" ability whose condition was met; ``name`` is unique."""

    name: str
    player: str


@dataclass(frozen=True, slots=True)
class TriggerOrder:
    order: tuple[Trigger, ...]
    source: str

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.order)


def order_simultaneous_triggers(active_player: str, triggers: Sequence[Trigger],
                                chosen_order: Sequence[str]) -> TriggerOrder:
    """The execution order of "Gatillo" triggers met at the same time.

    Shapes: ``triggers`` in any order, unique names; ``chosen_order`` lists
    trigger names: all of the active player's, in the order they choose, and
    optionally the rival's in the rival's chosen order. Returns the active
    player's triggers first, then the rival's (listed ones in the listed
    order, the rest as given — the rival's order is not stated, inferred).

    Errors: :class:`RulingError` ``duplicate_trigger``, ``unknown_trigger``
    (a chosen name not among ``triggers``), ``chosen_order_incomplete``
    (an active player's trigger missing or repeated).

    Rule: 000_0014b2ac83da54b4.txt § "¿En qué orden se ejecutan los efectos
    Gatillo que cumplen su condición al mismo tiempo?".
    """
    by_name = {t.name: t for t in triggers}
    if len(by_name) != len(triggers):
        raise RulingError("duplicate_trigger", "trigger names must be unique")
    unknown = [n for n in chosen_order if n not in by_name]
    if unknown:
        raise RulingError("unknown_trigger", f"not among the triggers: {unknown}")
    active_chosen = [n for n in chosen_order if by_name[n].player == active_player]
    active_all = [t.name for t in triggers if t.player == active_player]
    if sorted(active_chosen) != sorted(active_all):
        raise RulingError("chosen_order_incomplete",
                          "chosen_order must list every trigger of the active player once")
    rank = {n: i for i, n in enumerate(chosen_order)}
    others = [t for t in triggers if t.player != active_player]
    others.sort(key=lambda t: (t.name not in rank, rank.get(t.name, 0)))
    order = tuple(by_name[n] for n in active_chosen) + tuple(others)
    return TriggerOrder(order, _wm("¿En qué orden se ejecutan los efectos Gatillo que "
                                   "cumplen su condición al mismo tiempo?"))


# --------------------------------------------------------------------------
# Game end: hearts, empty deck
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HeartsOutcome:
    """A game's result by Corazones and the match after it.

    ``game_result``: ``"draw"``, ``"a"`` or ``"b"`` (the winner), or
    ``None`` while both have Corazones. ``games_*`` are the match's game
    counts after this game; ``match_result`` (``"a"``, ``"b"``, ``"draw"``)
    is set once the match is over.
    """

    game_result: str | None
    games_a: int
    games_b: int
    games_drawn: int
    match_finished: bool
    match_result: str | None
    source: str


def both_at_zero_hearts(hearts_a: int, hearts_b: int, *, games_a: int = 0, games_b: int = 0,
                        games_drawn: int = 0, best_of: int = 3,
                        time_over: bool = False) -> HeartsOutcome:
    """The game and match result when Corazones run out.

    Shapes: ``hearts_*`` are each Breeder's Corazones after the damage (0 or
    less = out); ``games_*`` the finished games of the match before this
    one; ``time_over`` means no further game may start (000 § 10.1).
    Both out at once → a drawn game; only one → the other wins the game.
    The match is over when a player has ``best_of // 2 + 1`` game wins,
    ``best_of`` games were used (a drawn game uses one, DESIGN.md decision
    12) or time is over; its winner is the player with more game wins, and
    equal wins is a drawn match (1-0-1 win, 1-1-1 draw; DESIGN.md decision 4).

    Errors: :class:`RulingError` ``invalid_score`` for negative counts or
    more games than ``best_of``.

    Rule: 000_0014b2ac83da54b4.txt § "-¿Qué pasa cuando ambos Breeders ganan
    al mismo tiempo?"; § "La Arena › Corazones".
    """
    if min(games_a, games_b, games_drawn) < 0 or best_of < 1:
        raise RulingError("invalid_score", "negative game counts or best_of < 1")
    out_a, out_b = hearts_a <= 0, hearts_b <= 0
    result = "draw" if out_a and out_b else "b" if out_a else "a" if out_b else None
    if result is not None:
        games_a += result == "a"
        games_b += result == "b"
        games_drawn += result == "draw"
    if games_a + games_b + games_drawn > best_of:
        raise RulingError("invalid_score", f"more than {best_of} games")
    finished = (time_over or max(games_a, games_b) >= best_of // 2 + 1
                or games_a + games_b + games_drawn >= best_of)
    match_result = None
    if finished:
        match_result = "a" if games_a > games_b else "b" if games_b > games_a else "draw"
    return HeartsOutcome(result, games_a, games_b, games_drawn, finished, match_result,
                         _wm("-¿Qué pasa cuando ambos Breeders ganan al mismo tiempo?",
                             "La Arena › Corazones"))


@dataclass(frozen=True, slots=True)
class DrawOutcome:
    """Cards actually drawn and whether the drawing player loses the game."""

    cards_drawn: int
    loses_game: bool
    source: str


def empty_deck_draw(at_start_of_turn: bool, cards_in_deck: int = 0,
                    cards_to_draw: int = 1) -> DrawOutcome:
    """Drawing with too few cards in the deck.

    The start-of-turn draw from an empty deck loses the game; a card's
    effect asking for more cards than remain draws what remains and play
    goes on (Fasent draws 3 with 2 left → 2, no loss).

    Errors: :class:`RulingError` ``invalid_count`` for negative counts.

    Rule: 000_0014b2ac83da54b4.txt § "-¿Qué ocurre cuando tenés que robar
    más cartas de las que tenés?"; § "¿Cómo se gana una partida de Weed
    Monsters TCG?".
    """
    if cards_in_deck < 0 or cards_to_draw < 0:
        raise RulingError("invalid_count", "card counts must be >= 0")
    drawn = min(cards_in_deck, cards_to_draw)
    loses = at_start_of_turn and cards_to_draw > 0 and cards_in_deck == 0
    return DrawOutcome(drawn, loses,
                       _wm("-¿Qué ocurre cuando tenés que robar más cartas de las que tenés?",
                           "¿Cómo se gana una partida de Weed Monsters TCG?"))


# --------------------------------------------------------------------------
# Mulligan and hand limit
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MulliganResult:
    hand_size: int
    n_mulligans: int
    source: str


@dataclass(frozen=True, slots=True)
class _MulliganRule:
    opening: int
    shrinks: bool  # one card fewer each time (WM) or the same hand size (BM)
    max_mulligans: int | None  # None: until no cards remain
    source: str


_MULLIGAN = MappingProxyType({
    WEED_MONSTERS: _MulliganRule(6, True, None,
                                 _wm("¿Qué es el Mulligan?", "Principio de partida")),
    BLOBBIEMUNDO: _MulliganRule(7, False, 1, _bm("Inicio del Juego")),
})


def mulligan_hand_size(n_mulligans: int, opening: int | None = None, *,
                       game: str = WEED_MONSTERS) -> MulliganResult:
    """The hand size after ``n_mulligans`` mulligans.

    Weed Monsters: opening hand 6 (not 7), one card fewer each time, until
    no cards remain (6 → 5 → … → 0). Blobbiemundo: 7 cards, one redraw of 7
    per combat, without penalty. ``opening`` overrides the game's opening
    hand size.

    Errors: :class:`RulingError` ``unknown_game``, ``invalid_count``
    (negative), ``mulligan_refused`` (past 0 cards; a 2nd Blobbiemundo
    redraw).

    Rule: 000_0014b2ac83da54b4.txt § "¿Qué es el Mulligan?", § "Principio de
    partida"; 001_eff5eaaa4c47c954.txt § "Inicio del Juego".
    """
    rule = _MULLIGAN.get(game)
    if rule is None:
        raise RulingError("unknown_game", f"no mulligan rule for game {game!r}")
    if n_mulligans < 0:
        raise RulingError("invalid_count", "n_mulligans must be >= 0")
    start = rule.opening if opening is None else opening
    limit = start if rule.max_mulligans is None else rule.max_mulligans
    if n_mulligans > limit:
        raise RulingError("mulligan_refused",
                          f"{game}: at most {limit} mulligans from {start} cards")
    size = start - n_mulligans if rule.shrinks else start
    return MulliganResult(size, n_mulligans, rule.source)


@dataclass(frozen=True, slots=True)
class HandLimitOutcome:
    hand_size: int
    to_grey_area: int
    source: str


def hand_limit_overflow(hand_size: int, cards_drawn: int, *, limit: int = 8) -> HandLimitOutcome:
    """Blobbiemundo hand limit: cards drawn past 8 go to the Área Gris.

    Errors: :class:`RulingError` ``invalid_count`` for negative counts.

    Rule: 001_eff5eaaa4c47c954.txt § "Límite de Mano".
    """
    if hand_size < 0 or cards_drawn < 0:
        raise RulingError("invalid_count", "card counts must be >= 0")
    total = hand_size + cards_drawn
    kept = max(hand_size, min(total, limit))
    return HandLimitOutcome(kept, total - kept, _bm("Límite de Mano"))


# --------------------------------------------------------------------------
# Time: extra turns
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExtraTurn:
    number: int  # 1-based, in play order
    player: str
    in_progress: bool  # the turn under way when time ran out


@dataclass(frozen=True, slots=True)
class ExtraTurns:
    turns: tuple[ExtraTurn, ...]
    source: str

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(t.player for t in self.turns)


def extra_turns_at_time(active_player: str, opponent: str, *, turns_each: int = 3) -> ExtraTurns:
    """The turns played after the round clock reaches 0.

    3 full turns each, starting with the player whose turn it is. The turn
    in progress counts as the active player's first (Default: RULES-TRACE
    ambiguity 9), so the order is active, opponent, active, opponent,
    active, opponent. If the game is still open afterwards it is drawn.

    Errors: :class:`RulingError` ``invalid_count`` for ``turns_each < 0``.

    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas".
    """
    if turns_each < 0:
        raise RulingError("invalid_count", "turns_each must be >= 0")
    turns = tuple(
        ExtraTurn(n + 1, active_player if n % 2 == 0 else opponent, n == 0)
        for n in range(2 * turns_each)
    )
    return ExtraTurns(turns, _wm("10.1. Desarrollo de las Rondas Suizas"))


# --------------------------------------------------------------------------
# Board limits
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardState:
    """One Breeder's Arena and what they did this turn (Weed Monsters).

    ``ambientales`` counts the Ambientales in play on the table (shared by
    both Breeders). ``equipped`` lists ``(monster, card type)`` pairs, one
    per equipped card (``("Fasent", "Objeto")``).
    """

    monsters: int = 0
    artefactos: int = 0
    ambientales: int = 0
    gems_played_this_turn: int = 0
    grow_ups_this_turn: int = 0
    sales_this_turn: int = 0
    equipped: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class BoardViolation:
    """A broken board limit: stable ``code``, the ``limit`` and what was
    ``found``, a Spanish message and the rule source."""

    code: str
    limit: int
    found: int
    message_es: str
    source: str


_BOARD_LIMITS = (
    ("monsters", "too_many_monsters", 5,
     "Hay {found} Monsters en juego; el máximo es 5.", _wm("La Arena › Monsters")),
    ("artefactos", "too_many_artefactos", 2,
     "Hay {found} Artefactos en juego; el máximo es 2 y no se puede bajar otro para "
     "reemplazar uno anterior.", _wm("Artefactos", "La Arena › Artefactos")),
    ("ambientales", "too_many_ambientales", 1,
     "Hay {found} Ambientales en juego; solo puede haber una: al jugar otra se descarta "
     "la activa.", _wm("Ambientales", "La Arena › Ambiental")),
    ("gems_played_this_turn", "too_many_gems_this_turn", 1,
     "Se bajaron {found} Gemas este turno; solo se puede bajar una por turno.",
     _wm("Gemas", "La Arena › Gemas", "6.3. Fase Principal")),
    ("grow_ups_this_turn", "too_many_grow_ups_this_turn", 1,
     "Se hicieron {found} Grow Up este turno; solo se puede hacer uno por turno.",
     _wm("Grow Up")),
    ("sales_this_turn", "too_many_sales_this_turn", 1,
     "Se vendió {found} veces este turno; solo se puede vender una vez por turno.",
     _wm("6.3. Fase Principal")),
)


def check_board(state: BoardState) -> list[BoardViolation]:
    """Weed Monsters board limits broken by ``state``.

    Limits: 5 Monsters, 2 Artefactos, 1 Ambiental, 1 Gema and 1 Grow Up per
    turn, 1 sale per turn, one equipped card of each type per Monster.
    Returns violations in that order (empty list: legal).

    Errors: :class:`RulingError` ``invalid_count`` for negative counts.

    Rule: 000_0014b2ac83da54b4.txt § "La Arena › Monsters", § "Gemas",
    § "Artefactos", § "Ambientales", § "Grow Up", § "Monsters", § "6.3. Fase
    Principal".
    """
    violations: list[BoardViolation] = []
    for attr, code, limit, message, source in _BOARD_LIMITS:
        found = getattr(state, attr)
        if found < 0:
            raise RulingError("invalid_count", f"{attr} must be >= 0")
        if found > limit:
            violations.append(BoardViolation(code, limit, found,
                                             message.format(found=found), source))
    seen: dict[tuple[str, str], int] = {}
    for monster, card_type in state.equipped:
        key = (monster, normalize(card_type))
        seen[key] = seen.get(key, 0) + 1
        if seen[key] == 2:
            violations.append(BoardViolation(
                "two_equipped_same_type", 1, 2,
                f"{monster} ya tiene equipada una carta de tipo {card_type}: solo se le "
                "puede equipar una de cada tipo.", _wm("Monsters")))
    return violations


@dataclass(frozen=True, slots=True)
class SaleCheck:
    legal: bool
    total_value: int
    code: str
    source: str


def sale_is_legal(values: Sequence[int]) -> SaleCheck:
    """Whether discarding cards of these Valor values, in the order the
    player names them, is a legal sale.

    Cards are added one by one and the sale is complete as soon as the sum
    reaches 5; a card named after that is refused ({1, 3, 4} legal: 1, 4,
    then 8; {4, 3, 1} not: the 1 comes after 7; {3, 3} and {5} legal;
    {3, 2, 1} not). ``total_value`` is the sum of every card named. Cards
    without Valor count 0. Codes: ``"ok"``, ``"below_5"``,
    ``"card_not_needed"``.

    Errors: :class:`RulingError` ``invalid_count`` for a negative value.

    Rule: 000_0014b2ac83da54b4.txt § "6.3. Fase Principal"; reading:
    DESIGN.md decision 18.
    """
    if any(v < 0 for v in values):
        raise RulingError("invalid_count", "Valor must be >= 0")
    total = sum(values)
    source = _wm("6.3. Fase Principal")
    if total < 5:
        return SaleCheck(False, total, "below_5", source)
    running = 0
    for value in values[:-1]:
        running += value
        if running >= 5:  # complete before the last card was named
            return SaleCheck(False, total, "card_not_needed", source)
    return SaleCheck(True, total, "ok", source)


__all__ = [
    "BLOBBIEMUNDO",
    "CATALOG",
    "GAMES",
    "RULINGS_BY_ID",
    "WEED_MONSTERS",
    "BoardState",
    "BoardViolation",
    "ChainResolution",
    "DrawOutcome",
    "ExtraTurn",
    "ExtraTurns",
    "HandLimitOutcome",
    "HeartsOutcome",
    "MulliganResult",
    "Play",
    "ResolvedPlay",
    "Ruling",
    "RulingError",
    "RulingInvariantError",
    "SaleCheck",
    "Trigger",
    "TriggerOrder",
    "both_at_zero_hearts",
    "check_board",
    "empty_deck_draw",
    "extra_turns_at_time",
    "find_rulings",
    "get_ruling",
    "hand_limit_overflow",
    "mulligan_hand_size",
    "normalize",
    "order_simultaneous_triggers",
    "resolve_chain",
    "sale_is_legal",
    "search",
]
