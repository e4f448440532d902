"""Every registered game as an OpenSpiel game (`pip install urzeit[research]`).

    from urzeit.research import openspiel
    game = openspiel.load("sammler", players=3)      # or pyspiel.load_game("urzeit_sammler(players=3)")
    state = game.new_initial_state()

The engine's State contract maps onto OpenSpiel's one to one (docs/architecture.md):

- chance: a due chance step is an OpenSpiel chance node; its outcomes are the indices of
  `Chance.outcomes` with probability weight / total (outcomes of weight 0 are left out);
- actions: a game's actions are JSON objects, not an enumerable set, so an action id is the
  index into the state's sorted `legal_actions()` (ids 0..n-1, stable for a state and for
  every state with the same information state, since the legal list is part of what a seat
  sees). `num_distinct_actions` is MAX_ACTIONS, a bound no game comes near;
  `action_json(id)` gives the engine's action back;
- information state: the seat's `view(seat)` as canonical JSON, exactly what our own bots and
  the page get. A view keeps what a player at the table remembers (docs/bots.md, "A memory
  like a player's"), so states the seat cannot tell apart have the same string;
  `resample_from_infostate` deals such a state with `determinize` (what ISMCTS samples);
- returns: at the end each winner gets 1 / number of winners (the game's own tie-breaks),
  the others 0: a constant-sum game with utility sum 1.

The tensor (information state and observation alike) is the same view, feature-hashed into
TENSOR_SIZE numbers (`view_tensor`): a view is a nested JSON object whose size changes during a
game, so every leaf adds to one slot chosen by a stable hash of its path (a number: its value;
a string, true/false or null: 1 at the slot of path and value). It hides what the view hides; a
network that needs more structure would encode a game's view itself.
"""

import json

try:
    import numpy as np
    import pyspiel
except ImportError as e:  # an optional extra, never needed by the engine or the page
    raise ImportError("OpenSpiel is not installed: pip install urzeit[research] "
                      "(or pip install open-spiel)") from e

from .. import games as registry
from ..core.rng import Rng
from ..core.game import PRIVATE_HANDS
from .features import MAX_ACTIONS, TENSOR_SIZE, canonical, view_tensor

PREFIX = "urzeit_"
MAX_GAME_LENGTH = 4096   # decisions and chance steps of one game (the longest seen: about 800)


class _Box:
    """The engine state behind an OpenSpiel state. OpenSpiel clones a Python state by making
    a new initial state and deep-copying each attribute, so the box copies with the game's
    own `clone()` and makes its initial state only when it is first read."""
    __slots__ = ("spec", "_state", "legal", "views")

    def __init__(self, spec, state=None):
        self.spec = spec            # (game id, players, options as canonical JSON)
        self._state = state
        self.legal = None           # the legal actions, kept until the state changes
        self.views = {}             # seat -> its view, likewise

    def view(self, seat):
        v = self.views.get(seat)
        if v is None:
            v = self.views[seat] = self.state.view(seat)
        return v

    def changed(self):
        self.legal = None
        self.views = {}

    @property
    def state(self):
        if self._state is None:
            game_id, players, options = self.spec
            self._state = registry.get(game_id).new_game(players, 0, json.loads(options), chance="external")
        return self._state

    def __deepcopy__(self, memo):
        box = _Box(self.spec, None if self._state is None else self._state.clone())
        box.legal = self.legal      # lists and views are never changed in place
        box.views = dict(self.views)
        return box

    def __reduce__(self):  # OpenSpiel's serialize pickles the attributes: the state's own JSON
        return _restore_box, (self.spec, self.state.to_json())


def _restore_box(spec, state_json):
    return _Box(spec, registry.get(spec[0]).from_json(state_json))


class UrzeitGame(pyspiel.Game):
    """One engine game as an OpenSpiel game. Registered per game as a subclass that names it
    (`game_id`): OpenSpiel keeps the creator until the process exits, and a class, unlike a
    closure, is still alive then (freeing a closure that late aborts the interpreter)."""
    game_id = None

    def __init__(self, params=None):
        params = dict(params or {})
        game_id = self.game_id
        game = registry.get(game_id)
        players = int(params.get("players", game.min_players))
        options = params.get("options", "{}")
        if not game.min_players <= players <= game.max_players:
            raise ValueError(f"{game_id} is for {game.min_players} to {game.max_players} players")
        try:
            options = canonical(json.loads(options))
        except ValueError as e:
            raise ValueError(f"options must be a JSON object: {e}") from None
        game.new_game(players, 0, json.loads(options), chance="external")  # bad options fail here, clearly
        self.urzeit = game
        self.spec = (game_id, players, options)
        info = pyspiel.GameInfo(num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=MAX_ACTIONS,
                                num_players=players, min_utility=0.0, max_utility=1.0, utility_sum=1.0,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(game_type(game), info, {"players": players, "options": options})

    def new_initial_state(self, *args):
        if args:
            raise ValueError("an urzeit game has one initial state (give options as a game parameter)")
        return UrzeitState(self, _Box(self.spec))

    def state_of(self, engine_state) -> "UrzeitState":
        """An OpenSpiel state around an engine state of this game (cloned; chance external)."""
        s = engine_state.clone()
        s.rng = None
        return UrzeitState(self, _Box(self.spec, s))

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return _ViewObserver()


class _ViewObserver:
    """Information state and observation alike: the seat's view, as a string and hashed."""

    def __init__(self):
        self.tensor = np.zeros(TENSOR_SIZE, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state, player):
        if player < 0:  # OpenSpiel asks for the shape with no player
            self.tensor.fill(0)
            return
        view_tensor(state._box.view(player), self.tensor)

    def string_from(self, state, player):
        return canonical(state._box.view(player))


class UrzeitState(pyspiel.State):
    def __init__(self, game, box):
        super().__init__(game)
        self._box = box  # the only attribute: OpenSpiel copies and pickles the attributes

    @property
    def engine(self):
        """The engine state (urzeit.core.game.State) inside; change it only through OpenSpiel."""
        return self._box.state

    def _legal(self):
        box = self._box
        if box.legal is None:
            box.legal = box.state.legal_actions()
            if len(box.legal) > MAX_ACTIONS:
                raise pyspiel.SpielError(f"{len(box.legal)} legal actions, more than MAX_ACTIONS = {MAX_ACTIONS}")
        return box.legal

    def action_json(self, action: int) -> dict:
        """The engine's action for an action id of this state."""
        return self._legal()[action]

    def action_id(self, action: dict) -> int:
        """The id of one of this state's legal engine actions (ValueError if it is not legal)."""
        key = canonical(action)
        for i, a in enumerate(self._legal()):
            if canonical(a) == key:
                return i
        raise ValueError(f"not a legal action here: {key}")

    # ---- OpenSpiel's Python game API ---------------------------------------------------

    def current_player(self):
        s = self._box.state
        if s.over:
            return pyspiel.PlayerId.TERMINAL
        if s.due:
            return pyspiel.PlayerId.CHANCE
        return s.current

    def _legal_actions(self, player):
        return list(range(len(self._legal())))

    def chance_outcomes(self):
        c = self._box.state.chance_due()
        total = c.total()
        return [(i, w / total) for i, w in enumerate(c.weights) if w > 0]

    def _apply_action(self, action):
        box = self._box
        s = box.state
        if s.due:
            c = s.chance_due()
            if not 0 <= action < len(c.outcomes) or c.weights[action] <= 0:
                raise pyspiel.SpielError(f"{action} is not an outcome of {c.kind}")
            s.apply_chance(c.outcomes[action])
        else:
            legal = self._legal()
            if not 0 <= action < len(legal):
                raise pyspiel.SpielError(f"action {action} is not legal: the ids are 0..{len(legal) - 1}")
            s.apply_legal(legal[action])
        box.changed()

    def _action_to_string(self, player, action):
        s = self._box.state
        if player == pyspiel.PlayerId.CHANCE and s.due:
            c = s.chance_due()
            return f"{c.kind} {canonical(c.outcomes[action])}" if 0 <= action < len(c.outcomes) else f"{c.kind} #{action}"
        legal = self._legal() if not s.due and not s.over else []
        return canonical(legal[action]) if 0 <= action < len(legal) else f"#{action}"

    def is_terminal(self):
        return self._box.state.over

    def returns(self):
        s = self._box.state
        n = self.num_players()
        if not s.over:
            return [0.0] * n
        winners = s.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state `player_id` cannot tell from this one: the game's `determinize` with an Rng
        seeded from the sampler (what OpenSpiel's ISMCTS asks for)."""
        return self.determinized(player_id, int(probability_sampler() * 2 ** 53))

    def determinized(self, player, seed: int) -> "UrzeitState":
        world = self._box.state.determinize(player, Rng(seed))
        world.rng = None  # future draws stay chance nodes
        return UrzeitState(self.get_game(), _Box(self._box.spec, world))

    def __str__(self):
        return canonical(self._box.state.to_json())


def resampler(seed: int):
    """A reproducible resampler for ISMCTSBot.set_resampler: the worlds come from the
    engine's Rng seeded by `seed`."""
    rng = Rng(seed)
    return lambda state, player: state.determinized(player, rng.next_u64())


def game_type(game) -> "pyspiel.GameType":
    hidden = game.information == PRIVATE_HANDS
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=PREFIX + game.id,
        long_name=f"Urzeit: {game.titles.get('en', game.id)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.IMPERFECT_INFORMATION if hidden else info.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, "options": "{}"})


def register() -> list[str]:
    """Register every game of the engine with OpenSpiel (as urzeit_<id>); returns the names."""
    known = set(pyspiel.registered_names())
    names = []
    for game in sorted(registry.all_games(), key=lambda g: g.id):
        name = PREFIX + game.id
        if name not in known:
            pyspiel.register_game(game_type(game), type(f"UrzeitGame_{game.id}", (UrzeitGame,), {"game_id": game.id}))
        names.append(name)
    return names


def load(game_id: str, players: int | None = None, options: dict | None = None):
    """The OpenSpiel game of `game_id` (registered on first use)."""
    register()
    params = {}
    if players is not None:
        params["players"] = players
    if options:
        params["options"] = canonical(options)
    return pyspiel.load_game(PREFIX + game_id, params)
