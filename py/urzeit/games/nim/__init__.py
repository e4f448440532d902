"""Hidden-hand Nim: a tiny 2-player test game that exercises the whole contract.

A public pile of stones; each player holds a secret hand of cards worth 1 to 3, drawn from
a shuffled deck. On your turn play a card to take that many stones (never more than the
pile) and draw a new card; with no playable card you pass. Whoever takes the last stone
wins; two passes in a row end the game with no winner. Tests use it; the menu never shows it.
"""

from .game import GAME  # noqa: F401
