"""The penalty ladder as judges read it: labels, the decision preview, who may choose.

The preview shows the plan the penalty service stores
(:func:`tournaments.penalties.penalty_plan`, shared with
:func:`tournaments.penalties.penalty_issue`), so it decides what the service
decides.

Shared by the judge pages (:mod:`tournaments.views.penalties`), the API
(:mod:`tournaments.api.penalties`), the admin
(:mod:`tournaments.admin.penalties`) and the templates' tags, none of
which imports another.

- labels: the ladders' Spanish names translated (:func:`tr_catalog`),
  :func:`penalty_label`, :func:`infraction_name`, :func:`consequence_labels`,
  :func:`source_label`;
- :func:`preview_decision`: what the ladder will decide, without storing it;
- :func:`check_choice_allowed`: a choice only the head judge makes.

Who may choose a penalty (Default, written down here): any judge of the
event records what the ladder decides, including the automatic
disqualification of the third Warning; choosing a penalty other than the
ladder's (``chosen_penalty``) for an infraction whose sanction "la elige el
juez principal", or choosing a disqualification at all, needs the head
judge or an organizer (000 § "10.3. Los Jueces": "con descalificación
cuando el juez principal lo decida"; § "10.2.5.1. Interpretaciones de
cartas").
"""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, pgettext_lazy

from rules import penalties as ladder
from rules.sources import rule_citation
from rules.sources import source_label as rules_source_label

from .. import penalties as penalty_services
from .. import permissions
from ..errors import NotAllowed
from ..models import Event, Registration

# --------------------------------------------------------------------------- labels

#: The ladders' Spanish names and labels, marked so ``makemessages`` keeps
#: their English translations; :func:`tr_catalog` translates them at run
#: time. ``tests/tournaments/test_penalty_views.py`` checks this list still
#: covers :data:`rules.penalties.LADDERS`.
CATALOG_TEXT = (
    # Weed Monsters: infractions
    gettext_noop("No robar la carta del turno"),
    gettext_noop("No mezclar el mazo"),
    gettext_noop("No respetar el orden de juego"),
    gettext_noop("Área de juego desordenada"),
    gettext_noop("Error que no se puede deshacer"),
    gettext_noop("Mal comportamiento o juego desleal"),
    gettext_noop("Llegada tarde a la mesa"),
    gettext_noop("No se presentó a la mesa"),
    gettext_noop("Mazo con más o menos de 60 cartas"),
    gettext_noop("Le faltan cartas que tiene otro competidor"),
    gettext_noop("Tiene cartas de otro competidor"),
    gettext_noop("Cartas o fundas marcadas"),
    gettext_noop("Interferencia de espectadores"),
    # Weed Monsters: penalties
    gettext_noop("Sin sanción"),
    gettext_noop("Warning"),
    gettext_noop("Warning y −5 Corazones"),
    gettext_noop("Warning y pérdida de la partida"),
    gettext_noop("Pérdida de la ronda"),
    gettext_noop("Descalificación de la fecha"),
    gettext_noop("Expulsión del espectador"),
    # Blobbiemundo: infractions
    gettext_noop("Infracción durante el combate"),
    gettext_noop("Buscador usado solo para barajar"),
    gettext_noop("Blobbie de trinchera mal girado"),
    gettext_noop("Error grave"),
    gettext_noop("Falta grave"),
    gettext_noop("Cartas no registradas"),
    gettext_noop("Side deck agregado sin reemplazo"),
    # Blobbiemundo: penalties
    gettext_noop("Advertencia simple"),
    gettext_noop("Pérdida de un Blobbie básico"),
    gettext_noop("Pérdida de un Blobbie"),
    gettext_noop("Pérdida del combate"),
)


def tr_catalog(text: str) -> str:
    """A Spanish name or label of the pure ladder in the active language."""
    return _(text) if text else text


CONSEQUENCE_LABELS = {
    ladder.Consequence.LOSE_5_HEARTS: gettext_lazy("Pierde 5 Corazones."),
    ladder.Consequence.LOSE_CURRENT_GAME: gettext_lazy("Pierde la partida en curso."),
    ladder.Consequence.LOSE_GAME_1: gettext_lazy("Pierde la primera partida."),
    ladder.Consequence.LOSE_MATCH_0_2: gettext_lazy("Pierde la ronda 0-2."),
    ladder.Consequence.FORFEIT_MATCH: gettext_lazy(
        "Pierde el resto del match: las partidas terminadas se mantienen, las que faltan son del rival."
    ),
    ladder.Consequence.DISQUALIFY_FROM_EVENT: gettext_lazy(
        "Queda descalificado de la fecha: no se lo empareja más y no entra al reducido ni al podio; "
        "sus resultados jugados siguen contando para sus rivales."
    ),
    ladder.Consequence.LOSE_BASIC_BLOBBIE: gettext_lazy("Pierde un Blobbie básico de su mini-mazo."),
    ladder.Consequence.LOSE_ONE_BLOBBIE: gettext_lazy("Pierde un Blobbie."),
    ladder.Consequence.LOSE_COMBAT: gettext_lazy("Pierde el combate."),
    ladder.Consequence.EXPEL_SPECTATOR: gettext_lazy("Se expulsa al espectador."),
}

_ORDINALS = {
    1: pgettext_lazy("advertencia", "Primera"),
    2: pgettext_lazy("advertencia", "Segunda"),
    3: pgettext_lazy("advertencia", "Tercera"),
    4: pgettext_lazy("advertencia", "Cuarta"),
    5: pgettext_lazy("advertencia", "Quinta"),
    6: pgettext_lazy("advertencia", "Sexta"),
}

#: The clause that turns the count of warnings into a heavier penalty.
ESCALATION_RULE = {
    ladder.WEED_MONSTERS: rule_citation("000", "10.3. Los Jueces"),
    ladder.BLOBBIEMUNDO: rule_citation("001", "Penalidades"),
}

def ordinal(n: int) -> str:
    return str(_ORDINALS.get(n, f"{n}.ª"))


#: Labels of penalties that are not a Warning although the ladder's label says
#: so: Weed Monsters' "game loss" is "Warning y pérdida de la partida" for
#: misconduct, but tardiness (000 § 10.1) loses game 1 without a Warning.
_NOT_A_WARNING = {
    (ladder.WEED_MONSTERS, ladder.PenaltyType.GAME_LOSS): gettext_lazy("Pérdida de la partida"),
}


def penalty_label(game: str, penalty_type: str, counts_as_warning: bool | None = None) -> str:
    """The game's name of ``penalty_type`` ("Warning", "Advertencia simple"…), translated.

    ``counts_as_warning=False`` (a stored entry or a decision that is not a
    Warning) drops the "Warning y …" of a label where the ladder has one.
    """
    labels = ladder.LADDERS[game].labels_es if game in ladder.LADDERS else {}
    if counts_as_warning is False and (game, penalty_type) in _NOT_A_WARNING:
        return str(_NOT_A_WARNING[(game, penalty_type)])
    try:
        return tr_catalog(labels[ladder.PenaltyType(penalty_type)])
    except (KeyError, ValueError):
        return penalty_type


def infraction_name(game: str, code: str) -> str:
    """The infraction's Spanish name (translated), or its code if the catalogue lost it."""
    ladder_ = ladder.LADDERS.get(game)
    inf = ladder_.infractions.get(code) if ladder_ else None
    return tr_catalog(inf.name_es) if inf else code


def consequence_labels(codes) -> list[str]:
    out = []
    for code in codes:
        try:
            out.append(str(CONSEQUENCE_LABELS[ladder.Consequence(code)]))
        except (KeyError, ValueError):
            out.append(str(code))
    return out


def source_label(source: str) -> str:
    """A rule citation as judges read it (see :func:`rules.sources.source_label`)."""
    return rules_source_label(source, arena_default=_("criterio de Arena"))


# --------------------------------------------------------------------------- preview


@dataclass(frozen=True)
class Preview:
    """What the ladder will decide, ready for a page or the API.

    ``score_after`` is the table's score after the consequences, from player
    A's side (``"0-2"``), or ``""`` when the score does not change.
    """

    decision: ladder.PenaltyDecision
    registration: Registration
    headline: str
    label: str
    consequences: list[str]
    source: str
    score_after: str
    match_finished: bool
    warnings_before: int

    @property
    def disqualifies(self) -> bool:
        return self.decision.is_disqualification


def _headline(game: str, decision: ladder.PenaltyDecision) -> str:
    label = penalty_label(game, decision.penalty_type, decision.counts_as_warning)
    if not decision.escalated:
        return label
    values = {"ordinal": ordinal(decision.warning_count_after), "rule": ESCALATION_RULE.get(game, "")}
    if decision.is_disqualification and decision.in_match:
        return _(
            "%(ordinal)s advertencia del día: pierde la partida en curso y queda descalificado (%(rule)s)"
        ) % values
    if decision.is_disqualification:
        return _("%(ordinal)s advertencia del día: queda descalificado de la fecha (%(rule)s)") % values
    return _("%(ordinal)s advertencia del combate: %(label)s (%(rule)s)") % {**values, "label": label}


def preview_decision(
    registration: Registration,
    *,
    infraction_code: str,
    minutes_late: float | None = None,
    head_judge_disqualifies: bool = False,
    chosen_penalty: str | None = None,
    game_number: int | None = None,
    hearts_before: int | None = None,
    deck_count: int | None = None,
    earlier_games: tuple[int, int, int] | None = None,
) -> Preview:
    """What :func:`tournaments.penalties.penalty_issue` would decide now, without storing it.

    Same inputs as the service (keyword arguments, units as there), same
    ladder call: the player's record in the event, the match in progress
    (``in_match`` while it is pending), the format's 60-card rule. The
    resulting score is computed as the service would apply it.

    Raises :class:`ArenaError` with the ladder's codes (``already_disqualified``,
    ``minutes_late_required``…) and ``score_conflict``, as the service does.
    """
    game = registration.event.game.key
    plan = penalty_services.penalty_plan(
        registration, infraction_code=infraction_code, minutes_late=minutes_late,
        head_judge_disqualifies=head_judge_disqualifies, chosen_penalty=chosen_penalty, game_number=game_number,
        hearts_before=hearts_before, deck_count=deck_count, earlier_games=earlier_games,
    )
    decision, score = plan.decision, plan.score
    score_after, finished = "", False
    if score is not None:
        score_after = f"{score.games_a}-{score.games_b}" + (f"-{score.games_drawn}" if score.games_drawn else "")
        finished = score.finished
    warnings_before = decision.warning_count_after - int(decision.counts_as_warning)
    return Preview(
        decision=decision,
        registration=registration,
        headline=_headline(game, decision),
        label=penalty_label(game, decision.penalty_type, decision.counts_as_warning),
        consequences=consequence_labels(decision.consequences),
        source=source_label(decision.source),
        score_after=score_after,
        match_finished=finished,
        warnings_before=warnings_before,
    )


def check_choice_allowed(user, event: Event, *, infraction_code: str, chosen_penalty: str | None,
                         head_judge_disqualifies: bool) -> None:
    """Raise :class:`NotAllowed` (``head_judge_required``) for a choice only the head judge makes.

    See the module docstring: a disqualification chosen by hand, or any
    penalty chosen for an infraction whose sanction the head judge picks.
    """
    if permissions.is_head_judge(user, event):
        return
    game_ladder = ladder.LADDERS.get(event.game.key)
    inf = game_ladder.infractions.get(infraction_code) if game_ladder else None
    needs_head = head_judge_disqualifies or chosen_penalty == ladder.PenaltyType.DISQUALIFICATION
    if chosen_penalty and inf is not None and inf.requires_head_judge:
        needs_head = True
    if needs_head:
        raise NotAllowed(
            "head_judge_required",
            _("Esa sanción la elige el juez principal (o la organización del evento): registrá la que "
              "indica la escalera y pedí la revisión."),
        )
