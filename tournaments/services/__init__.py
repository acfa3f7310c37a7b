"""State changes of a tournament day; each service is one transaction.

Every service locks the event row first, then what it changes, always in
the order :mod:`.locks` states (event → round → match or pod →
registration → penalty, decklist, ledger, document); asks the format
registry (:mod:`tournaments.formats`) once for what depends on how players
are seated; calls the pure core; writes; and raises an
:class:`~tournaments.errors.ArenaError` subclass when a request is refused —
in which case nothing has been changed.

Names are ``<entity>_<verb>``.
"""
from __future__ import annotations

from ..formats import derived_seed
from .clock import (
    match_time_extend,
    round_build_end,
    round_clock_pause,
    round_clock_resume,
    round_clock_start,
)
from .corrections import table_result_correct
from .locks import event_lock, registration_lock, table_lock
from .pairing_edits import (
    ConfirmationRequired,
    pairing_bye_give,
    pairing_bye_take,
    pairing_edit_preview,
    pairing_move,
    pairing_swap,
    registration_fixed_table_set,
)
from .preregistration import (
    preregistration_cancel,
    preregistration_check_in,
    preregistration_check_in_token,
    preregistration_create,
)
from .registration import (
    registration_check_in,
    registration_close,
    registration_create,
    registration_delete,
    registration_drop,
    registration_drop_undo,
    registration_open,
    registration_pack_indoor_set,
)
from .reports import table_report_submit
from .results import duel_seats, table_result_record
from .rounds import (
    event_finish,
    event_podium_recompute,
    round_close,
    round_pair_manual,
    round_pair_next,
    round_repair,
    top_cut_start,
)
from .voiding import event_void

__all__ = [
    "ConfirmationRequired", "pairing_bye_give", "pairing_bye_take", "pairing_edit_preview", "pairing_move",
    "pairing_swap", "registration_fixed_table_set",
    "derived_seed", "event_finish", "event_void", "event_lock", "event_podium_recompute", "table_lock",
    "duel_seats", "match_time_extend", "table_result_record",
    "table_report_submit",
    "table_lock", "table_result_correct",
    "preregistration_cancel", "preregistration_check_in", "preregistration_check_in_token", "preregistration_create",
    "registration_check_in", "registration_close",
    "registration_create",
    "registration_delete",
    "registration_drop", "registration_drop_undo", "registration_lock", "registration_open",
    "registration_pack_indoor_set", "round_build_end", "round_clock_pause",
    "round_clock_resume", "round_clock_start", "round_close", "round_pair_manual",
    "round_pair_next",
    "round_repair", "top_cut_start",
]
