"""Events, registrations, rounds, matches and results."""
