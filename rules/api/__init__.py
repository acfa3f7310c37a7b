"""REST API of rules (DRF)."""
