"""The contract every game keeps (docs/architecture.md): a `Game` (the type: titles, player
counts, options, its bot and words) and a `State` (one position), OpenSpiel-style: the base
class does the public checks, a game writes only its own part."""

import importlib
import json
import pathlib
import sys

from .actions import action_key, check_options, find_legal
from .errors import BadRequest, IllegalAction
from .rng import Rng


def load_messages(folder: pathlib.Path) -> dict:
    """The player-facing wording of error reasons: messages.json, {reason: {"de", "en"}}, with
    {param} placeholders filled by the page from the error's params."""
    path = folder / "messages.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


# What a game hides (Game.information).
PERFECT = "perfect"
PRIVATE_HANDS = "private_hands"

# The outcome of a private draw in an engine that may not know it (a fair remote game: the
# card went to another seat, docs/fair-play.md). Only a chance `seen_by` a seat takes it; a game
# whose private draws support it says so by `private_deck()`.
HIDDEN = "?"


class Chance:
    """A chance event that is due: what is drawn (`kind`, a stable key such as "sammler.land"),
    the possible `outcomes` (JSON values, in a fixed sorted order) with integer `weights`, and
    who sees the outcome (`seen_by` None: everybody; a seat: only that seat, a card drawn face
    down). The outcome is supplied by a driver: the state's seeded Rng in local play, a
    recorded outcome in a replay, joint randomness in a remote game."""
    __slots__ = ("kind", "outcomes", "weights", "seen_by")

    def __init__(self, kind: str, outcomes: list, weights: list | None = None, seen_by=None):
        self.kind = kind
        self.outcomes = outcomes
        self.weights = weights if weights is not None else [1] * len(outcomes)
        self.seen_by = seen_by

    def total(self) -> int:
        return sum(self.weights)

    def pick(self, rng):
        """The outcome for a uniform number below total(): outcome i covers weights[i] numbers."""
        r = rng.below(self.total())
        for outcome, w in zip(self.outcomes, self.weights):
            r -= w
            if r < 0:
                return outcome
        raise AssertionError("weights changed while picking")

    def index_of(self, outcome) -> int:
        """The outcome's index, strictly by JSON value (true is not 1); -1 if not possible."""
        key = action_key(outcome)
        for i, o in enumerate(self.outcomes):
            if o == outcome and action_key(o) == key:
                return i
        return -1

    def to_json(self) -> dict:
        return {"kind": self.kind, "outcomes": list(self.outcomes), "weights": list(self.weights),
                "seen_by": self.seen_by}

    def public(self) -> dict:
        """What every seat may know of a due event (a private draw's outcomes would tell what
        the others hold): its kind, who sees it, how many things it is drawn from."""
        return {"kind": self.kind, "seen_by": self.seen_by, "count": self.total()}


class State:
    """One position of a game. A game's state class writes:

    - attributes `current` (the seat to move), `over` (bool), `rng` (an Rng: chance is drawn
      from it as soon as it is due, "seeded" play; None: chance waits for `apply_chance`),
      `due` (a list of pending chance slots, the game's own JSON-able tuples) and `script`
      (None, or the draws options.setup fixes: a lesson's or a test's);
    - `legal_actions()`, `do_apply(action) -> events` (a legal action; may append to `due`),
      optionally `why_not(action)` or its own `check_action(action)`;
    - `chance(slot) -> Chance` and `do_chance(slot, outcome) -> events` (may append to `due`);
    - `scores()`, `winners()` (if ties are broken by more than the score), `view(seat)`,
      `clone()`, `to_json()`, and `redeal(seat, rng)` if its Game's `information` is
      PRIVATE_HANDS;
    - `end_figures()`: the end-of-game statistics (points by source that add up to the score,
      counts), read through `end_stats()`.

    The base keeps `apply` (checked), `apply_legal` (unchecked, for search), `apply_chance`,
    `current_player`, `is_over`, `chance_due` and `determinize` the same for every game."""
    __slots__ = ()

    # ---- the seat to move ---------------------------------------------------------------

    @property
    def current_player(self):
        """The seat to decide; None when the game is over or a chance event is due."""
        return None if self.over or self.due else self.current

    @property
    def is_over(self) -> bool:
        return self.over

    # ---- decisions ----------------------------------------------------------------------

    def apply(self, action) -> list[dict]:
        """Apply one action after every public check; an error leaves the state as it was."""
        if self.over:
            raise IllegalAction("the game is over", reason="game_over")
        if self.due:
            raise IllegalAction("a chance event is due first", reason="chance_due",
                                params={"kind": self.due_kind()})
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("an action is an object with a string field 'type'", reason="action_shape")
        return self.apply_legal(self.check_action(action))

    def check_action(self, action: dict) -> dict:
        """The legal action equal to `action`, or IllegalAction saying why (a game may check
        cheaper than comparing with the whole legal list)."""
        return find_legal(action, self.legal_actions(), self.why_not)

    def why_not(self, action) -> str | None:
        return None

    def apply_legal(self, action: dict) -> list[dict]:
        """apply without the checks: only for an action taken from this state's own
        legal_actions() (search, rollouts). Seeded chance that falls due is drawn at once."""
        events = self.do_apply(action)
        if self.due and self.rng is not None:
            self.settle(events)
        return events

    # ---- chance -------------------------------------------------------------------------

    def chance_due(self) -> Chance | None:
        return self.chance(self.due[0]) if self.due else None

    def due_kind(self) -> str | None:
        return self.chance(self.due[0]).kind if self.due else None

    def apply_chance(self, outcome) -> list[dict]:
        """Supply the outcome of the due chance event (a driver's call)."""
        if not self.due:
            raise IllegalAction("no chance event is due", reason="chance_not_due")
        c = self.chance(self.due[0])
        if outcome == HIDDEN and c.seen_by is not None and self.private_deck() is not None:
            pass  # a card only its drawer knows: the game holds a placeholder
        elif c.index_of(outcome) < 0 or c.weights[c.index_of(outcome)] <= 0:
            raise IllegalAction(f"{action_key(outcome)} is not a possible outcome of {c.kind}",
                                reason="chance_outcome", params={"kind": c.kind})
        slot = self.due.pop(0)
        events = self.do_chance(slot, outcome)
        if self.due and self.rng is not None:
            self.settle(events)
        return events

    # ---- private draws in a fair remote game (docs/fair-play.md) -------------------------
    # A game that supports them writes private_deck, do_chance(slot, HIDDEN), reveal and conceal.

    def private_deck(self) -> list | None:
        """The cards private draws come from, sorted (a multiset), in the state before any draw;
        None: this game has no private draws that can be played with hidden cards."""
        return None

    def reveal(self, seat: int, card) -> None:
        """Turn one of `seat`'s hidden cards into `card` (its owner shows it); IllegalAction if
        the seat holds no hidden card or `card` is not among the cards this state has not seen."""
        raise IllegalAction("this game holds no hidden cards", reason="chance_outcome", params={"kind": "hidden"})

    def conceal(self, action: dict) -> tuple:
        """The mover's own action as the others may see it: (the action with the private cards
        it keeps hidden replaced by HIDDEN, the cards it shows, the cards it puts away unseen)."""
        return action, [], []

    def draw_late(self) -> None:
        """From now on, a draw the mover does not need before its turn ends may wait until then
        (external chance in a fair remote game: each such draw then costs no extra message,
        docs/fair-play.md). A game without such draws ignores it."""

    def settle(self, events: list | None = None) -> list[dict]:
        """Draw every due chance event from the state's own Rng (seeded play)."""
        events = [] if events is None else events
        while self.due:
            slot = self.due.pop(0)
            events += self.do_chance(slot, self.chance(slot).pick(self.rng))
        return events

    # ---- results ------------------------------------------------------------------------

    def winners(self) -> list[int]:
        """The seats that won, ties included (by default: the highest score). Games with a
        tie-break override this; [] before the end."""
        if not self.over:
            return []
        scores = self.scores()
        top = max(scores)
        return [p for p, s in enumerate(scores) if s == top]

    def end_figures(self) -> list[dict]:
        """Per seat, the game's own end-of-game figures (a game overrides this): {"points":
        {source: n}} that add up to the seat's score, and {"counts": {name: n}} of things a
        player of the game cares about. Each key is worded by the game's `figure_words`."""
        return [{"points": {"total": s}, "counts": {}} for s in self.scores()]

    def end_stats(self) -> list[dict] | None:
        """What a finished game is remembered by, per seat: its score, whether it won, and the
        game's figures; None before the end."""
        if not self.over:
            return None
        scores, winners, figures = self.scores(), self.winners(), self.end_figures()
        return [{"score": scores[p], "won": p in winners, "points": dict(figures[p]["points"]),
                 "counts": dict(figures[p]["counts"])} for p in range(len(scores))]

    # ---- worlds a seat cannot tell apart (the bots' searches) --------------------------

    def determinize(self, seat: int, rng) -> "State":
        """A world `seat` cannot tell from this one: a copy with what the seat cannot see
        re-dealt (`redeal`), the scripted draws forgotten (they are not the seat's knowledge)
        and a new Rng from `rng`, so every future draw stays chance."""
        s = self.clone()
        s.redeal(seat, rng)
        s.script = None
        s.rng = Rng(rng.next_u64())
        return s

    def redeal(self, seat: int, rng) -> None:
        """Re-deal, in this copy, what `seat` cannot see (the others' hidden cards) from the
        unseen pool, with `rng`. A game of perfect information hides nothing: nothing to do."""

    # ---- JSON helpers for the base's part -----------------------------------------------

    def base_json(self) -> dict:
        return {"rng": None if self.rng is None else self.rng.to_json(), "due": [list(s) for s in self.due]}

    def base_from_json(self, d: dict) -> None:
        self.rng = None if d.get("rng") is None else Rng.from_json(d["rng"])
        self.due = [tuple(s) for s in d.get("due", [])]


class Game:
    """A game type. Subclasses set the class attributes and implement _new and from_json.

    A game is its package: `bot_module` and `words_module` name modules of that package
    (relative), `data_files` the files of it the page reads too (build.py copies them to
    dist/data/<id>-<name>), `art` what build.py draws for it."""

    id: str = ""
    # what the menu shows (describe(); the page declares none of it): titles and a one-line
    # description {"de", "en"}, player counts, playing time [min, max] in minutes
    titles: dict = {}
    descriptions: dict = {}
    min_players: int = 2
    max_players: int = 2
    minutes: tuple | None = None
    # option name -> {"default": value, optional "choices": [...]}; the menu offers an option
    # with a "label" {"de", "en"}: then "choice_labels" {choice: {"de", "en"}}, optional "help"
    # {"de", "en"} and "only" {other option: choice} (offered only with that choice)
    options: dict = {}
    listed: bool = True  # False: a test game the menu never shows
    # what a seat cannot see besides future draws (which are chance): PERFECT, nothing (every
    # seat sees the same state); PRIVATE_HANDS, the others' hands (re-dealt by State.redeal;
    # pass-and-play hides them)
    information: str = PERFECT
    bot_module: str | None = "bot"     # None: computer seats play random legal moves
    words_module: str | None = "words"
    data_files: tuple = ()
    # the generator of this game's art, run by build.py (a module of the repository's art/
    # folder with write(out_dir) -> count; not shipped), and the folder of web/ it writes to
    art: tuple | None = None  # e.g. ("art.sammler_tiles", "tiles")
    # player counts a tournament's multi-player tables use (default: every count above 2)
    table_sizes: tuple | None = None

    def new_game(self, players: int, seed: int, options: dict | None = None, chance: str = "seeded"):
        """A new game. chance="seeded": every chance event is drawn from an Rng seeded by
        `seed` when it falls due (a game is seed + actions); "external": chance events wait
        for `apply_chance` (a replay's recorded outcomes, a remote game's joint randomness)."""
        if not isinstance(players, int) or isinstance(players, bool) or not (
                self.min_players <= players <= self.max_players):
            raise BadRequest(f"{self.id} is for {self.min_players} to {self.max_players} players")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 53:
            raise BadRequest("seed must be an integer from 0 to 2^53-1")
        if chance not in ("seeded", "external"):
            raise BadRequest("chance must be 'seeded' or 'external'")
        state = self._new(players, seed, check_options(options, self.options))
        if chance == "external":
            state.rng = None
        elif state.due:
            state.settle()
        return state

    def _new(self, players: int, seed: int, options: dict):
        """The state before any chance: `rng` = Rng(seed), set-up draws queued in `due`."""
        raise NotImplementedError

    def from_json(self, d: dict):
        raise NotImplementedError

    def _package(self) -> str:
        return type(self).__module__.rsplit(".", 1)[0]

    def bot(self):
        """This game's bot module (Policy, ITERATIONS, optional TURN_BUDGET), or None."""
        return importlib.import_module(f"{self._package()}.{self.bot_module}") if self.bot_module else None

    def words(self):
        """This game's words module (describe(...)), or None."""
        return importlib.import_module(f"{self._package()}.{self.words_module}") if self.words_module else None

    def data_path(self, name: str) -> pathlib.Path:
        return pathlib.Path(sys.modules[type(self).__module__].__file__).parent / name

    def messages(self) -> dict:
        """This game's reason texts (its package's messages.json)."""
        return load_messages(pathlib.Path(sys.modules[type(self).__module__].__file__).parent)

    def tables(self) -> tuple:
        """Player counts above two (a tournament's tables)."""
        if self.table_sizes is not None:
            return tuple(self.table_sizes)
        return tuple(range(3, self.max_players + 1))

    def rules_example(self):
        """A worked scoring example for the rules screen, built by the engine from a fixed
        position: (state, facts) where facts are the JSON numbers the example explains (the
        page draws the state and words the facts); None: the game has none."""
        return None

    def describe(self) -> dict:
        return {
            "id": self.id,
            "titles": dict(self.titles),
            "descriptions": dict(self.descriptions),
            "players": [self.min_players, self.max_players],
            "minutes": list(self.minutes) if self.minutes else None,
            "options": {k: {kk: vv for kk, vv in v.items()} for k, v in self.options.items()},
            "listed": self.listed,
            "private_hands": self.information == PRIVATE_HANDS,
        }
