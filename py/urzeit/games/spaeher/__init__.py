"""Jäger und Späher (Gerhard Hecht, Kosmos 2014), game id "spaeher".

Rules: shared/rules/jaeger-und-spaeher.txt; open questions answered by the DEFAULTs of
shared/data/spaeher/rules_gaps.md (cited as "gap #n"). Most card texts are unknown: our
reconstruction is the data file cards.json beside this module, every card marked; see
docs/spaeher.md. A turn is one of three actions: play a character (Charakterkarte
ausspielen), recall members (Stammesmitglieder zurücknehmen), or sunset
(Sonnenuntergang durchführen).

The package's layout is every game's: game.py (the Game: options, set-up, JSON), rules.py (the
state and its moves), draws.py (every card drawn as a chance step), scoring.py (sunsets, the
end, the winner), components.py (cards.json), words.py and phrases.py (its words), bot.py.
"""

from .game import GAME  # noqa: F401
