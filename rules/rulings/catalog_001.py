"""Rulings of Blobbiemundo (001_eff5eaaa4c47c954.txt, rulebook v2.4)."""
from __future__ import annotations

from .base import BLOBBIEMUNDO as _B
from .base import Ruling, _bm, _r

RULINGS: tuple[Ruling, ...] = (
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
       "cervatanera chasqui ninja vitalidad color unir",
       cards=("Cervatanera Amarilla", "Chasqui Azul", "Ninja Índigo")),
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
    _r("bm.powers.sequence", _B, "Poderes",
       "¿Un Blobbie con varios poderes Mágicos puede activarlos todos?",
       "Sí, pero en secuencia, dando al oponente la opción de responder a cada poder. Vale "
       "para Blobbies compuestos y para Blobbies y Formas que tengan poderes.",
       _bm("LIMITACIONES DE PODERES"), ("R-001-02",),
       "varios poderes magicos secuencia compuesto activar"),
    _r("bm.cosmic.offensive", _B, "Cartas Cósmicas",
       "¿Qué es una Carta Cósmica ofensiva? ¿Mártir y Espejo Cósmico la detienen?",
       "Son ofensivas las que afectan directamente a uno o más Blobbies oponentes (Trabar, "
       "Amnesia, Transmutar, Masacre Cromática…). Las globales como Teletransportación y "
       "Eras no lo son, ni Suerte, que afecta al Blobbie que ataca y no al atacado. Mártir "
       "y Espejo Cósmico solo afectan cartas ofensivas dirigidas a un Blobbie, no las "
       "ofensivas de campo como Masacre Cromática.",
       _bm("Cartas Cósmicas Ofensivas"), ("R-001-14",),
       "ofensiva ofensivas dirigida campo global",
       cards=("Trabar", "Amnesia", "Transmutar", "Masacre Cromática", "Teletransportación",
              "Eras", "Suerte", "Mártir", "Espejo Cósmico")),
    _r("bm.join.separate", _B, "Unir y separar",
       "¿Puedo separar Blobbies unidos en el mismo turno, o volver a unirlos?",
       "No. Si 2 Blobbies se unieron en un turno no pueden separarse durante ese mismo "
       "turno, y si se separaron no pueden volver a juntarse ese turno ni ser material para "
       "unirse con otro Blobbie. Un Blobbie que entra al campo puede unirse con otro que ya "
       "esté en el campo si son del mismo color y uno de ellos no está blobbiemorfeado.",
       _bm("Formando, Uniendo, Juntando en Equipo, o Separando Blobbies"), ("R-001-15",),
       "unir unidos separar separados juntar mismo turno color"),
    _r("bm.join.team", _B, "Unir y separar",
       "¿Cuándo se pueden juntar Blobbies en equipo?",
       "Solo cuando uno toma forma de HUMANOIDE (símbolo de puño cerrado) y el otro de "
       "HERRAMIENTA (símbolo de llave inglesa). En equipo toman la vitalidad de la forma "
       "humanoide y son una unidad: las cartas cósmicas y los poderes afectan al equipo, y "
       "sus poderes individuales se usan en secuencia. Si la forma humanoide se cansa o "
       "pierde su forma con manos, se separan y la herramienta se cansa automáticamente.",
       _bm("Formando, Uniendo, Juntando en Equipo, o Separando Blobbies"), ("R-001-15",),
       "equipo humanoide herramienta juntar puno llave"),
    _r("bm.phases.limits", _B, "Fases",
       "¿Qué se puede hacer en cada fase del turno?",
       "1 Vitalidad: se actualiza Blobbie por Blobbie (no es una acción); no se colocan "
       "Blobbies ni se activan cartas cósmicas. 2 Robo: se roba 1 carta del tope; no se "
       "colocan Blobbies ni se activan cartas cósmicas, pero el oponente puede responder. "
       "3 Principal: se colocan Blobbies y se activan cartas cósmicas y poderes; no se "
       "puede declarar batalla. 4 Batalla: un Blobbie ataca y defiende una vez por turno; "
       "no se declaran batallas a la trinchera salvo que la carta lo indique. 5 Final: "
       "últimas jugadas, con cartas cósmicas y poderes.",
       _bm("FASES"), ("R-001-15",),
       "fase fases vitalidad robo principal batalla final colocar"),
    _r("bm.glossary", _B, "Glosario",
       "¿Qué significan Retirar, Desechar y Buscar?",
       "Retirar: sacar una carta completamente del combate, sin ponerla en el Área Gris; "
       "no se puede volver a usar por el resto del combate. Desechar: mover una carta al "
       "Área Gris. Buscar: sacar del mazo una carta que cumple ciertas características y "
       "luego barajar el mazo.",
       _bm("GLOSARIO"), ("R-001-15",),
       "glosario retirar retirada desechar buscar barajar significa"),
)
