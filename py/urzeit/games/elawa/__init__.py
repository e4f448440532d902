"""Elawa (Goupy & Lebrat, Bombyx 2023), game id "elawa".

The package's layout is every game's: game.py (the Game: options, set-up, JSON), rules.py (the
state and the four steps of a turn as the rules text names them), draws.py (every face-down
thing drawn as a chance step, the token supply), scoring.py (a card's points, the winners),
components.py (cards.json: tribe cards, chiefs, the box's resources), words.py and phrases.py
(its words), bot.py (the bots' policy), messages.json (the players' wording of every refusal).
"""

from .game import GAME  # noqa: F401
