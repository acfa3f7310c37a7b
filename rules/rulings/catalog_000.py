"""Rulings of Weed Monsters TCG (000_0014b2ac83da54b4.txt)."""
from __future__ import annotations

from .base import WEED_MONSTERS as _W
from .base import Ruling, _r, _wm

RULINGS: tuple[Ruling, ...] = (
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
       _wm("Artefactos"), ("R-000-08",), "escudo prensado descartar efecto",
       cards=("Escudo de Prensado",)),
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
       "orden ejecucion cadena medallon quemaduras black jack ultima primera",
       cards=("Medallón", "Quemaduras", "Black Jack")),
    _r("wm.priority.instant_during_execution", _W, "Prioridad",
       "¿Puedo jugar una Instantánea mientras se ejecuta un efecto?",
       "Sí, respetando la prioridad: el Breeder de turno puede jugar primero. Por ejemplo, "
       "una Bruma mientras se ejecuta Quemaduras reduce ese daño a 0, o mientras se "
       "ejecuta el efecto de Fasosito Red.",
       _wm("¿Puedo jugar una Instantánea al momento de la ejecución de un efecto?"),
       ("R-000-30",), "instantanea bruma quemaduras fasosito ejecucion",
       cards=("Bruma", "Quemaduras", "Fasosito Red")),
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
       ("R-000-103",), "mazo vacio robar fasent perder", cards=("Fasent",)),
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
    # --- Weed Monsters: table and equipment (10.2) -----------------------
    _r("wm.table.layout", _W, "Área de juego",
       "¿Cómo deben estar ordenadas las cartas en la mesa?",
       "De forma que el rival y los jueces las interpreten fácilmente: cada mazo orientado "
       "norte-sur, con la apertura de las fundas hacia el rival; un solo pozo de descarte "
       "por Breeder, sin alterar su orden; las Gemas alineadas en la misma dirección y "
       "siempre visibles; los Monsters bien separados, con sus Objetos, Artefactos y "
       "Guardianes unidos al Monster; la Ambiental en su espacio, visible para todos; los "
       "contadores de daño sobre la imagen de la carta. Ambas manos y las cartas siempre "
       "por encima de la mesa. Una carta que se gira por las reglas se gira 90 grados.",
       _wm("10.2.1. Cartas en juego", "10.2.2. Posición de las manos",
           "10.2.3. Cartas giradas"), ("R-000-81",),
       "mesa ordenar descarte pozo norte sur manos girar girada noventa grados"),
    _r("wm.table.counters", _W, "Área de juego",
       "¿Son obligatorios los contadores y marcadores?",
       "Sí. Cada Breeder lleva sus propios contadores para el daño de sus Monsters y "
       "marcadores para las Condiciones Especiales y otros efectos; su uso es obligatorio. "
       "Un juez puede prohibir marcadores que confundan el estado del juego o que sean "
       "ofensivos.",
       _wm("10.2.4. Contadores y marcadores"), ("R-000-81",),
       "contador contadores marcador marcadores dano ofensivo"),
    _r("wm.equipment.dice", _W, "Equipo",
       "¿Qué dados se pueden usar?",
       "Dados de 6 caras: un cubo de lados iguales con esquinas redondeadas, de tamaño y "
       "números fáciles de ver, transparentes o translúcidos, y con caras opuestas que "
       "suman 7. Un lado puede tener un grabado personalizado del 1 o del 6 si todos los "
       "dados personalizados del Breeder tienen el mismo lado y ambos jugadores lo "
       "aprueban. Se agita en la palma en forma de copa y se hace rodar para que rebote "
       "varias veces, o se lanza desde la altura del hombro para que gire al menos tres "
       "veces. Deben distinguirse claramente de los dados que se usan como contadores de daño.",
       _wm("10.2.6. Dados"), ("R-000-95",),
       "dado dados personalizado translucido transparente lanzar tirar"),
    _r("wm.equipment.playmat", _W, "Equipo",
       "¿Puedo usar un tapete (Arena de Juego) en el torneo?",
       "Sí, en los eventos oficiales. Si tiene alguna imagen, debe ser apropiada para el "
       "ambiente familiar de los torneos. El juez principal tiene la última palabra y está "
       "prohibido usar tapetes con imágenes inapropiadas.",
       _wm("10.2.7. Arena de Juego"), ("R-000-95",),
       "tapete playmat imagen inapropiada"),
)
