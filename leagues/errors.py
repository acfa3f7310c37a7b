"""Domain errors of the league, as :class:`~tournaments.errors.ArenaError`.

The pure core raises :class:`leagues.scoring.LeagueInputError` with a
stable ``code``; :func:`from_core` turns it into a :class:`LeagueRefused`
with a Spanish message that pages show and the API returns as a 4xx.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.errors import ArenaError

from .scoring import LeagueInputError


class LeagueRefused(ArenaError):
    """A league request an organizer can fix (a podium player who did not
    play, an in-person event without a venue, a badge awarded twice)."""


_MESSAGES = {
    "duplicate_participant": lambda: _("Un jugador figura dos veces en el evento."),
    "podium_shape": lambda: _("El podio debe tener tres puestos."),
    "podium_duplicate": lambda: _("Un jugador ocupa dos puestos del podio."),
    "podium_not_participant": lambda: _("Un jugador del podio no jugó el evento."),
    "podium_disqualified": lambda: _("Un jugador descalificado no puede estar en el podio."),
    "season_missing": lambda: _("El evento de Super Liga no pertenece a ninguna temporada."),
    "venue_province_missing": lambda: _(
        "Un evento presencial necesita una sede con provincia para calcular los puntos de liga; "
        "asigná la sede o marcalo como Eventual Virtual."
    ),
}


def from_core(exc: LeagueInputError) -> LeagueRefused:
    """The domain error for a core input error (its code kept)."""
    message = _MESSAGES.get(exc.code)
    return LeagueRefused(exc.code, message() if message else str(exc))
