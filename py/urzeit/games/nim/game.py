"""Hidden-hand Nim as a Game: the pile's size, the set-up (a deck order from options.setup),
a state from JSON."""

from ...core.errors import BadRequest
from ...core.game import PRIVATE_HANDS, Game
from ...core.rng import Rng
from .rules import DECK, HAND_SIZE, NimState


class Nim(Game):
    id = "nim"
    titles = {"de": "Nim mit verdeckten Karten (Test)", "en": "Hidden-hand Nim (test)"}
    descriptions = {"de": "Testspiel", "en": "Test game"}
    min_players = 2
    information = PRIVATE_HANDS
    max_players = 2
    minutes = (2, 2)
    listed = False
    bot_module = None  # computer seats play random legal moves
    options = {
        "pile": {"default": 15, "choices": list(range(2, 31))},
        "setup": {"default": None},
    }

    def _new(self, players: int, seed: int, options: dict) -> NimState:
        s = NimState()
        s.rng = Rng(seed)
        setup = options["setup"]
        s.script = None
        if setup is not None:
            deck = setup.get("deck") if isinstance(setup, dict) else None
            if (not isinstance(setup, dict) or set(setup) != {"deck"} or not isinstance(deck, list)
                    or not all(type(v) is int for v in deck) or sorted(deck) != sorted(DECK)):
                raise BadRequest(f"nim setup is {{\"deck\": a permutation of {DECK}}}, dealt from the end")
            s.script = list(deck)
        s.deck = sorted(DECK)
        s.pile = options["pile"]
        s.hands = [[], []]
        s.due = [("deal", p) for _ in range(HAND_SIZE) for p in range(2)]
        s.current = 0
        s.passes = 0
        s.winner = None
        s.over = False
        return s

    def from_json(self, d: dict) -> NimState:
        s = NimState()
        s.pile = d["pile"]
        s.hands = [list(h) for h in d["hands"]]
        s.deck = list(d["deck"])
        s.script = None if d.get("script") is None else list(d["script"])
        s.current = d["current"]
        s.passes = d["passes"]
        s.winner = d["winner"]
        s.over = d["over"]
        s.base_from_json(d)
        return s


GAME = Nim()
