"""Elawa (Goupy & Lebrat, Bombyx 2023), game id "elawa".

components.py reads cards.json (tribe cards, chiefs, the box's resources); rules.py holds the
state and the four steps of a turn as the rules text names them; bot.py the bots' policy;
messages.json the players' wording of every refusal.
"""

from .rules import GAME  # noqa: F401
