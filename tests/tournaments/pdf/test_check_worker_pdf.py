"""``manage.py check_worker_pdf``: the CI worker check, run here without a broker.

CI runs it against a real worker (``.ci/run``); here ``--allow-eager``
with ``ARENA_DOCUMENTS_RENDER = "task"`` renders in-process on commit (the
embedded default would leave the documents for their first download),
which checks the command's own logic: set-up, waiting, reading the PDFs
back, cleaning up. It commits for real, so the test uses
a transactional database.
"""
from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from tests.factories import game
from tournaments.models import Document, Event, Player, Venue

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_check_worker_pdf_renders_checks_and_cleans_up(media_root, capsys, task_mode):
    game("weed_monsters")  # an earlier transactional test's flush may have taken the seeded row
    call_command("check_worker_pdf", "--allow-eager", "--players", "7", "--timeout", "10")
    out = capsys.readouterr().out
    assert "OK: 4 documentos de la ronda 1 (7 jugadores, 3 mesas)" in out
    assert not Event.objects.filter(name__startswith="Prueba de worker").exists()
    assert not Player.objects.filter(player_number__startswith="CI-").exists()
    assert not Venue.objects.filter(name__startswith="Sede de prueba").exists()
    assert not Document.objects.exists()
    assert not list(media_root.rglob("*.pdf"))  # the files went with their documents


def test_check_worker_pdf_refuses_to_run_without_a_broker():
    with pytest.raises(CommandError, match="No hay broker"):
        call_command("check_worker_pdf")
