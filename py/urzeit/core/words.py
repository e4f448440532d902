"""What a game's words module (its package's `words`, named by `Game.words_module`) provides,
with plain defaults a game overrides: everything a player reads about a move is worded there,
once, in German and English, for the page (the api words each view and reply when asked with
`lang`) and the command line (`urzeit replay`).

- describe(action, before_view, events, lang) -> str: one applied move in one line (the
  command line's replay); `before_view` is the view of the seat that reads it, before the move.
- label(view, action, lang) -> str: a legal action as a button or list entry says it.
- log(before_view, action, events, lang) -> list: the log lines a move adds, worded for the
  seat whose view `before_view` is (never more than that seat may know): each a text, or
  {"text", "group"} where lines of one group (e.g. one turn of several moves) share a line.
- view_words(view, lang) -> dict: any further texts the page shows for this view (prompts,
  the end breakdown); added to the view's `words`.
- hint_text(view, reason, lang) -> str (optional): why a hinted move is good, from the game
  bot's explain(state, seat, action) reason {"parts": [{"kind", ...}]}, e.g. "schließt deinen
  Wald: +8 Punkte und eine Bonuskarte".
- figure_words(lang) -> dict: the names of the game's end-of-game figures (State.end_figures'
  keys), e.g. {"forests": "Wälder"}; the api adds them to a finished view's `words`.

Every game writes its words in one style: the sentences and nouns per language in a table,
`PHRASES = {"de": {...}, "en": {...}}` in its package's `phrases.py` (templates with {named}
places, nouns with their forms), and the code that picks and fills them in `words.py`. A third
language is a third table (and its entry in LANGS), not an edit of every sentence.
"""

import re

LANGS = ("de", "en")

# the defaults' own words
PHRASES = {
    "de": {"someone": "jemand", "player": "Spieler", "computer": "Computer", "points": "Punkte"},
    "en": {"someone": "someone", "player": "Player", "computer": "Computer", "points": "points"},
}


def phrases(table: dict, lang) -> dict:
    """A words table's part for `lang`; English for a language the table does not have."""
    return table.get(lang) or table["en"]


def label(view, action, lang="en"):
    return str(action.get("type", "?"))


def log(before_view, action, events, lang="en"):
    return []


def view_words(view, lang="en"):
    return {}


def figure_words(lang="en"):
    return {"total": phrases(PHRASES, lang)["points"]}


# The names a seat gets when none is given (match.check_seats), worded in the reader's language
# as the page does (i18n.mjs displayName): "Spieler 2" reads "Player 2" in English.
_DEFAULT_NAME = re.compile(r"^(Spieler|Player|Computer) ([1-9])$")


def seat_name(view, seat, lang="en"):
    """The name of a seat as the page shows it."""
    seats = view.get("seats") or []
    words = phrases(PHRASES, lang)
    if not isinstance(seat, int) or not 0 <= seat < len(seats):
        return words["someone"]
    name = seats[seat].get("name") or ""
    m = _DEFAULT_NAME.match(name)
    if m:
        human = seats[seat].get("kind", "human") == "human"
        return f"{words['player' if human else 'computer']} {m.group(2)}"
    return name
