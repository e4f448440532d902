"""Elawa as a Game: titles, players, the chief side and chief 2's rule, the set-up (stacks,
tokens, fire, supply or chiefs fixed by options.setup, a lesson's or a test's), a state from
JSON, and the rules' worked example."""

from ...core.errors import BadRequest
from ...core.game import PRIVATE_HANDS, Game
from ...core.rng import Rng
from .components import CARD_IDS, CARDS, CHIEFS, FIRE, STACKS, TOKEN_COUNTS, TOKENS
from .draws import STACK_TOKENS
from .rules import ElawaState, copy_script, token_list

SETUP_KEYS = {"cards", "tokens", "fire", "supply", "chiefs"}
STACK_CARDS = 10   # cards per stack at the start (gap #1); a setup may use fewer


def _setup_cards(cards) -> list:
    """A setup's card stacks must be a possible deal of the box: 6 stacks of at most 10
    cards, no card twice, at least one card to take (else no one could move)."""
    if (not isinstance(cards, list) or len(cards) != STACKS
            or not all(isinstance(st, list) and len(st) <= STACK_CARDS
                       and all(isinstance(c, str) and c in CARDS for c in st) for st in cards)):
        raise BadRequest("setup.cards: 6 stacks (bottom to top) of at most 10 card ids each",
                         reason="elawa.setup_cards")
    flat = [c for st in cards for c in st]
    if len(set(flat)) != len(flat):
        raise BadRequest("setup.cards: every card of the box exists once", reason="elawa.setup_card_twice")
    if not flat:
        raise BadRequest("setup.cards: at least one card must be there to take", reason="elawa.setup_no_cards")
    return cards


def _setup_tokens(setup, fire_size) -> tuple:
    """Resource stacks (1 to 5 tokens each), fire (1 up to its full size) and supply: together
    exactly the box's 80 tokens. Parts the setup leaves out are drawn from the rest of the box
    when they are revealed (the supply holds whatever remains). Returns the stack sizes, the
    fire's and the supply's counts."""
    tokens, fire, supply = setup.get("tokens"), setup.get("fire"), setup.get("supply")
    if tokens is not None and not (isinstance(tokens, list) and len(tokens) == STACKS and all(
            token_list(r) and 1 <= len(r) <= STACK_TOKENS for r in tokens)):
        raise BadRequest("setup.tokens: 6 stacks (bottom to top) of 1 to 5 tokens each", reason="elawa.setup_tokens")
    if fire is not None and not (token_list(fire) and 1 <= len(fire) <= fire_size):
        raise BadRequest(f"setup.fire: 1 to {fire_size} tokens (an empty fire would never end the game)",
                         reason="elawa.setup_fire", params={"most": fire_size})
    if supply is not None and not token_list(supply):
        raise BadRequest("setup.supply: a list of tokens", reason="elawa.setup_supply")
    left = {t: TOKEN_COUNTS[t] for t in TOKENS}
    for t in [t for r in tokens or [] for t in r] + list(fire or []) + list(supply or []):
        left[t] -= 1
    if any(left[t] < 0 for t in TOKENS):
        raise BadRequest(f"the setup uses more tokens of a kind than the box holds ({TOKEN_COUNTS})",
                         reason="elawa.setup_too_many_tokens")
    rest = sum(left.values())
    need = (STACKS * STACK_TOKENS if tokens is None else 0) + (fire_size if fire is None else 0)
    if rest < need or (supply is not None and rest != need):
        raise BadRequest("the setup's tokens, fire and supply must be the box's 80 tokens",
                         reason="elawa.setup_token_total")
    sizes = [STACK_TOKENS] * STACKS if tokens is None else [len(r) for r in tokens]
    fire_n = fire_size if fire is None else len(fire)
    return sizes, fire_n, (rest - need if supply is None else len(supply))


class Elawa(Game):
    id = "elawa"
    data_files = ("cards.json",)  # the page draws the cards from it too
    titles = {"de": "Elawa", "en": "Elawa"}
    descriptions = {
        "de": "Nimm Karten rund ums Feuer, sammle Beeren, Fleisch und Felle und baue deinen Stamm.",
        "en": "Take cards around the fire, gather berries, meat and furs and build your tribe.",
    }
    min_players = 2
    information = PRIVATE_HANDS
    max_players = 4
    minutes = (20, 40)
    options = {
        "chief_side": {
            "default": "normal", "choices": ["normal", "advanced"],
            "label": {"de": "Häuptlinge", "en": "Chiefs"},
            "choice_labels": {
                "normal": {"de": "Normalseite – zum Kennenlernen", "en": "Normal side – to learn the game"},
                "advanced": {"de": "Fortgeschrittenenseite – jeder Häuptling hat eine Sonderkraft",
                             "en": "Advanced side – every chief has a special power"}},
        },
        "chief2": {
            "default": "second_only", "choices": ["second_only", "every_second"],
            "label": {"de": "Sonderkraft von Häuptling 2", "en": "Chief 2's power"},
            "help": {"de": "Häuptling 2 spielt auf der Fortgeschrittenenseite Karten billiger. Die Regel lässt offen, wie oft.",
                     "en": "On the advanced side chief 2 plays cards for less. The rules leave open how often."},
            "only": {"chief_side": "advanced"},
            "choice_labels": {
                "second_only": {"de": "nur die 2. Karte eines Zuges kostet 1 weniger",
                                "en": "only the 2nd card of a turn costs 1 less"},
                "every_second": {"de": "jede 2. Karte (2., 4., 6. …) kostet 1 weniger",
                                 "en": "every 2nd card (2nd, 4th, 6th …) costs 1 less"}},
        },
        "setup": {"default": None},
    }

    # The rules' scoring example with the real cards: storage card G08 with 4 kinds on it, tool
    # G12 (3 per caveman) and the cavemen P10, R11, P09: 8 + 9 + 6 + 16 + 3 = 42.
    EXAMPLE = (("G08", "G12", "P10", "R11", "P09"), {"G08": ["berry", "meat", "flint", "fur"]})

    def rules_example(self):
        s = self.new_game(2, 1, {})
        tribe, stored = self.EXAMPLE
        s.tribes[0] = list(tribe)
        s.stored[0] = {k: list(v) for k, v in stored.items()}
        entry = s.breakdown()[0]
        return s, {"seat": 0, "cards": entry["cards"], "total": entry["total"]}

    def _new(self, players: int, seed: int, options: dict) -> ElawaState:
        """The table before any draw: every stack, the fire and the supply face down as counts
        over the box's pools; the set-up's draws (the chiefs, every stack's top) are due."""
        s = ElawaState.__new__(ElawaState)
        s.n = players
        s.rng = Rng(seed)
        s.side, s.chief2 = options["chief_side"], options["chief2"]
        setup = {} if options["setup"] is None else options["setup"]
        if not isinstance(setup, dict) or set(setup) - SETUP_KEYS:
            raise BadRequest("setup may fix cards (6 stacks, bottom to top), tokens (6 stacks), fire, supply and chiefs",
                             reason="elawa.setup_fields")
        chiefs = setup.get("chiefs")
        if "chiefs" in setup and (
                not isinstance(chiefs, list) or len(chiefs) != players
                or not all(isinstance(c, str) and c in CHIEFS for c in chiefs) or len(set(chiefs)) != players):
            raise BadRequest(f"setup.chiefs: {players} different chiefs of {sorted(CHIEFS)}",
                             reason="elawa.setup_chiefs", params={"players": players})
        cards = _setup_cards(setup["cards"]) if "cards" in setup else None
        sizes, s.fire, s.supply = _setup_tokens(setup, FIRE[players])
        s.chiefs, s.first, s.current = [None] * players, None, None
        s.cards = [[] for _ in range(STACKS)]
        if cards is None:
            s.hidden, s.deck = [STACK_CARDS] * STACKS, sorted(CARD_IDS)
        else:
            s.hidden, s.deck = [len(st) for st in cards], sorted(c for st in cards for c in st)
        s.res = [[] for _ in range(STACKS)]
        s.res_gen = [[0] * k for k in sizes]
        s.pools, s.supply_gen = [{t: TOKEN_COUNTS[t] for t in TOKENS}], 0
        s.script = None
        s.later = None
        if options["setup"] is not None:
            tokens = setup.get("tokens")
            s.script = {
                "chiefs": None if chiefs is None else list(chiefs),
                "cards": None if cards is None else [list(st) for st in cards],
                "res": [[] for _ in range(STACKS)] if tokens is None else [list(r) for r in tokens],
                "fire": None if setup.get("fire") is None else list(setup["fire"]),
                "supply": None if setup.get("supply") is None else list(setup["supply"]),
            }
        s.discards, s.removed = [], []
        s.hands = [[] for _ in range(players)]
        s.tribes = [[] for _ in range(players)]
        s.stored = [{} for _ in range(players)]
        s.avail = [{} for _ in range(players)]
        s.phase = "take"
        s.pending_takes = 0
        s.played = 0
        s.stored_now = []
        s.final_round = False
        s.over = False
        s.turns = 0
        s.seen_hands = [[] for _ in range(players)]
        s.taken = [0] * players
        # the set-up's draws, in the table's order: chiefs (gap #4), card tops, token tops
        s.due = ([("chief", p) for p in range(players)] + [("card", i) for i in range(STACKS) if s.hidden[i]]
                 + [("token", i) for i in range(STACKS) if s.res_gen[i]])
        return s

    def from_json(self, d: dict) -> ElawaState:
        s = ElawaState.__new__(ElawaState)
        s.n, s.side, s.chief2 = d["n"], d["side"], d["chief2"]
        s.chiefs, s.first = list(d["chiefs"]), d["first"]
        s.cards = [list(x) for x in d["cards"]]
        s.hidden, s.deck = list(d["hidden"]), list(d["deck"])
        s.res = [list(x) for x in d["res"]]
        s.res_gen = [list(g) for g in d["res_gen"]]
        s.pools = [{t: g[t] for t in TOKENS} for g in d["pools"]]
        s.fire, s.supply, s.supply_gen = d["fire"], d["supply"], d["supply_gen"]
        s.discards, s.removed = list(d["discards"]), list(d["removed"])
        s.hands = [list(h) for h in d["hands"]]
        s.tribes = [list(t) for t in d["tribes"]]
        s.stored = [{k: list(v) for k, v in st.items()} for st in d["stored"]]
        s.avail = [dict(a) for a in d["avail"]]
        s.current, s.phase, s.pending_takes = d["current"], d["phase"], d["pending_takes"]
        s.played, s.stored_now = d["played"], list(d["stored_now"])
        s.final_round, s.over, s.turns = d["final_round"], d["over"], d["turns"]
        s.seen_hands = [list(h) for h in d["seen_hands"]]
        s.taken = list(d.get("taken", [0] * s.n))  # a state written before it was counted
        s.script = copy_script(d.get("script"))
        s.later = [tuple(x) for x in d["later"]] if "later" in d else None
        s.base_from_json(d)
        return s


GAME = Elawa()
