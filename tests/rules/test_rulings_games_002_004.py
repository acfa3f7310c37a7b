"""Rulings of the seeds 002–004 and their resolvers (issue #16, points 3 and 8).

Clause ids are RULES-TRACE rows: R-002-… for 002_c95a30c488414cab.txt
(Planets War and La Copa del Mundo), R-003-… for 003_d9cdb044881e36ac.txt
(Reinas), R-004-… for 004_4a3d59c736a1e8f3.txt (stoner points). Every
expected value is read off the seed text quoted in the docstring; search
tests use the words a judge types at the table (accents optional) and want
the ruling in the top 3 of its game.
"""
from __future__ import annotations

import re

import pytest

from rules.games import REGISTRY
from rules.rulings import (
    CATALOG,
    GAMES,
    RulingError,
    find_rulings,
    fleet_check,
    get_ruling,
    search,
    ship_damage,
    stoner_turn_draw,
    tribute_check,
)
from tests.shared_docs import SEEDS_DIR

pytestmark = pytest.mark.unit

PW, CM, RQ, SP = "planets_war", "copa_del_mundo", "reinas", "stoner_points"
PW_FILE, RQ_FILE, SP_FILE = "002_c95a30c488414cab.txt", "003_d9cdb044881e36ac.txt", "004_4a3d59c736a1e8f3.txt"
SEEDS = SEEDS_DIR


def top3(query: str, game: str) -> list[str]:
    return [r.id for r in search(query, game, limit=3)]


def cites(ruling_id: str, seed: str, *sections: str) -> bool:
    source = get_ruling(ruling_id).source
    return source.startswith(f"Rule: {seed} ") and all(f'§ "{s}"' in source for s in sections)


# --------------------------------------------------------------------------- games


def test_games_cover_every_seed_game_with_the_registry_keys():
    """The rulings' game keys are the profiles' keys, so the rulings page's
    game selector (built from GAMES and REGISTRY names) and ``?event=``
    default cover 002–004 (rules/games/planets_war.py, reinas.py,
    stoner_points.py)."""
    assert set(GAMES) == set(REGISTRY) == {"weed_monsters", "blobbiemundo", PW, CM, RQ, SP}
    assert {r.game for r in CATALOG} == set(GAMES)


def test_search_for_002_004_games_no_longer_raises_unknown_game():
    """Before issue #16 ``search(..., game="reinas")`` raised unknown_game."""
    for game in (PW, CM, RQ, SP):
        assert find_rulings("", game), game
        assert all(r.game == game for r in find_rulings("", game))


def test_new_sources_name_headings_that_exist_in_their_seed():
    """Each § of a 002–004 ruling is a heading line of its seed (`A › B` nested)."""
    if not SEEDS.is_dir():
        pytest.skip("rulebook seeds not available")
    for ruling in (r for r in CATALOG if r.game in (PW, CM, RQ, SP)):
        seed = re.match(r"Rule: (\S+)", ruling.source).group(1)
        lines = {line.strip() for line in (SEEDS / seed).read_text().splitlines()}
        for section in re.findall(r'§ "([^"]+)"', ruling.source):
            for part in section.split(" › "):
                assert part in lines, (ruling.id, part)


# --------------------------------------------------------------------------- Planets War look-ups


@pytest.mark.parametrize("query", ["como se prepara la partida", "mano inicial", "quién empieza dado"])
def test_planets_war_setup_is_found(query):
    """R-002-03: 002 § "Planets War › PREPARACION": "toman 6 cartas", "hasta 4
    Cartas de Nave … bocabajo", "revelan simultáneamente", "Zona Deck", "lanzan 1
    dado para definir al jugador inicial"."""
    assert "pw.setup" in top3(query, PW)
    ruling = get_ruling("pw.setup")
    assert cites("pw.setup", PW_FILE, "Planets War › PREPARACION")
    for words in ("6 cartas", "hasta 4 Cartas de Nave", "Zona Deck", "1 dado"):
        assert words in ruling.answer_es


@pytest.mark.parametrize(("query", "ruling_id"), [
    ("dados ataque", "pw.attack.dice"),
    ("dados que no activan ningun ataque", "pw.attack.dice"),
    ("primer turno dos dados", "pw.attack.first_turn"),
    ("segundo ataque planeta", "pw.attack.second_hit"),
    ("cuando uso cartas de ayuda", "pw.help_cards"),
])
def test_planets_war_attack_rulings_are_found(query, ruling_id):
    """R-002-04: 002 § "Planets War › Fase de Ataque" (3 dice, unmatched dice
    ignored, the first player rolls only 2 with 1 attack per ship, a second
    attack after the ship in front is destroyed goes to the planet) and
    § "Planets War › COMO JUGAR" (help cards "en cualquier momento de su turno")."""
    assert ruling_id in top3(query, PW)
    section = "Planets War › COMO JUGAR" if ruling_id == "pw.help_cards" else "Planets War › Fase de Ataque"
    assert cites(ruling_id, PW_FILE, section)


def test_planets_war_first_turn_answer_states_two_dice_one_attack():
    """R-002-04: "El primer jugador … solo podrá lanzar 2 Dados … y hacer solo 1
    ataque con cada una de sus Naves"."""
    answer = get_ruling("pw.attack.first_turn").answer_es
    assert "2 dados" in answer and "1 ataque" in answer


@pytest.mark.parametrize(("query", "ruling_id"), [
    ("cuantas naves", "pw.ships.limit"),
    ("quinta nave", "pw.ships.limit"),
    ("nave destruida", "pw.ships.destroyed"),
    ("naves perdidas", "pw.ships.destroyed"),
])
def test_planets_war_ship_rulings_are_found(query, ruling_id):
    """R-002-05: 002 § "Planets War › Fase de inicial" ("sin exceder las 4 Cartas
    de Nave") and § "Planets War › DESTRUCCION DE NAVES"."""
    assert top3(query, PW)[0] == ruling_id
    assert cites("pw.ships.limit", PW_FILE, "Planets War › Fase de inicial")
    assert cites("pw.ships.destroyed", PW_FILE, "Planets War › DESTRUCCION DE NAVES")


# --------------------------------------------------------------------------- Planets War resolvers


@pytest.mark.parametrize(("on_board", "summoning", "legal", "after"), [
    (4, 0, True, 4),
    (3, 1, True, 4),
    (4, 1, False, 5),
    (2, 3, False, 5),
    (0, 4, True, 4),
])
def test_fleet_check_four_ship_limit(on_board, summoning, legal, after):
    """R-002-05: "Puede convocar Cartas de Nave de su mano sin exceder las 4 Cartas
    de Nave en su Tablero" (002 § "Planets War › Fase de inicial"): 4 legal, a
    5th ship illegal."""
    result = fleet_check(on_board, summoning)
    assert (result.legal, result.ships_after) == (legal, after)
    assert result.code == ("ok" if legal else "too_many_ships")
    assert "Planets War › Fase de inicial" in result.source


def test_fleet_check_fifth_ship_message_names_the_rule():
    """R-002-05: the refusal is Spanish and names the 4-ship limit."""
    message = fleet_check(4, 1).message_es
    assert "hasta 4 Cartas de Nave" in message and "5 Naves" in message


@pytest.mark.parametrize(("before", "now", "cards"), [
    (0, 2, 0),   # 2 lost: no card yet
    (2, 1, 1),   # the 3rd ship lost → 1 card
    (3, 1, 0),   # the 4th: the next card comes at 6
    (0, 6, 2),   # 6 at once: two steps of 3
    (5, 1, 1),   # the 6th → 1 card
])
def test_fleet_check_one_card_per_three_ships_lost(before, now, cards):
    """R-002-05: "Cada que un jugador pierda 3 Naves, tomará 1 Carta de su Deck"
    (002 § "Planets War › DESTRUCCION DE NAVES")."""
    result = fleet_check(0, lost_before=before, lost_now=now)
    assert (result.cards_to_take, result.lost_total) == (cards, before + now)
    if cards:
        assert f"toma {cards} {'carta' if cards == 1 else 'cartas'} de su Deck" in result.message_es
    assert "Planets War › DESTRUCCION DE NAVES" in result.source


def test_fleet_check_twelve_ships_lost_is_a_win_for_the_opponent():
    """R-002-06: "Destruir 12 Naves oponentes" wins (002 § "Planets War › FIN DEL
    JUEGO"); 11 does not."""
    assert fleet_check(0, lost_before=11, lost_now=1).opponent_wins is True
    assert fleet_check(0, lost_before=10, lost_now=1).opponent_wins is False
    assert "Planets War › FIN DEL JUEGO" in fleet_check(0, lost_before=12).source


@pytest.mark.parametrize(("numbers", "covered", "destroyed", "left"), [
    (3, 3, True, 0),
    (3, 2, False, 1),
    (1, 1, True, 0),
    (4, 0, False, 4),
])
def test_ship_damage_destroyed_when_every_number_is_covered(numbers, covered, destroyed, left):
    """R-002-05: "Si todos los números de una Nave han sido tapados … la Nave será
    eliminada descartándola en la Zona Out" (002 § "Planets War › DESTRUCCION DE
    NAVES"); each attack covers one number (§ "Fase de Ataque")."""
    result = ship_damage(numbers, covered)
    assert (result.destroyed, result.uncovered) == (destroyed, left)
    assert result.code == ("destroyed" if destroyed else "damaged")
    if destroyed:
        assert "Zona Out" in result.message_es
    else:
        assert result.message_es.startswith(f"Le {'queda' if left == 1 else 'quedan'} {left} ")


@pytest.mark.parametrize("args", [(-1, 0), (4, -1)])
def test_fleet_check_negative_counts_raise_code(args):
    with pytest.raises(RulingError) as exc:
        fleet_check(*args)
    assert exc.value.code == "invalid_count"


@pytest.mark.parametrize(("numbers", "covered"), [(0, 0), (3, 4), (3, -1)])
def test_ship_damage_impossible_counts_raise_code(numbers, covered):
    with pytest.raises(RulingError) as exc:
        ship_damage(numbers, covered)
    assert exc.value.code == "invalid_count"


# --------------------------------------------------------------------------- La Copa del Mundo


@pytest.mark.parametrize(("query", "ruling_id", "section"), [
    ("elegir equipos", "cm.teams.choose", "La Copa del Mundo › Elegir Equipos"),
    ("equipo que no jugo en esta ronda", "cm.teams.choose", "La Copa del Mundo › Elegir Equipos"),
    ("quien saca moneda", "cm.teams.prepare", "La Copa del Mundo › Preparar Equipos"),
    ("un jugador avanzado por posicion", "cm.teams.prepare", "La Copa del Mundo › Preparar Equipos"),
])
def test_copa_team_choice_rulings_are_found(query, ruling_id, section):
    """R-002-09: 002 § "La Copa del Mundo › Elegir Equipos" (own team and the next
    Manager's, preferring teams that have not played this round) and § "Preparar
    Equipos" (1 Advanced Player per position; the coin decides the kick-off)."""
    assert ruling_id in top3(query, CM)
    assert cites(ruling_id, "002_c95a30c488414cab.txt", section)


def test_copa_choose_answer_keeps_the_round_preference():
    """R-002-09: "Siempre que sea posible deberán elegirse Equipos que no hayan
    jugado un partido en esta ronda"."""
    assert "no hayan jugado un partido en esta ronda" in get_ruling("cm.teams.choose").answer_es


@pytest.mark.parametrize(("query", "ruling_id"), [
    ("empate en el partido", "cm.match.end"),
    ("cuando termina el partido", "cm.match.end"),
    ("penales muerte subita", "cm.penalties"),
    ("goles de penales dinero", "cm.penalties"),
])
def test_copa_match_end_and_penalties_are_found(query, ruling_id):
    """R-002-10: 002 § "La Copa del Mundo › FIN DEL PARTIDO" ("En caso de Empate se
    definirá el vencedor por Penales") and § "PENALES" (5 shots each, then "Muerte
    Súbita"; penalty goals earn no money)."""
    assert ruling_id in top3(query, CM)
    section = "La Copa del Mundo › PENALES" if ruling_id == "cm.penalties" else "La Copa del Mundo › FIN DEL PARTIDO"
    assert cites(ruling_id, PW_FILE, section)
    answer = get_ruling("cm.penalties").answer_es
    assert "5 Tiros al Arco" in answer and "Muerte Súbita" in answer and "no cuentan para el dinero" in answer


# --------------------------------------------------------------------------- Reinas look-ups


@pytest.mark.parametrize("query", ["mano inicial", "quien empieza", "cuantas cartas se roban al inicio"])
def test_reinas_start_is_found(query):
    """R-003-02: 003 § "Inicio de Juego": "cada jugador debe tomar 5 cartas
    iniciales"; who starts "con una moneda o con un dado a elección de los
    jugadores". R-003-01: the Queen "NO se puede cambiar en medio del duelo"."""
    assert "rq.start" in top3(query, RQ)
    answer = get_ruling("rq.start").answer_es
    assert "5 cartas iniciales" in answer and "moneda o con un dado" in answer
    assert "no se puede cambiar en medio del duelo" in answer
    assert cites("rq.start", RQ_FILE, "Inicio de Juego")


@pytest.mark.parametrize("query", ["habilidad de la reina", "me olvide de activar la reina"])
def test_reinas_queen_ability_before_the_draw(query):
    """R-003-03: 003 § "Fase de Activación de Habilidad Reina": only "ANTES de la
    Fase de Robo"; forgotten, "NO podrá activarla en otro momento"."""
    assert top3(query, RQ)[0] == "rq.queen.ability"
    answer = get_ruling("rq.queen.ability").answer_es
    assert "ANTES de la Fase de Robo" in answer and "no puede activarla en otro momento" in answer
    assert cites("rq.queen.ability", RQ_FILE, "Fase de Activación de Habilidad Reina")


def test_reinas_phase_order_puts_the_queen_before_the_draw():
    """R-003-03, R-003-08: § "Fase de Fin de Turno" lists "Fase de Robo, Fase de
    Activación de Habilidad Reina, …" but § "Fase de Activación de Habilidad Reina"
    says "ANTES de la Fase de Robo". Deliberate: the explicit rule wins
    (RULES-TRACE ambiguity 36), and the answer says so and cites both."""
    assert "rq.turn.phases" in top3("orden de las fases", RQ)
    ruling = get_ruling("rq.turn.phases")
    assert ruling.answer_es.startswith("Activación de Habilidad Reina, Robo, Seteo, Combate y Fin de Turno.")
    assert cites("rq.turn.phases", RQ_FILE, "Fase de Activación de Habilidad Reina", "Fase de Fin de Turno")
    assert "RULES-TRACE ambiguity 36" in ruling.source
    assert "vence a la Reina del oponente" in ruling.answer_es


@pytest.mark.parametrize(("query", "ruling_id", "section"), [
    ("cuanto dura un efecto", "rq.effects.duration", "🔃Flujo de Juego"),
    ("cambiar posicion de una bestia", "rq.set.position", "Fase de Seteo"),
    ("conjuro de campo una vez por turno", "rq.set.effect_cards", "Fase de Seteo"),
    ("recurso en el turno del oponente", "rq.set.resources", "Fase de Seteo"),
    ("empate en combate", "rq.combat", "Fase de Combate"),
    ("recuperar puntos", "rq.points.recovery", "Fase de Combate"),
])
def test_reinas_flow_set_and_combat_rulings_are_found(query, ruling_id, section):
    """R-003-04 (§ "🔃Flujo de Juego": an effect ends with its phase), R-003-05
    (§ "Fase de Seteo": position kept, effect cards face down, a Conjuro de Campo
    with no period once per turn, Recursos in the opponent's phases), R-003-07
    (§ "Fase de Combate": equal scores → both to the Cementerio; no recovery of
    points)."""
    assert ruling_id in top3(query, RQ)
    assert cites(ruling_id, RQ_FILE, section)


def test_reinas_combat_tie_sends_both_to_the_cemetery():
    """R-003-07: "si los puntajes a enfrentar son de igual valor, independientemente
    de la posición, ambas bestias van al cementerio"."""
    assert "ambas bestias van al Cementerio" in get_ruling("rq.combat").answer_es


@pytest.mark.parametrize("query", ["tributo nivel 6", "invocar bestia nivel 7", "tributos suma exacta"])
def test_reinas_tribute_is_found(query):
    """R-003-06: 003 § "Invocación por Tributo"."""
    assert top3(query, RQ)[0] == "rq.tribute"
    assert cites("rq.tribute", RQ_FILE, "Invocación por Tributo")


# --------------------------------------------------------------------------- Reinas resolver


@pytest.mark.parametrize(("level", "tributes", "legal", "code", "total"), [
    (6, [2, 4], True, "ok", 6),              # the seed's own example
    (6, [6], False, "too_few_tributes", 6),  # one tribute: "2 o más tributos"
    (5, [5], False, "too_few_tributes", 5),  # "NO es posible reemplazar Bestias"
    (6, [2, 3], False, "sum_mismatch", 5),   # 5 ≠ 6: "de manera exacta"
    (6, [3, 4], False, "sum_mismatch", 7),   # over the level is not exact either
    (7, [1, 2, 4], True, "ok", 7),           # 3 tributes: "2 o más"
    (5, [1, 4], True, "ok", 5),
    (5, [], False, "too_few_tributes", 0),
])
def test_tribute_check_cases_from_the_text(level, tributes, legal, code, total):
    """R-003-06: "Las bestias fuertes (Bestias LVL 5, 6 y/o 7), solamente pueden
    invocarse si hay bestias de nivel inferior que, al sumar sus niveles, den como
    resultado el nivel de la Bestia más fuerte de manera exacta" — LVL 2 + LVL 4 →
    LVL 6; "La Invocación por tributo solamente es válida si hay 2 o más tributos"
    (003 § "Invocación por Tributo")."""
    result = tribute_check(level, tributes)
    assert (result.legal, result.code, result.total) == (legal, code, total)
    assert result.source == 'Rule: 003_d9cdb044881e36ac.txt § "Invocación por Tributo"'


def test_tribute_check_messages_are_spanish_and_name_the_rule():
    """R-003-06: the reasons quote the rule (2 or more tributes; exact sum; Cementerio)."""
    assert "2 o más tributos" in tribute_check(6, [6]).message_es
    assert "suman 5" in tribute_check(6, [2, 3]).message_es and "exactamente 6" in tribute_check(6, [2, 3]).message_es
    assert "Cementerio" in tribute_check(6, [2, 4]).message_es


@pytest.mark.parametrize(("level", "tributes", "legal", "code"), [
    (4, [], True, "no_tribute_needed"),
    (3, [1, 2], False, "not_a_strong_beast"),
])
def test_tribute_check_weak_beasts_are_not_tribute_summoned(level, tributes, legal, code):
    """R-003-06: tribute summoning is for "Bestias LVL 5, 6 y/o 7"; weaker beasts are
    set in the Fase de Seteo (003 § "Fase de Seteo")."""
    result = tribute_check(level, tributes)
    assert (result.legal, result.code) == (legal, code)


@pytest.mark.parametrize(("level", "tributes"), [(-1, [2, 4]), (0, []), (8, [4, 4]), (6, [-2, 8]), (6, [0, 6])])
def test_tribute_check_impossible_levels_raise_code(level, tributes):
    with pytest.raises(RulingError) as exc:
        tribute_check(level, tributes)
    assert exc.value.code == "invalid_level"


# --------------------------------------------------------------------------- stoner points


@pytest.mark.parametrize(("query", "ruling_id"), [
    ("cuantas operaciones por turno", "sp.turn.moves"),
    ("herramienta nueva por turno", "sp.turn.moves"),
    ("fuera de turno en el turno del rival", "sp.out_of_turn"),
])
def test_stoner_turn_limits_are_found(query, ruling_id):
    """R-004-04: 004 § "6 FAQ": "El único límite es una herramienta nueva desde la
    mano por turno"; out-of-turn cards: "Todas las que puedas pagar"."""
    assert ruling_id in top3(query, SP)
    assert cites(ruling_id, SP_FILE, "6 FAQ")
    assert "una herramienta nueva desde la mano por turno" in get_ruling("sp.turn.moves").answer_es


@pytest.mark.parametrize("query", ["monedas sobrantes", "final del turno materiales rotados"])
def test_stoner_end_of_turn_is_found(query):
    """R-004-05: 004 § "4 Las 28 operaciones › Fin de turno" (OP 18–20): rotated
    materials and used tools reset, unspent coins are lost."""
    assert "sp.turn.end" in top3(query, SP)
    assert cites("sp.turn.end", SP_FILE, "4 Las 28 operaciones › Fin de turno")
    assert "no se acumulan de un turno al otro" in get_ruling("sp.turn.end").answer_es


@pytest.mark.parametrize("query", ["mazo vacío descarte", "se acabo el mazo", "mazos vacios robar"])
def test_stoner_empty_decks_are_found(query):
    """R-004-06: 004 § "4 Las 28 operaciones › Gestión de mazos" (OP 25–28)."""
    assert top3(query, SP)[0] == "sp.decks.empty"
    assert cites("sp.decks.empty", SP_FILE, "4 Las 28 operaciones › Gestión de mazos")


def test_stoner_legalize_is_found():
    """R-004-07: 004 § "4 Las 28 operaciones › Cartas especiales" (OP 16–17):
    Legalize leaves the game; Policía then only discarded for a coin or to pay an
    out-of-turn card."""
    assert top3("legalize policia", SP)[0] == "sp.legalize"
    assert cites("sp.legalize", SP_FILE, "4 Las 28 operaciones › Cartas especiales")
    answer = get_ruling("sp.legalize").answer_es
    assert "se elimina para siempre de la partida" in answer and "ya no puede jugarse como acción" in answer


@pytest.mark.parametrize(("decks", "material", "game_card", "code", "ops"), [
    ((10, 0, 10, 0), True, True, "both", ("OP 01", "OP 02")),
    ((0, 5, 10, 0), True, True, "both", ("OP 25", "OP 01", "OP 02")),   # reshuffle its discard
    ((0, 0, 10, 3), False, True, "game_card_only", ("OP 26",)),          # materials and discard empty
    ((0, 0, 0, 4), False, True, "game_card_only", ("OP 25", "OP 26")),
    ((7, 2, 0, 0), True, False, "material_only", ("OP 27",)),
    ((0, 0, 0, 0), False, False, "no_draw", ("OP 28",)),
])
def test_stoner_turn_draw_deck_management(decks, material, game_card, code, ops):
    """R-004-06: "Cuando un mazo se acaba y alguien debe robar, vuelves a barajar el
    descarte correspondiente" (OP 25); "Si tanto el mazo materiales como su descarte
    están vacíos, al inicio del turno robas solo la carta de juego" (OP 26); the game
    deck likewise → only the material (OP 27); "Si ambos mazos y sus descartes están
    vacíos … no se roba ninguna carta" (OP 28) — 004 § "4 Las 28 operaciones ›
    Gestión de mazos"."""
    result = stoner_turn_draw(*decks)
    assert (result.draws_material, result.draws_game_card, result.code, result.operations) == (
        material, game_card, code, ops)
    assert "4 Las 28 operaciones › Gestión de mazos" in result.source


def test_stoner_turn_draw_reshuffle_flags_and_message():
    """R-004-06: an empty materials deck with a discard is reshuffled; the message says
    what happens and names the section."""
    result = stoner_turn_draw(0, 5, 0, 0)
    assert (result.reshuffle_materials, result.reshuffle_game) == (True, False)
    assert result.message_es == ("Se baraja el descarte materiales como nuevo mazo (OP 25). El mazo juego "
                                 "y su descarte están vacíos: roba solo el material (OP 27). Regla: "
                                 "Gestión de mazos.")


def test_stoner_turn_draw_negative_count_raises_code():
    with pytest.raises(RulingError) as exc:
        stoner_turn_draw(0, -1, 3, 3)
    assert exc.value.code == "invalid_count"
