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
"""

import re

LANGS = ("de", "en")


def label(view, action, lang="en"):
    return str(action.get("type", "?"))


def log(before_view, action, events, lang="en"):
    return []


def view_words(view, lang="en"):
    return {}


# Default seat names ("Spieler 2", "Computer 3") follow the language, as on the page; typed
# names stay as they are.
_DEFAULT_NAME = re.compile(r"^(Spieler|Player|Computer) ([1-9])$")


def seat_name(view, seat, lang="en"):
    """The name of a seat of the view, in the reader's language when it is a default name."""
    seats = view.get("seats") or []
    if seat is None or not 0 <= seat < len(seats):
        return "?"
    name = seats[seat].get("name") or ""
    m = _DEFAULT_NAME.match(name)
    if not m:
        return name
    human = seats[seat].get("kind") == "human"
    return f"{('Spieler' if lang == 'de' else 'Player') if human else 'Computer'} {m.group(2)}"
