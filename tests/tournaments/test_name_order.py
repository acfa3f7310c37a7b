"""Every list of a round's players by name agrees on one Spanish order.

The web page's pairings by name, the printed posting sheet and the players
CSV export list the same names in the same order. The API has no pairings
by name (its pairings come by table), so it has nothing to compare here.
The expected order is derived by hand from the rule ("ñ" is its own letter
after "n"; accents and case are ignored), not from the code.
"""
from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.views.helpers import build_event
from tournaments import documents, selectors
from tournaments.models import Player
from tournaments.resources import NAME, PlayerResource

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

NAMES = ["Nuno", "Nuño", "Nunzio", "Ñandú", "Núñez", "Álvarez", "Alvarado"]
# alvarAdo < alvarEz; then the N words: nuN-o < nuN-z < nuÑ-e < nuÑ-o; Ñandú last.
EXPECTED = ["Alvarado", "Álvarez", "Nuno", "Nunzio", "Núñez", "Nuño", "Ñandú"]


def test_web_list_printed_posting_sheet_and_csv_export_order_names_alike(client):
    event = build_event(len(NAMES), names=NAMES)  # seven players: six seated and a bye
    rnd = selectors.current_round(event)

    web = [line.display_name for line in client.get(reverse("public:event", args=[event.pk])).context["by_name"]]
    printed = [row.name for row in documents.posting_sheet(rnd).rows]
    exported = list(PlayerResource().export(Player.objects.filter(registrations__event=event))[NAME])

    assert web == EXPECTED
    assert printed == EXPECTED
    assert exported == EXPECTED
