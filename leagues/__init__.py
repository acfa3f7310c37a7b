"""Seasons, league points ledger, rankings and badges."""
