"""REST API of tournaments (DRF)."""
