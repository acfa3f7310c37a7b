"""Fixtures of the PDF tests: a private MEDIA_ROOT, events with accented names, pypdf text."""
from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

ACCENTED = (
    "Ñandú Pérez", "José Núñez", "María Ibáñez", "Ángel Gómez", "Lucía Fernández", "Íñigo Muñoz",
    "Sofía Álvarez", "Agustín Díaz", "Belén Sánchez", "Úrsula Benítez", "Joaquín Rodríguez", "Renée Güemes",
)


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    """Documents are written under the test's own folder, never into the project."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def pdf_text(content: bytes) -> tuple[int, str]:
    """(page count, extracted text) of a PDF."""
    reader = PdfReader(io.BytesIO(content))
    return len(reader.pages), "\n".join(page.extract_text() or "" for page in reader.pages)


def make_event(players: int = 9, *, cut_size: int = 0, names=ACCENTED, **kwargs):
    """An event with ``players`` registered players (accented names), registration closed."""
    from tests.factories import EventFactory, PlayerFactory
    from tournaments import services

    event = EventFactory(cut_size=cut_size, **kwargs)
    services.registration_open(event=event)
    for index in range(players):
        player = PlayerFactory(display_name=f"{names[index % len(names)]} {index + 1:02d}")
        services.registration_create(event=event, player=player)
    services.registration_close(event=event)
    event.refresh_from_db()
    return event


def play(rnd, score=(2, 1, 0)):
    """Enter the same score at every table of ``rnd``."""
    from tournaments import services

    for match in rnd.matches.filter(is_bye=False):
        services.match_result_record(match=match, games_a=score[0], games_b=score[1], games_drawn=score[2])
