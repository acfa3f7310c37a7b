"""The Blobbiemundo penalty ladder (001_eff5eaaa4c47c954.txt).

The infraction catalogue, the step that decides each infraction, and the
escalation of every third Advertencia of a combat.
"""
from __future__ import annotations

from types import MappingProxyType

from .core import BLOBBIEMUNDO, Consequence, Infraction, Ladder, PenaltyType, _Context, _ordinal_es, _Outcome, _rule

BM_SEED = "001_eff5eaaa4c47c954.txt"

_C = Consequence
_P = PenaltyType

_BM_PENALIDADES = _rule(BM_SEED, "Penalidades")

_BM_CONSEQUENCES = MappingProxyType(
    {
        _P.NONE: ((), ()),
        _P.WARNING: ((), ()),
        _P.BASIC_BLOBBIE_LOSS: ((_C.LOSE_BASIC_BLOBBIE,), (_C.LOSE_BASIC_BLOBBIE,)),
        _P.BLOBBIE_LOSS: ((_C.LOSE_ONE_BLOBBIE,), (_C.LOSE_ONE_BLOBBIE,)),
        _P.GAME_LOSS: ((_C.LOSE_COMBAT,), (_C.LOSE_COMBAT,)),
    }
)

_BM_LABELS = MappingProxyType(
    {
        _P.NONE: "Sin sanción",
        _P.WARNING: "Advertencia simple",
        _P.BASIC_BLOBBIE_LOSS: "Pérdida de un Blobbie básico",
        _P.BLOBBIE_LOSS: "Pérdida de un Blobbie",
        _P.GAME_LOSS: "Pérdida del combate",
    }
)


def _bm(code: str, name_es: str, description_es: str, default: PenaltyType, step: str,
        trace: tuple[str, ...], **extra: object) -> Infraction:
    return Infraction(code=code, game=BLOBBIEMUNDO, name_es=name_es,
                      description_es=description_es, default_penalty=default,
                      source=_BM_PENALIDADES, step=step, trace=trace, **extra)  # type: ignore[arg-type]


_BM_INFRACTIONS = (
    _bm("infraction", "Infracción durante el combate",
        "Cualquier infracción cometida durante el Combate.",
        _P.WARNING, "advertencia", ("R-001-05",)),
    _bm("searcher_only_to_shuffle", "Buscador usado solo para barajar",
        "Usar un Buscador y no encontrar la carta buscada, simplemente con la "
        "finalidad de barajar el mazo.",
        _P.WARNING, "advertencia", ("R-001-05",)),
    _bm("trench_not_turned", "Blobbie de trinchera mal girado",
        "No poner el Blobbie de trinchera apuntando hacia abajo (180°) o "
        "sacarlo y no volverlo a su posición normal.",
        _P.WARNING, "advertencia", ("R-001-05",)),
    _bm("grave_error", "Error grave",
        "Un error grave durante el Combate.",
        _P.BLOBBIE_LOSS, "grave_error", ("R-001-07",),
        counts_as_warning=False, suggested=True),
    _bm("grave_fault", "Falta grave",
        "Una falta grave: algún tipo de trampa.",
        _P.GAME_LOSS, "grave_fault", ("R-001-08",),
        counts_as_warning=False, suggested=True),
    _bm("unregistered_cards", "Cartas no registradas",
        "Meter cartas que no registró al torneo (falta grave).",
        _P.GAME_LOSS, "grave_fault", ("R-001-08",),
        counts_as_warning=False, suggested=True),
    _bm("side_deck_not_swapped", "Side deck agregado sin reemplazo",
        "Jugar con más cartas porque agregó side deck sin sacar cartas en "
        "reemplazo (falta grave).",
        _P.GAME_LOSS, "grave_fault", ("R-001-08",),
        counts_as_warning=False, suggested=True),
)


def _bm_advertencia(ladder: Ladder, inf: Infraction, ctx: _Context) -> _Outcome:
    """Rule: 001 § "Penalidades" — an infraction is a simple Advertencia."""
    return _Outcome(_P.WARNING, (), "bm.advertencia", f"{inf.name_es}: Advertencia simple.")


_SUGGESTED_ES = " Sanción sugerida: el juez puede aplicar una menor indicando el motivo."


def _bm_grave_error(ladder: Ladder, inf: Infraction, ctx: _Context) -> _Outcome:
    """Rule: 001 § "Penalidades" — a grave error "podría" lose one Blobbie.

    Suggested (Default: RULES-TRACE ambiguity 33). Not an Advertencia.
    """
    return _Outcome(_P.BLOBBIE_LOSS, (_C.LOSE_ONE_BLOBBIE,), "bm.grave_error",
                    f"{inf.name_es}: pierde un Blobbie inmediatamente." + _SUGGESTED_ES,
                    source="Default: RULES-TRACE ambiguity 33", suggested=True)


def _bm_grave_fault(ladder: Ladder, inf: Infraction, ctx: _Context) -> _Outcome:
    """Rule: 001 § "Penalidades" — a grave fault "podría" lose the combat.

    Suggested (Default: RULES-TRACE ambiguity 33). Not an Advertencia.
    """
    return _Outcome(_P.GAME_LOSS, (_C.LOSE_COMBAT,), "bm.grave_fault",
                    f"{inf.name_es}: pierde el combate." + _SUGGESTED_ES,
                    source="Default: RULES-TRACE ambiguity 33", suggested=True)


def _bm_escalate(ladder: Ladder, inf: Infraction, out: _Outcome, count_after: int,
                 ctx: _Context) -> _Outcome | None:
    """Rule: 001 § "Penalidades" — 3 Advertencias lose a basic Blobbie.

    Counted per combat, and every third Advertencia (3, 6, …) costs one
    (Default: RULES-TRACE ambiguity 32).
    """
    if count_after == 0 or count_after % 3:
        return None
    return _Outcome(
        _P.BASIC_BLOBBIE_LOSS, (_C.LOSE_BASIC_BLOBBIE,), "bm.third_advertencia",
        f"{inf.name_es}: Advertencia simple. Es su "
        f"{_ordinal_es(count_after, feminine=True)} Advertencia del combate: "
        "pierde un Blobbie básico de su mini-mazo (si no tiene, desecha "
        "un Blobbie del campo a su elección, con sus formas y Blobbie Esencia).",
        source="Default: RULES-TRACE ambiguity 32",
    )


LADDER = Ladder(
    game=BLOBBIEMUNDO,
    name_es="Blobbiemundo",
    infractions=MappingProxyType({i.code: i for i in _BM_INFRACTIONS}),
    steps=MappingProxyType({
        "advertencia": _bm_advertencia,
        "grave_error": _bm_grave_error,
        "grave_fault": _bm_grave_fault,
    }),
    consequences=_BM_CONSEQUENCES,
    labels_es=_BM_LABELS,
    warning_scope="combat",
    escalate=_bm_escalate,
    authority_source="Default: RULES-TRACE ambiguity 33",
    disqualification_ends_record=False,
)
"""The Blobbiemundo ladder: ``LADDERS["blobbiemundo"]`` of :mod:`rules.penalties`."""
