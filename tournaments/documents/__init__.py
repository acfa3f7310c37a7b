"""Printed documents of a round: what is printed, how it is rendered, where it is found (issue #5).

- :mod:`.sheets`: which documents a round gets and the sheets they print
  (:mod:`tournaments.pdf.data`), each named by the event's format
  (``document_sheets``) and built from the format and the selectors. Every
  round gets the pairings by table, the posting sheet (pairings by name),
  the result slips and the standings printed with it; events with a top
  cut also get the bracket. Formats played in pods print the same kinds
  under the same names, with one slip per pod and the pod standings.
- :mod:`.rendering`: the :class:`~tournaments.models.Document` rows, the
  render lease, the Celery entry points and the recovery of lost renders.
- :mod:`.urls`: the stable public URLs and the judge forms the slips' QR
  codes open.

The public names of the three are importable from here.
"""
from __future__ import annotations

from .rendering import (
    ERROR_LIMIT,
    QUEUED_TIMEOUT_SECONDS,
    RENDER_LEASE_SECONDS,
    RENDER_MAX_ATTEMPTS,
    RENDER_MODES,
    RENDER_POLL_SECONDS,
    RENDER_STALE_SECONDS,
    RENDER_WAIT_SECONDS,
    RETRY_BACKOFF_MAX_SECONDS,
    RETRY_BACKOFF_SECONDS,
    Recovered,
    document_enqueue_failed,
    document_render,
    document_render_on_download,
    documents_recover,
    error_text,
    lease_start,
    max_attempts,
    render_lease_seconds,
    render_mode,
    render_pdf,
    renderers,
    retry_delay,
)
from .sheets import (
    SHEETS,
    bracket_sheet,
    date_text,
    kinds_for_round,
    pairing_sheet,
    posting_sheet,
    sheet_for,
    sheet_header,
    slip_sheet,
    standings_sheet,
)
from .urls import KIND_SLUGS, SLUG_KINDS, document_url, judge_result_url, judge_table_url

__all__ = [
    "ERROR_LIMIT", "KIND_SLUGS", "QUEUED_TIMEOUT_SECONDS", "RENDER_LEASE_SECONDS",
    "RENDER_MAX_ATTEMPTS", "RENDER_MODES", "RENDER_POLL_SECONDS", "RENDER_STALE_SECONDS", "RENDER_WAIT_SECONDS",
    "RETRY_BACKOFF_MAX_SECONDS", "RETRY_BACKOFF_SECONDS", "Recovered", "SHEETS", "SLUG_KINDS", "bracket_sheet",
    "date_text", "document_enqueue_failed", "document_render", "document_render_on_download", "document_url",
    "documents_recover", "error_text", "judge_result_url", "judge_table_url",
    "kinds_for_round", "lease_start", "max_attempts", "pairing_sheet",
    "posting_sheet", "render_lease_seconds", "render_mode", "render_pdf", "renderers", "retry_delay",
    "sheet_for", "sheet_header", "slip_sheet", "standings_sheet",
]
