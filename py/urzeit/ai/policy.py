"""One bot interface for every game. A game's bot module (its package's `bot`, named by
`Game.bot_module`) defines `Policy(n_players, level)`, a subclass of `Policy` here, and
`ITERATIONS` (search size per level; 0 = no search). The searches live in `ai`; a game
supplies only its judgement."""


class Policy:
    """What urzeit.ai asks of a game's bot. Override what the game needs:

    - greedy_scores(state, seat, legal): a value per legal action (easy, and levels that do
      not search); `easy_temperature`: easy's noise in those points; `greedy_temperatures`:
      the noise of a level that does not search (default none).
    - easy(state, seat, legal, rng): a game's own rule-based easy player, or None (greedy).
    - search: "mcts" (ai.mcts: tree_depth, order, rollout, evaluate) or "flat" (ai.flat:
      worth_searching, first_choice, sample_value).
    - iterations(view, legal, n): a decision may be searched less.
    - turn_budget: {level: seconds} for a whole computer turn, or None (ai.TURN_BUDGET)."""
    easy_temperature = 1.5
    greedy_temperatures = {}  # {level: noise} of levels that do not search (none: the first of the best)
    search = "mcts"
    turn_budget = None

    def __init__(self, n_players, level="medium"):
        self.n_players = n_players
        self.level = level

    @property
    def greedy_temperature(self):
        return self.greedy_temperatures.get(self.level, 0)

    def easy(self, state, seat, legal, rng):
        return None

    def iterations(self, view, legal, iterations):
        return iterations

    def greedy_scores(self, state, seat, legal):
        raise NotImplementedError

    # ---- ai.mcts ------------------------------------------------------------------------

    def tree_depth(self, state, seat, depth):
        return 8 if state.current_player == seat else 2

    def order(self, state, legal, seat, depth):
        return legal

    def rollout(self, state, rng):
        pass

    def evaluate(self, state):
        raise NotImplementedError

    # ---- ai.flat ------------------------------------------------------------------------

    def worth_searching(self, state) -> bool:
        return True

    def first_choice(self, state, rng=None):
        """The move the game's own plan would make (a flat search's head start)."""
        raise NotImplementedError

    def sample_value(self, state, seat, rng) -> float:
        """The seat's chance in [0, 1] after playing on from `state` (one sample)."""
        raise NotImplementedError


class CardGamePolicy(Policy):
    """The part of a card game's bot policy that is the same for every card game: search the own
    turn (a little beyond), try the actions the game's greedy judgement likes first.
    Subclasses give greedy_scores(state, seat, legal), rollout and evaluate."""

    def __init__(self, n_players, level="medium", rollout_actions=40):
        super().__init__(n_players, level)
        self.rollout_actions = rollout_actions

    def order(self, state, legal, seat, depth):
        if depth > 0 or len(legal) <= 2:  # the full ranking only at the root
            return legal
        scores = self.greedy_scores(state, seat, legal)
        return [legal[i] for i in sorted(range(len(legal)), key=lambda i: -scores[i])]
