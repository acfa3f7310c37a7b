"""Where the shared product documents live: ``../shared/`` beside the repository.

The rulebooks (``seeds/``) and ``RULES-TRACE.md`` are kept outside the
repository; tests that read them skip when they are absent. The environment
variable ``ARENA_SHARED_DIR`` points elsewhere.
"""
from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_DIR = Path(os.environ.get("ARENA_SHARED_DIR") or REPO_ROOT.parent / "shared")
SEEDS_DIR = SHARED_DIR / "seeds"
