"""Jäger und Späher as a Game: titles, players, the variant and the set-up (decks, display
or sites fixed by options.setup, a lesson's or a test's), a state from JSON, and the rules'
worked example."""

from ...core.errors import BadRequest
from ...core.game import PRIVATE_HANDS, Game
from ...core.rng import Rng
from .components import CHARS, ITEMS, LOCS, SETUP, SITES, START_HAND
from .rules import SpaeherState, card_params

# The setup's fields in players' words, for a bad setup.
SETUP_FIELDS = {
    "items": {"name_de": "Gegenstände", "name_en": "items"},
    "wild": {"name_de": "Wildnis", "name_en": "wilderness"},
    "hunt": {"name_de": "Jagdgebiete", "name_en": "hunting grounds"},
    "display": {"name_de": "Auslage", "name_en": "display"},
}


def _earned_before(s, p) -> dict:
    """A snapshot from before the points were kept by source: the items' points are known, the
    start from the mode; the rest counts as sunsets (a sacred site's points among them)."""
    start, items = SETUP[s.mode]["start_vp"], sum(ITEMS[i]["vp"] for i in s.created[p])
    return {"start": start, "sunsets": s.vp[p] - start - items, "items": items, "sites": 0}


def _ids(value, table, what):
    if not isinstance(value, list) or not all(isinstance(v, str) and v in table for v in value):
        raise BadRequest(f"setup.{what}: a list of known ids", reason="spaeher.setup_ids",
                         params=card_params(SETUP_FIELDS[what], "what"))
    return list(value)


class Spaeher(Game):
    id = "spaeher"
    data_files = ("cards.json",)  # the page draws the cards from it too
    titles = {"de": "Jäger und Späher", "en": "Hunters and Scouts"}
    descriptions = {
        "de": "Zwei Stämme, ein Tal: Schicke deine Leute auf Jagd und Erkundung und überstehe die Sonnenuntergänge.",
        "en": "Two tribes, one valley: send your people hunting and scouting and get through the sunsets.",
    }
    min_players = 2
    max_players = 2
    minutes = (30, 45)
    information = PRIVATE_HANDS
    options = {
        "mode": {
            "default": "normal", "choices": ["intro", "normal"],
            "label": {"de": "Variante", "en": "Variant"},
            "choice_labels": {
                "intro": {"de": "Einführungsspiel – weniger Karten, zum Lernen", "en": "Introductory game – fewer cards, to learn"},
                "normal": {"de": "Normales Spiel – alle Karten und heiligen Orte", "en": "Normal game – all cards and sacred sites"}},
        },
        "setup": {"default": None},
    }

    def rules_example(self):
        """A sunset worked through: 3 members in play, 1 hunger, 1 card left in hand."""
        s = self.new_game(2, 1, {"mode": "intro"})
        p = s.current
        s.tribe[p], s.camp[p], s.hunger[p], s.hand[p] = 3, 0, 1, ["jaeger"]
        before = s.vp[p]
        events = s.apply({"type": "sunset"})
        sunset = next(e for e in events if e["type"] == "sunset")
        return s, {"seat": p, "sunset": sunset, "vp_before": before, "vp_after": s.vp[p], "hunger_after": s.hunger[p]}

    def _new(self, players: int, seed: int, options: dict) -> SpaeherState:
        """The table before any card is drawn: the pools sorted, every set-up draw queued in
        `due` (the display's special characters, the sacred sites, the items, the open
        Wildnis); options.setup fixes decks (a script, drawn from the end), display or sites."""
        s = SpaeherState.__new__(SpaeherState)
        s.mode = options["mode"]
        s.rng = Rng(seed)
        s.due = []
        setup = options["setup"] or {}
        if not isinstance(setup, dict) or set(setup) - {"items", "wild", "hunt", "display", "sites"}:
            raise BadRequest("setup may fix items, wild, hunt (decks, drawn from the end), display (3 columns) and sites",
                             reason="spaeher.setup_fields")
        cfg = SETUP[s.mode]
        script = {}
        for key, table in (("items", ITEMS), ("wild", LOCS), ("hunt", LOCS)):
            if key in setup:
                script[key] = _ids(setup[key], table, key)
        s.script = script or None
        s.item_deck = sorted(script.get("items", ITEMS))
        s.wild_deck = sorted(script["wild"] if "wild" in script else (k for k, v in LOCS.items() if v["kind"] == "wild"))
        s.hunt_deck = sorted(script["hunt"] if "hunt" in script else (k for k, v in LOCS.items() if v["kind"] == "hunt"))
        s.special_pool, s.site_pool = [], []
        if s.mode == "intro":  # Kundschafter under a Schamane in each column
            display = [["kundschafter", "schamane"], ["kundschafter", "schamane"], ["kundschafter", "schamane_besonders"]]
            hands = [list(START_HAND), list(START_HAND)]
        else:
            display = [[], [], []]
            hands = [sorted(START_HAND + ["schamane"]) for _ in range(2)]
        if "display" in setup:
            d = setup["display"]
            if not isinstance(d, list) or len(d) != 3:
                raise BadRequest("setup.display: 3 columns of character ids", reason="spaeher.setup_display")
            display = [_ids(col, CHARS, "display") for col in d]
        elif s.mode == "normal":  # two special characters in each column
            s.special_pool = sorted(c for c, v in CHARS.items() for _ in range(v["copies"]) if v["kind"] == "special")
            s.due += [("special", c) for c in range(3) for _ in range(2)]
        s.sites = []
        if "sites" in setup:
            if s.mode != "normal" or not isinstance(setup["sites"], list):
                raise BadRequest("setup.sites: [[site id, side 0 or 1], ...] in the normal game",
                                 reason="spaeher.setup_sites")
            for entry in setup["sites"]:
                if not (isinstance(entry, list) and len(entry) == 2 and entry[0] in SITES and entry[1] in (0, 1)):
                    raise BadRequest("setup.sites: [[site id, side 0 or 1], ...]", reason="spaeher.setup_sites")
                s.sites.append({"id": entry[0], "side": entry[1], "members": [0, 0]})
        elif s.mode == "normal":
            s.site_pool = sorted(SITES)
            s.due += [("site",)] * 3
        s.display = display
        s.hand = hands
        s.first = 0  # gap #13 DEFAULT: the seat order of the menu decides
        s.current = 0
        members = SETUP["members"]
        s.vp = [cfg["start_vp"]] * 2
        s.hunger = [SETUP["start_hunger"]] * 2
        s.tribe, s.camp, s.supply = [members["tribe"]] * 2, [members["camp"]] * 2, [members["supply"]] * 2
        s.items = [[], []]
        left = len(s.item_deck)  # a short scripted deck deals what it has, the first player first
        for p in range(2):
            n = min(cfg["items"][p], left)
            s.due += [("deal", p)] * n
            left -= n
        s.created = [[], []]
        s.locations = []
        s.due += [("open", "wild")] * min(SETUP["open_wilderness"], len(s.wild_deck))
        s.phase = "turn"
        s.steps, s.playing, s.revealed, s.pool = [], None, None, []
        s.taken, s.take_range = 0, list(cfg["take_at_sunset"])
        s.final, s.over, s.turns = None, False, 0
        s.sunsets, s.discarded = [0, 0], []
        s.dropped = [[], []]
        s.hunt_over = None
        s.fresh, s.calm, s.last_vp, s.end = [], [0, 0], list(s.vp), None
        s.earned = [{"start": cfg["start_vp"], "sunsets": 0, "items": 0, "sites": 0} for _ in range(2)]
        return s

    def from_json(self, d: dict) -> SpaeherState:
        s = SpaeherState.__new__(SpaeherState)
        s.mode = d["mode"]
        s.base_from_json(d)
        # saves from before chance steps: the decks become pools (their order is forgotten)
        s.special_pool, s.site_pool = list(d.get("special_pool", [])), list(d.get("site_pool", []))
        s.script = None if d.get("script") is None else {k: list(v) for k, v in d["script"].items()}
        s.vp, s.hunger = list(d["vp"]), list(d["hunger"])
        s.tribe, s.camp, s.supply = list(d["tribe"]), list(d["camp"]), list(d["supply"])
        s.hand = [list(h) for h in d["hand"]]
        s.items = [list(i) for i in d["items"]]
        s.created = [list(c) for c in d["created"]]
        s.item_deck, s.wild_deck, s.hunt_deck = sorted(d["item_deck"]), sorted(d["wild_deck"]), sorted(d["hunt_deck"])
        s.locations = [{"id": l["id"], "covered": list(l["covered"]), "members": list(l["members"])} for l in d["locations"]]
        s.sites = [{"id": x["id"], "side": x["side"], "members": list(x["members"])} for x in d["sites"]]
        s.display = [list(c) for c in d["display"]]
        s.first, s.current, s.phase = d["first"], d["current"], d["phase"]
        s.steps = [dict(x) for x in d["steps"]]
        s.playing, s.revealed, s.pool = d["playing"], d["revealed"], list(d["pool"])
        s.taken, s.take_range = d["taken"], list(d["take_range"])
        s.final, s.over, s.turns = d["final"], d["over"], d["turns"]
        s.sunsets, s.discarded = list(d["sunsets"]), list(d["discarded"])
        s.dropped = [list(x) for x in d.get("dropped", [[], []])]  # older saves: nobody remembers
        s.hunt_over = None if d.get("hunt_over") is None else list(d["hunt_over"])
        s.fresh = list(d.get("fresh", []))  # saves from before these fields
        s.calm, s.last_vp = list(d.get("calm", [0, 0])), list(d.get("last_vp", d["vp"]))
        s.end = d.get("end", "goal" if d["over"] else None)
        s.earned = [dict(e) for e in d["earned"]] if "earned" in d else [_earned_before(s, p) for p in range(2)]
        return s


GAME = Spaeher()
