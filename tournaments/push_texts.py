"""The texts of the players' notices (issue #29 point 2): one source for Web Push and the open page.

A push (:mod:`tournaments.push_delivery`) and «Mi torneo» with the page
open (the Notification API, ``static/arena/push.js``) show the same words,
so both ask here. Plain values in, translated text out; no query.

- A round paired: «Ronda 3: mesa 12 contra Martina Álvarez»; a pod lists
  its other players, «Ronda 2: mesa 4 con Ana, Beto y Carla»; a bye,
  «Ronda 3: tenés bye».
- A top-cut match: «Top 4: jugás la semifinal en la mesa 1» (the final,
  the third-place match, the quarter- and eighth-finals alike).
- A result recorded: «Tu resultado quedó registrado».
- The table's clock: «Quedan 10 minutos».

Each notice has a ``key``: the same key means the same news, so a notice
is sent once per key and registration, and the browser shows one
notification per key (its ``tag``).
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence

from django.utils.translation import gettext as _

from .swiss.topcut import FINAL_STAGE, SEMIFINAL_STAGE, THIRD_PLACE_STAGE
from .text import TOP_CUT_PHASE

#: Notice kinds (``PushNotice.kind``).
PAIRED, RESULT, TEN_MINUTES = "paired", "result", "ten_minutes"

#: Minutes left on a table's clock when «Quedan 10 minutos» is sent.
WARNING_MINUTES = 10


def names_joined(names: Sequence[str]) -> str:
    """«Ana», «Ana y Beto», «Ana, Beto y Carla»."""
    if len(names) <= 1:
        return "".join(names)
    return _("%(first)s y %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def top_cut_text(*, cut_size: int, stage: int | None, table: int | str | None) -> str:
    """«Top 4: jugás la semifinal en la mesa 1»; ``stage`` as ``Round.stage`` (0 the third-place match)."""
    values = {"cut": cut_size, "table": table}
    if stage == THIRD_PLACE_STAGE:
        return _("Top %(cut)d: jugás por el tercer puesto en la mesa %(table)s") % values
    if stage == FINAL_STAGE:
        return _("Top %(cut)d: jugás la final en la mesa %(table)s") % values
    if stage == SEMIFINAL_STAGE:
        return _("Top %(cut)d: jugás la semifinal en la mesa %(table)s") % values
    if stage == 3:
        return _("Top %(cut)d: jugás los cuartos de final en la mesa %(table)s") % values
    return _("Top %(cut)d: jugás los octavos de final en la mesa %(table)s") % values


def paired_text(*, round_number: int, phase: str, stage: int | None, cut_size: int, table: int | str | None,
                is_bye: bool, mates: Sequence[str]) -> str:
    """What a player is told when their round is paired.

    ``mates``: the display names of the other players at the table, in
    seat order (one for a duel, none for a bye). ``stage`` is the table's
    own stage in the top cut (the third-place match, 0, is played in the
    final's round).
    """
    if phase == TOP_CUT_PHASE and cut_size and not is_bye and len(mates) == 1:
        return top_cut_text(cut_size=cut_size, stage=stage, table=table)
    if is_bye or not mates:
        return _("Ronda %(n)d: tenés bye") % {"n": round_number}
    if len(mates) == 1:
        return _("Ronda %(n)d: mesa %(table)s contra %(name)s") % {"n": round_number, "table": table,
                                                                   "name": mates[0]}
    return _("Ronda %(n)d: mesa %(table)s con %(names)s") % {"n": round_number, "table": table,
                                                            "names": names_joined(mates)}


def result_text() -> str:
    return _("Tu resultado quedó registrado")


def ten_minutes_text() -> str:
    return _("Quedan %(n)d minutos") % {"n": WARNING_MINUTES}


def paired_key(round_id: int, text: str) -> str:
    """The key of a pairing notice: the round and the words (a swap that changes the rival is news again)."""
    return f"paired-r{round_id}-{hashlib.sha1(text.encode()).hexdigest()[:10]}"


def result_key(table_id: int, version: int) -> str:
    return f"result-t{table_id}-v{version}"


def ten_minutes_key(round_id: int, table_id: int) -> str:
    return f"ten-r{round_id}-t{table_id}"


def table_stage(round_stage: int | None, bracket_slot: int | None) -> int | None:
    """The stage a top-cut table plays: slot 0 of the final's round is the third-place match."""
    return THIRD_PLACE_STAGE if bracket_slot == 0 else round_stage


def page_notices(event, current: dict | None, *, round_open: bool) -> list[dict]:
    """What «Mi torneo» may show with the Notification API: ``[{"key", "text"}]``, from the player's table.

    ``current`` as :func:`tournaments.me_selectors.player_current_table`
    gives it. The pairing's notice while the round is open, and the
    result's once recorded (a bye has none).
    """
    if not current or not current.get("seated") or not round_open:
        return []
    rnd = current["round"]
    table = current["match"]
    text = paired_text(round_number=rnd.number, phase=rnd.phase, stage=table_stage(rnd.stage, table.bracket_slot),
                       cut_size=event.cut_size or 0, table=current["table_number"], is_bye=current["is_bye"],
                       mates=[name for _seat, name, _number in current["mates"]])
    notices = [{"key": paired_key(rnd.pk, text), "text": text}]
    if not current["is_bye"] and current["status"] != "pending":
        notices.append({"key": result_key(table.pk, table.version), "text": result_text()})
    return notices
