"""Carcassonne – Jäger und Sammler (Hans im Glück 2002), game id "sammler".

Rules: shared/rules/carcassonne-jaeger-und-sammler.txt. The package's layout is every game's:
game.py (the Game: options, set-up, JSON), rules.py (the state and its moves, named after
the rules' headings: Landschaftskarte legen (place_drawn_tile), Stammesmitglied oder Hütte
setzen (figure_actions, _place_figure)), draws.py (the stacks, drawn as chance steps),
scoring.py (Wertung fertiger Flüsse und Wälder (_score_completed), Bonuskarten
(_after_placement), Schlusswertung (_final_scoring: Hütten, Jäger, Feuer, Kultstätte)),
components.py (the tile catalogue, tiles.json), words.py and phrases.py (its words), bot.py.
"""

from .game import GAME  # noqa: F401
