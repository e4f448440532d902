"""Carcassonne – Jäger und Sammler (Hans im Glück 2002), game id "sammler".

Rules: shared/rules/carcassonne-jaeger-und-sammler.txt. rules.py names its steps after the
rules' headings: Landschaftskarte legen (place_drawn_tile), Stammesmitglied oder Hütte
setzen (figure_actions, _place_figure), Wertung fertiger Flüsse und Wälder
(_score_completed), Bonuskarten (_after_placement), Schlusswertung (_final_scoring: Hütten,
Jäger, Feuer, Kultstätte). components.py reads the tile catalogue, tiles.json.
"""

from .rules import GAME  # noqa: F401
