"""The rows behind every live page, read once per state stamp and kept packed.

One place builds each read model the public pages, the player's own pages
and the API show (issue #27 point 2): the standings, the final order and a
round's tables, each computed once per stamp by
:func:`tournaments.pagecache.computed` from the selectors. Each is a
:class:`PackedRows`: every row's pickle, its folded search text (name and
player number, folded once per stamp) and an index by registration. A
search is a scan of short strings, a player's row a dictionary look-up, a
page of 100 rows 100 unpickles; nothing unpickles the whole field to show a
part of it. A kept value of another shape (written by an earlier version)
is built again, never answered.
"""
from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from . import pagecache, selectors
from .enums import MatchStatus
from .formats import format_for
from .models import Event, Round
from .text import fold


class PackedRows(pagecache.Compact, Sequence):
    """Rows kept as one pickle each, with their folded search texts and their keys.

    ``rows[i]`` unpickles one row, ``rows[a:b]`` those of the slice (a list);
    :meth:`search` and :meth:`by_key` unpickle only what they answer. Live,
    the object is its bytes and strings, about its pickle's size, and never
    changes: the page cache's memo keeps it as it is
    (:class:`tournaments.pagecache.Compact`), so a reader unpickles nothing
    but the rows it shows.
    """

    __slots__ = ("_blobs", "_texts", "_row_keys", "_index", "_nbytes")

    def __init__(self, blobs: Sequence[bytes], texts: Sequence[str], row_keys: Sequence[int | None]):
        self._blobs, self._texts, self._row_keys = tuple(blobs), tuple(texts), tuple(row_keys)
        self._index: dict[int, int] | None = None  # key -> position, made on the first look-up
        self._nbytes = (sum(map(len, self._blobs)) + sum(map(len, self._texts))
                        + 120 * len(self._blobs))  # object headers, tuple slots, the index

    @classmethod
    def pack(cls, rows: Iterable[Any], *, text: Callable[[Any], str],
             key: Callable[[Any], int | None] = lambda row: None) -> PackedRows:
        """``rows`` packed; ``text(row)`` is folded (:func:`fold`) for searches, ``key(row)`` (a registration
        id, or ``None``) indexes :meth:`by_key`."""
        blobs, texts, keys = [], [], []
        for row in rows:
            blobs.append(pickle.dumps(row, protocol=pickle.HIGHEST_PROTOCOL))
            texts.append(fold(text(row)))
            keys.append(key(row))
        return cls(blobs, texts, keys)

    def __reduce__(self):
        return (PackedRows, (self._blobs, self._texts, self._row_keys))

    def nbytes(self) -> int:
        return self._nbytes

    def __len__(self) -> int:
        return len(self._blobs)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [pickle.loads(blob) for blob in self._blobs[index]]
        return pickle.loads(self._blobs[index])

    def __iter__(self) -> Iterator[Any]:
        return (pickle.loads(blob) for blob in self._blobs)

    def search(self, query: str) -> PackedRows:
        """The rows whose search text contains ``query`` folded (accents and case aside), in order; every
        row for an empty query."""
        needle = fold(query.strip())
        if not needle:
            return self
        kept = [i for i, text in enumerate(self._texts) if needle in text]
        return PackedRows([self._blobs[i] for i in kept], [self._texts[i] for i in kept],
                          [self._row_keys[i] for i in kept])

    def with_texts(self) -> Sequence[tuple[Any, str]]:
        """The rows as ``(row, folded search text)`` pairs (what a page's ``data-search`` filter reads)."""
        return _WithTexts(self)

    def by_key(self, key: int) -> Any:
        """The row indexed by ``key`` (a registration id), ``None`` when there is none."""
        if self._index is None:  # two threads may both build it: the same dict, one kept
            index: dict[int, int] = {}
            for position, k in enumerate(self._row_keys):
                if k is not None:
                    index.setdefault(k, position)
            self._index = index
        position = self._index.get(key)
        return None if position is None else self[position]


class _WithTexts(Sequence):
    __slots__ = ("_rows",)

    def __init__(self, rows: PackedRows):
        self._rows = rows

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, index):
        texts = self._rows._texts
        if isinstance(index, slice):
            return list(zip(self._rows[index], texts[index], strict=True))
        return self._rows[index], texts[index]


def _player_text(row: Any) -> str:
    row = getattr(row, "row", row)  # a FinalRow wraps the standing row
    return f"{row.display_name} {row.player_number}"


def _registration_of(row: Any) -> int:
    return getattr(row, "row", row).registration_id


def standings(event: Event, stamp: str) -> PackedRows:
    """The event's standings rows in its format (:func:`tournaments.selectors.standing_rows`), by
    registration, searched by name or number; once per stamp."""
    fmt = format_for(event)
    return pagecache.computed(event.pk, stamp, f"standings-{fmt.key}", lambda: PackedRows.pack(
        selectors.standing_rows(event), text=_player_text, key=_registration_of), kind=PackedRows)


def final(event: Event, stamp: str) -> PackedRows:
    """The event's rows in final order (:func:`tournaments.selectors.final_rows`, DESIGN.md decision 20),
    by registration, searched by name or number; once per stamp."""
    fmt = format_for(event)
    return pagecache.computed(event.pk, stamp, f"final-{fmt.key}", lambda: PackedRows.pack(
        selectors.final_rows(event), text=_player_text, key=_registration_of), kind=PackedRows)


@dataclass(frozen=True, slots=True)
class RoundTables(pagecache.Compact):
    """A round's tables (:func:`tournaments.selectors.table_rows`, searched by any seated name or number),
    its players by name (empty when tables list their own names), and its counts, byes left out."""

    tables: PackedRows
    by_name: PackedRows
    pending: int
    playing: int

    def nbytes(self) -> int:
        return self.tables.nbytes() + self.by_name.nbytes()


def round_tables(event: Event, rnd: Round, stamp: str) -> RoundTables:
    """The tables of ``rnd`` as every page and the API show them; once per stamp."""
    fmt = format_for(event)

    def build() -> RoundTables:
        rows = selectors.table_rows(event, rnd)
        playing = [row for row in rows if not row.is_bye]
        return RoundTables(
            tables=PackedRows.pack(rows, text=fmt.table_search_text),
            by_name=PackedRows.pack(selectors.names_of(event, rows), text=lambda line: line.search),
            pending=sum(row.status == MatchStatus.PENDING for row in playing),
            playing=len(playing),
        )

    return pagecache.computed(event.pk, stamp, f"round-{fmt.key}-{rnd.pk}", build, kind=RoundTables)
