"""REST API of leagues (DRF)."""
