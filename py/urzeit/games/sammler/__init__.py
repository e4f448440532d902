"""Carcassonne – Jäger und Sammler (Hans im Glück 2002), game id "sammler".

Rules: shared/rules/carcassonne-jaeger-und-sammler.txt; the names below follow its
headings: Landschaftskarte legen (place_tile), Stammesmitglied oder Hütte setzen
(place_figure), Wertung fertiger Flüsse und Wälder (_score_completed), Bonuskarten
(_next_bonus), Schlusswertung (_final_scoring: Hütten, Jäger, Feuer, Kultstätte).
"""

from .state import GAME  # noqa: F401
