"""Pure Swiss core: pairing, standings, top cut and pods.

Nothing in this package imports Django or touches a database. Inputs and
outputs are the frozen dataclasses of :mod:`tournaments.swiss.types`; all
randomness arrives as a ``random.Random`` argument, so the same input always
gives the same output.

Terms (000_0014b2ac83da54b4.txt § "Rondas Suizas"):

- *registration id*: the integer that names a player inside one event.
- *match record*: one finished pairing of a round: two players and the games
  each won, or one player and a bye.
- *match points*: win 1, draw 0.5, loss 0 (§ "¿Cómo se calculan los puntos en
  un torneo suizo?").
- *standings*: the ranked list after a round, ordered by the event's
  tiebreakers (default: match points, wins, Buchholz, head-to-head, game
  differential, technical tie).

Main modules:

- :mod:`.standings`: ``compute_standings`` and the tiebreaker ``REGISTRY``;
- :mod:`.pairing`: ``rounds_for`` and ``pair_round`` (random round 1, then
  score groups by maximum-weight matching, no rematch while avoidable);
- :mod:`.topcut`: ``seed_bracket``, ``next_stage`` and ``podium``;
- :mod:`.cutline`: ``cut_outlook`` («¿me alcanza con empatar?»: the top cut
  guaranteed, possible or out of reach with a win, a draw or a loss);
- :mod:`.types` and :mod:`.errors`: the shared dataclasses and the two
  error classes (``PairingError`` for the organizer, ``SwissInvariantError``
  for bugs).

Performance figures are in ``benchmarks/RESULTS.md``.
"""
