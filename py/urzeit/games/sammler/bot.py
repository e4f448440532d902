"""What the bots know about sammler: a heuristic value of the position for every seat,
a fast rollout policy and an order in which to try placements (most promising first)."""

import math


# Chance that an open feature still gets completed, by its open sides (a rough prior).
COMPLETION = {0: 1.0, 1: 0.75, 2: 0.55, 3: 0.4}
MEMBER_VALUE = 2.0  # a tribe member in the supply: the freedom to claim something later
HUT_VALUE = 1.0


def estimates(state) -> list[float]:
    """Score now plus what each seat's figures are likely still to bring."""
    est = [float(x) for x in state.score]
    groups = {}
    for f in state.figures:
        key = ("s", state.river_system_root(f[4])) if f[1] == "hut" else (f[1], state.feature_root(f[4]))
        groups.setdefault(key, []).append(f)
    late = 0.35 + 0.65 * min(1.0, len(state.land) / 40)  # less time left: fewer completions
    for (kind, root), figs in groups.items():
        counts = [0] * state.n
        cult = None
        for f in figs:
            counts[f[0]] += 1
            if f[5]:
                cult = f[0]
        best = max(counts)
        owners = [cult] if cult is not None else [p for p in range(state.n) if counts[p] == best]
        if kind == "s":
            value = state.sfish[root]
        elif kind == "hunter":
            value = state.meadow_value(root)[0]
        elif state.openc[root] == 0:
            value = 0.0  # already scored
        else:
            chance = COMPLETION.get(state.openc[root], 0.3) * late
            if kind == "gatherer":
                value = (2 * state.size[root] + 2 * state.mush[root]) * chance
            else:
                value = (state.size[root] + 1.5) * chance
        for p in owners:
            est[p] += value
    for p in range(state.n):
        est[p] += MEMBER_VALUE * min(state.members[p], 3) * late + HUT_VALUE * state.huts[p] * late
    return est


def evaluate(state) -> list[float]:
    """Each seat's value in [0, 1]: a smooth function of its margin over the best rival."""
    est = estimates(state) if not state.is_over else [float(x) for x in state.score]
    values = []
    for p in range(state.n):
        rival = max(est[q] for q in range(state.n) if q != p)
        values.append(1.0 / (1.0 + math.exp(-(est[p] - rival) / 8.0)))
    return values


def after_action(state, action):
    s = state.clone()
    s.apply(action)
    return s


def greedy_scores(state, seat, legal):
    """The value of each legal action for `seat` after the best follow-up in the same turn."""
    result = []
    for action in legal:
        s = after_action(state, action)
        if s.phase == "figure" and s.current == seat:
            best = -1e9
            for follow in s.figure_actions() + [None]:
                t = s.clone()
                t.finish_turn(follow)
                best = max(best, margin(t, seat))
            result.append(best)
        else:
            result.append(margin(s, seat))
    return result


def margin(state, seat) -> float:
    est = estimates(state) if not state.is_over else [float(x) for x in state.score]
    return est[seat] - max(est[q] for q in range(state.n) if q != seat)


# Search iterations per level, sized so a move stays within its time budget in Pyodide
# (medium <= 0.7 s, hard <= 2 s; see bench/bot_speed.py).
ITERATIONS = {"medium": 250, "hard": 700}

class Policy:
    """The hooks ai.mcts.search_steps calls."""

    def __init__(self, n_players, rollout_turns=1, figure_rate=0.35):
        self.rollout_plies = rollout_turns * n_players
        self.figure_rate = figure_rate

    def tree_depth(self, state, seat, depth):
        # search the bot's own turn (tile, figure, bonus tile); the draw after it is chance
        return 6 if state.current_player == seat else 0

    def order(self, state, legal, seat, depth):
        # the full greedy ranking only at the root: deeper nodes differ per sampled draw
        if depth > 0 or state.phase != "tile" or len(legal) <= 2:
            return legal
        scores = greedy_scores(state, seat, legal)
        ranked = sorted(range(len(legal)), key=lambda i: -scores[i])
        return [legal[i] for i in ranked]

    def rollout(self, state, rng):
        for _ in range(self.rollout_plies):
            if state.is_over:
                return
            if state.phase == "figure":
                state.finish_turn(None)
                continue
            x, y, r = rng.choice(state.placements(state.tile))
            state.place_drawn_tile(x, y, r)
            options = state.figure_actions()
            choice = rng.choice(options) if options and rng.random() < self.figure_rate else None
            state.finish_turn(choice)

    def evaluate(self, state):
        return evaluate(state)

    def greedy_scores(self, state, seat, legal):
        return greedy_scores(state, seat, legal)
