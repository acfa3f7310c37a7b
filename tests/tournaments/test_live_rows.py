"""The packed rows behind the live pages (issue #27 point 2): a search reads back only what it shows."""
from __future__ import annotations

import pickle
from dataclasses import dataclass

from tournaments.live_rows import PackedRows

LOADS = {"count": 0}


def _load(name: str, number: str, registration_id: int) -> Row:
    LOADS["count"] += 1
    return Row(name, number, registration_id)


@dataclass(frozen=True)
class Row:
    display_name: str
    player_number: str
    registration_id: int

    def __reduce__(self):
        return (_load, (self.display_name, self.player_number, self.registration_id))


ROWS = [Row("Iñaki Pérez", "WM-0101", 11), Row("Ana Gómez", "WM-0102", 12),
        Row("Inés Ibáñez", "WM-0103", 13), Row("Bruno Díaz", "WM-1010", 14)]


def _packed() -> PackedRows:
    return PackedRows.pack(ROWS, text=lambda r: f"{r.display_name} {r.player_number}", key=lambda r: r.registration_id)


def test_rows_read_back_one_by_one_by_slice_and_in_order():
    rows = _packed()
    assert len(rows) == 4
    assert rows[1] == ROWS[1]
    assert rows[1:3] == ROWS[1:3]
    assert list(rows) == ROWS


def test_a_search_folds_accents_and_case_and_keeps_the_order():
    rows = _packed()
    assert list(rows.search("inaki")) == [ROWS[0]]
    assert list(rows.search("  IN ")) == [ROWS[0], ROWS[2]]  # «Iñaki», «Inés»
    assert list(rows.search("0101")) == [ROWS[0]]  # the number, not «1010»
    assert list(rows.search("1010")) == [ROWS[3]]
    assert list(rows.search("nadie")) == []
    assert rows.search("") is rows


def test_a_search_and_a_look_up_unpickle_only_the_rows_they_answer():
    rows = pickle.loads(pickle.dumps(_packed()))  # as the page cache's memo hands it out
    LOADS["count"] = 0
    found = rows.search("gomez")
    assert LOADS["count"] == 0
    assert found[0:100] == [ROWS[1]]
    assert LOADS["count"] == 1
    assert rows.by_key(13) == ROWS[2]
    assert LOADS["count"] == 2
    assert rows.by_key(99) is None
    assert LOADS["count"] == 2


def test_the_index_by_registration_follows_a_search():
    found = _packed().search("in")
    assert found.by_key(13) == ROWS[2]
    assert found.by_key(12) is None  # «Ana Gómez» is not in the result


def test_pairs_with_texts_give_the_folded_search_text_of_each_row():
    pairs = _packed().search("diaz").with_texts()
    assert len(pairs) == 1
    assert pairs[0:1] == [(ROWS[3], "bruno diaz wm-1010")]


def test_a_kept_value_of_another_shape_is_built_again_not_answered():
    """A cache entry written by another version of the code (the rows as a plain list) is a miss."""
    import uuid

    from tournaments import pagecache

    stamp = uuid.uuid4().hex
    assert pagecache.computed(990001, stamp, "standings-duel", lambda: list(ROWS)) == ROWS
    pagecache.local_clear()  # another worker: only the shared cache holds the old shape
    rows = pagecache.computed(990001, stamp, "standings-duel", _packed, kind=PackedRows)
    assert isinstance(rows, PackedRows)
    assert list(rows.search("ana")) == [ROWS[1]]
    again = pagecache.computed(990001, stamp, "standings-duel", lambda: [], kind=PackedRows)
    assert list(again) == ROWS  # the rebuilt value is the one kept now


def test_the_memo_keeps_packed_rows_as_they_are_and_counts_their_bytes():
    """Issue #27 point 5: the memo holds what it counts; packed rows are read in place, not unpickled
    for each reader."""
    import uuid

    from tournaments import pagecache

    pagecache.local_clear()
    stamp = uuid.uuid4().hex
    first = pagecache.computed(990002, stamp, "standings-duel", _packed, kind=PackedRows)
    again = pagecache.computed(990002, stamp, "standings-duel", lambda: [], kind=PackedRows)
    assert again is first
    blobs = sum(len(pickle.dumps(row, protocol=pickle.HIGHEST_PROTOCOL)) for row in ROWS)
    texts = sum(len(f"{r.display_name} {r.player_number}") for r in ROWS)  # folded: the same length here
    assert pagecache.local_bytes() == first.nbytes() >= blobs + texts
