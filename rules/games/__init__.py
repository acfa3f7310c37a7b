"""One module per seed game profile."""
