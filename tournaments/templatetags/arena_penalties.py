"""``{% table_penalty_panel event match "links" %}`` and ``… "records" %}`` on a judge's table page.

``links``: buttons to record a penalty and to look up / attach a ruling (no
query). ``records``: the penalties given at this table and the rulings
attached to the match, with the catalogue's question and source (two
queries).
"""
from django import template

from rules.rulings import RULINGS_BY_ID

from ..models import MatchRuling, Penalty
from ..services.penalty_preview import infraction_name, penalty_label, source_label

register = template.Library()


@register.inclusion_tag("judge/penalty_table_panel.html")
def table_penalty_panel(event, match, part: str = "records"):
    if part == "links":
        return {"event": event, "match": match, "part": part}
    game = event.game.key
    rulings = []
    for mr in MatchRuling.objects.filter(match=match).select_related("given_by").order_by("given_at", "pk"):
        ruling = RULINGS_BY_ID.get(mr.ruling_id)
        rulings.append({"attached": mr, "ruling": ruling, "source": source_label(ruling.source) if ruling else ""})
    penalties = [
        {"penalty": p, "player": p.registration.player.display_name,
         "infraction": infraction_name(game, p.infraction_code),
         "label": penalty_label(game, p.penalty_type, p.counts_as_warning)}
        for p in Penalty.objects.filter(match=match).select_related("registration__player").order_by("issued_at", "pk")
    ]
    return {"event": event, "match": match, "part": part, "rulings": rulings, "penalties": penalties}
