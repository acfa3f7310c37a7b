"""The read layer: every page, API answer, PDF sheet, CSV and ``run_event`` reads here.

One source, several outputs, each with a bounded number of queries:

- :mod:`.pages` — what every face asks, whatever the format: standings (as
  of any round), the final order, a round's tables, a player's rounds, the
  judge's list; it asks the event's format and cuts the rows below;
- :mod:`.games` — the rows of tables that give game wins (a round's pairings,
  the alphabetical list, a player's matches, the bracket), events listings;
- :mod:`.places` — the rows of tables that give places (pods);
- :mod:`.judge` — the judge's list and a table's result history;
- :mod:`.clock` — the round clock and the event's live stamp;
- :mod:`.cutline` — «¿me alcanza con empatar?»: each player's top cut with a win, a draw or a loss.
"""
from __future__ import annotations

from .clock import (  # noqa: F401 - the package's public names
    BuildClock,
    RoundClock,
    event_live_stamp,
    match_clock,
    round_build_clock,
    round_clock,
    round_display_clock,
)
from .cutline import CutLineRow, cut_line_for_event  # noqa: F401 - the package's public names
from .games import (  # noqa: F401 - the package's public names
    PLAYER_RESULTS,
    RESULT_BYE,
    RESULT_DOUBLE_LOSS,
    RESULT_DRAW,
    RESULT_LOSS,
    RESULT_PENDING,
    RESULT_WIN,
    BracketGame,
    BracketStage,
    PairingRow,
    PlayerPairing,
    PlayerRound,
    SeatedTable,
    bracket_for_event,
    current_round,
    events_for_listing,
    pairing_of_match,
    pairings_by_name,
    pairings_for_round,
    player_rounds,
    rounds_for_event,
    seated_tables,
    top_cut_rounds,
    venues_with_events,
)
from .judge import (  # noqa: F401 - the package's public names
    JUDGE_FILTERS,
    JUDGE_PAGE_SIZE,
    HistoryLine,
    JudgeTable,
    JudgeTablePage,
    entry_author,
    judge_table_page,
    judge_tables,
    result_history,
    user_label,
)
from .pages import (  # noqa: F401 - the package's public names
    final_rows,
    judge_page,
    names_of,
    page_context,
    player_rounds_of,
    standing_rows,
    table_rows,
)
