"""Every clause of the rules trace is named by a test (issue #16, point 8).

``RULES-TRACE.md`` (beside the repository, in ``../shared/``; override the
path with the environment variable ``ARENA_RULES_TRACE``) lists each
rulebook clause Arena must honour as a table row ``| R-000-01 | …``. A test
that asserts a clause's behaviour names its id in its docstring; this test
fails listing the ids no test under ``tests/`` names (whole word, this file
excluded). Skipped, with the path it looked at, when the trace is absent
(e.g. a checkout without the shared folder).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.shared_docs import SHARED_DIR

pytestmark = pytest.mark.unit

TESTS_DIR = Path(__file__).resolve().parent

#: A clause id in the first cell of a table row: "| R-000-01 |".
ROW_ID = re.compile(r"^\|\s*(R-\d{3}-\d{2,3})\s*\|", re.MULTILINE)
#: A clause id anywhere, as a whole word (R-000-1 is not R-000-10).
ANY_ID = re.compile(r"(?<![\w-])(R-\d{3}-\d{2,3})(?![\w-])")


def trace_path() -> Path:
    """``$ARENA_RULES_TRACE``, else ``<repo>/../shared/RULES-TRACE.md``."""
    override = os.environ.get("ARENA_RULES_TRACE")
    return Path(override) if override else SHARED_DIR / "RULES-TRACE.md"


def clause_ids(text: str) -> list[str]:
    """The ids of the trace's table rows, in file order, each once."""
    return list(dict.fromkeys(ROW_ID.findall(text)))


def ids_named_in_tests(root: Path = TESTS_DIR) -> set[str]:
    """Every clause id written in a test module under ``root`` but this one."""
    me = Path(__file__).resolve()
    named: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        if path.resolve() == me:
            continue
        named.update(ANY_ID.findall(path.read_text(encoding="utf-8", errors="replace")))
    return named


def test_clause_ids_are_read_from_table_rows_only():
    """The parser takes the first cell of table rows, not ids quoted in text."""
    text = "| R-000-01 | a | b |\n| R-000-02 | c |\nSee R-000-03 and (R-000-04).\n| x | R-000-05 |\n"

    assert clause_ids(text) == ["R-000-01", "R-000-02"]


def test_whole_word_ids_only():
    """R-000-1 inside R-000-10 is not a match, nor R-000-100 for R-000-10."""
    assert ANY_ID.findall("R-000-10, R-000-100; XR-000-11 R-000-12a (R-000-13)") == [
        "R-000-10", "R-000-100", "R-000-13",
    ]


def test_every_clause_is_named_by_a_test():
    path = trace_path()
    if not path.is_file():
        pytest.skip(f"rules trace not found at {path} (set ARENA_RULES_TRACE to its path)")
    ids = clause_ids(path.read_text(encoding="utf-8"))
    assert ids, f"no clause rows (| R-000-01 | …) found in {path}"
    named = ids_named_in_tests()
    missing = [clause for clause in ids if clause not in named]

    assert not missing, f"{len(missing)} of {len(ids)} clauses named by no test: {', '.join(missing)}"
