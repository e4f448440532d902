"""What the bots know about sammler: a heuristic value of the position for every seat,
a fast rollout policy and an order in which to try placements (most promising first)."""

import json
import math
import pathlib

from ...ai.policy import Policy as BasePolicy
from . import components as T
from .components import FOREST, LAKE, MEADOW


# Chance that an open feature still gets completed, by its open sides (a rough prior).
COMPLETION = {0: 1.0, 1: 0.75, 2: 0.55, 3: 0.4}
MEMBER_VALUE = 2.0  # a tribe member in the supply: the freedom to claim something later
HUT_VALUE = 1.0


def estimates(state) -> list[float]:
    """Score now plus what each seat's figures are likely still to bring."""
    est = [float(x) for x in state.score]
    late = 0.35 + 0.65 * min(1.0, len(state.land) / 40)  # less time left: fewer completions
    for (kind, root), figs in _figure_groups(state).items():
        owners = _owners(state, figs)
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


class Outlook:
    """Hard's judgement of open features from the stack (meeple_cat's lesson: the quality of
    the evaluation decides, not the number of simulations). The stack's composition (the
    state's pool `land`) is public
    (every drawn tile was seen), so for each open place next to a feature we know the share of
    the remaining land tiles that fit there; a feature with a place nothing fits is dead.
    One Outlook lives for one move, so the shares are counted once per pattern."""

    def __init__(self, fill=0.5, close=0.8, growth=0.5):
        self.fill, self.close, self.growth = fill, close, growth
        self.share = {}
        self.counts = None
        self.meadow_points = 1.0

    def fit_share(self, state, pattern):
        found = self.share.get(pattern)
        if found is None:
            if self.counts is None:
                self._count(state)
            total = sum(self.counts.values()) or 1
            found = sum(c for t, c in self.counts.items()
                        if any(all(p == "." or p == e for p, e in zip(pattern, rot.edges))
                               for rot in T.TYPES[t].rotations)) / total
            self.share[pattern] = found
        return found

    def _count(self, state):
        counts = {}
        for t in state.land:
            counts[t] = counts.get(t, 0) + 1
        self.counts = dict(sorted(counts.items()))
        pts = sum(c * 2 * (z.animals["mammoth"] + z.animals["aurochs"] + z.animals["deer"])
                  for t, c in self.counts.items() for z in T.TYPES[t].zones if z.kind == MEADOW)
        self.meadow_points = pts / max(1, sum(self.counts.values()))

    def open_places(self, state, wanted):
        """For each wanted feature root: the open board places next to it, with their patterns."""
        places = {root: {} for root in wanted}
        if not wanted:
            return places
        board, placed, base, kind_of = state.board, state.placed, state.base, state.node_kind
        root_of = state.feature_root
        for pos, pattern in state.open.items():
            x, y = pos
            for k in range(4):
                if pattern[k] == ".":
                    continue
                dx, dy = T.DELTAS[k]
                nb = board[(x + dx, y + dy)]
                t, _, _, r, _ = placed[nb]
                for zi in T.TYPES[t].rotations[r].side_zones[(k + 2) % 4]:
                    node = base[nb] + zi
                    if kind_of[node] == LAKE:
                        continue
                    root = root_of(node)
                    if root in places:
                        places[root][pos] = pattern
        return places

    def open_value(self, state, kind, root, places, draws):
        """An open forest's or river's (value, completion chance): its points with the expected
        growth, times the chance that the draws left fill every open place next to it."""
        chance = 1.0
        for pattern in places.values():
            f = self.fit_share(state, pattern)
            chance *= (1.0 - (1.0 - f) ** draws) * self.close if f > 0 else 0.0
        grow = self.growth * len(places)
        if kind == "gatherer":
            return (2 * state.size[root] + 2 * state.mush[root] + 2 * grow) * chance, chance
        return (state.size[root] + grow + state.sfish[state.river_system_root(root)]) * chance, chance

    def estimates(self, state) -> list[float]:
        est = [float(x) for x in state.score]
        groups = _figure_groups(state)
        left = len(state.land)
        late = 0.35 + 0.65 * min(1.0, left / 40)
        # draws that may put a tile on a given place: mostly the owner's own (rivals seldom close
        # a feature for someone else), so a bigger table leaves fewer (3-/4-player tables:
        # hard lost to medium with the two-player figure, docs/bots.md)
        draws = self.fill * left * 2 / state.n
        wanted = {root for kind, root in groups if kind != "s" and (kind == "hunter" or state.openc[root])}
        places = self.open_places(state, wanted)
        for (kind, root), figs in groups.items():
            owners = _owners(state, figs)
            if kind == "s":
                value = state.sfish[root]
            elif kind == "hunter":
                value = state.meadow_value(root)[0] + \
                    self.growth * len(places[root]) * self.meadow_points * min(1.0, left / 20)
            elif state.openc[root] == 0:
                value = 0.0
            else:
                value, chance = self.open_value(state, kind, root, places[root], draws)
                # a completed feature gives its figures back
                value += chance * MEMBER_VALUE * late * sum(1 for f in figs if f[0] in owners) / len(owners)
            for p in owners:
                est[p] += value
        for p in range(state.n):  # a fourth and fifth member in supply still count a little
            m = state.members[p]
            est[p] += MEMBER_VALUE * (min(m, 3) + 0.5 * max(0, m - 3)) * late + HUT_VALUE * state.huts[p] * late
        return est


# ---- the expert's learned judgement (tools/train_sammler_value.py -> value.json) -----------------

# What the Outlook sees, kept apart per seat, so self-play can weigh each part by what it
# brought in the end; the late_ parts are the same scaled by the share of the stack still to come.
PARTS = ("forest", "river", "returns", "meadow", "meadow_growth", "hut_fish",
         "members", "members_extra", "huts")
FEATURES = ("score",) + PARTS + tuple("late_" + name for name in PARTS)
LAND_TILES = 40  # the stack share counts as whole from this many tiles left (the Outlook's `late`)


def features(state, outlook) -> list[list[float]]:
    """Every seat's FEATURES: its points now and the Outlook's parts of what is still open."""
    parts = [dict.fromkeys(PARTS, 0.0) for _ in range(state.n)]
    groups = _figure_groups(state)
    left = len(state.land)
    draws = outlook.fill * left * 2 / state.n
    wanted = {root for kind, root in groups if kind != "s" and (kind == "hunter" or state.openc[root])}
    places = outlook.open_places(state, wanted)
    if groups and outlook.counts is None:
        outlook._count(state)
    for (kind, root), figs in groups.items():
        owners = _owners(state, figs)
        share = {}
        if kind == "s":
            share["hut_fish"] = state.sfish[root]
        elif kind == "hunter":
            share["meadow"] = state.meadow_value(root)[0]
            share["meadow_growth"] = len(places[root]) * outlook.meadow_points * min(1.0, left / 20)
        elif state.openc[root]:
            value, chance = outlook.open_value(state, kind, root, places[root], draws)
            share["forest" if kind == "gatherer" else "river"] = value
            share["returns"] = chance * sum(1 for f in figs if f[0] in owners) / len(owners)
        for p in owners:
            for name, value in share.items():
                parts[p][name] += value
    late = min(1.0, left / LAND_TILES)
    rows = []
    for p in range(state.n):
        m = state.members[p]
        parts[p]["members"] = min(m, 3)
        parts[p]["members_extra"] = max(0, m - 3)
        parts[p]["huts"] = state.huts[p]
        own = [parts[p][name] for name in PARTS]
        rows.append([float(state.score[p])] + own + [late * v for v in own])
    return rows


def outlook_weights(outlook) -> list[float]:
    """The Outlook's own judgement as FEATURES weights (its `late` is 0.35 + 0.65 x the share)."""
    w = {"score": 1.0, "forest": 1.0, "river": 1.0, "meadow": 1.0, "hut_fish": 1.0,
         "meadow_growth": outlook.growth}
    for name, value in (("returns", MEMBER_VALUE), ("members", MEMBER_VALUE),
                        ("members_extra", MEMBER_VALUE / 2), ("huts", HUT_VALUE)):
        w[name], w["late_" + name] = 0.35 * value, 0.65 * value
    return [w.get(name, 0.0) for name in FEATURES]


_LEARNED = {}


def learned_weights(players=2):
    """value.json's weights for a table of `players` (tools/train_sammler_value.py), or None."""
    if not _LEARNED:
        data = json.loads(pathlib.Path(__file__).with_name("value.json").read_text(encoding="utf-8"))
        if tuple(data["features"]) != FEATURES:
            raise ValueError("value.json was learned for other features: run tools/train_sammler_value.py")
        _LEARNED.update({int(n): table["weights"] for n, table in data["tables"].items()})
    return _LEARNED.get(players)


def learned_estimates(outlook, weights):
    """Each seat's expected final points by the learned weights (a seat's value less the
    others' mean is its expected final margin over them)."""
    def judge(state):
        return [sum(a * b for a, b in zip(weights, row)) for row in features(state, outlook)]
    return judge


def estimates_with_stack(outlook):
    """medium's judgement (the open-sides prior) that also knows the stack: a forest or river
    with an open place no remaining tile fits is dead (worth nothing, its figures lost)."""
    def judge(state):
        est = [float(x) for x in state.score]
        late = 0.35 + 0.65 * min(1.0, len(state.land) / 40)
        groups = _figure_groups(state)
        wanted = {root for kind, root in groups if kind in ("gatherer", "fisher") and state.openc[root]}
        places = outlook.open_places(state, wanted)
        for (kind, root), figs in groups.items():
            owners = _owners(state, figs)
            if kind == "s":
                value = state.sfish[root]
            elif kind == "hunter":
                value = state.meadow_value(root)[0]
            elif state.openc[root] == 0:
                value = 0.0
            elif any(outlook.fit_share(state, pattern) == 0 for pattern in places[root].values()):
                value = 0.0
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
    return judge


def _figure_groups(state):
    groups = {}
    for f in state.figures:
        key = ("s", state.river_system_root(f[4])) if f[1] == "hut" else (f[1], state.feature_root(f[4]))
        groups.setdefault(key, []).append(f)
    return groups


def _owners(state, figs):
    counts = [0] * state.n
    cult = None
    for f in figs:
        counts[f[0]] += 1
        if f[5]:
            cult = f[0]
    best = max(counts)
    return [cult] if cult is not None else [p for p in range(state.n) if counts[p] == best]


def evaluate(state, estimate=None) -> list[float]:
    """Each seat's value in [0, 1]: a smooth function of its margin over the best rival."""
    est = (estimate or estimates)(state) if not state.is_over else [float(x) for x in state.score]
    values = []
    for p in range(state.n):
        rival = max(est[q] for q in range(state.n) if q != p)
        values.append(1.0 / (1.0 + math.exp(-(est[p] - rival) / 8.0)))
    return values


def after_action(state, action):
    s = state.clone()
    s.apply_legal(action)
    return s


def greedy_scores(state, seat, legal, estimate=None, leader=1.0):
    """The value of each legal action for `seat` after the best follow-up in the same turn."""
    result = []
    for action in legal:
        s = after_action(state, action)
        if s.phase == "figure" and s.current == seat:
            best = -1e9
            for follow in s.figure_actions() + [None]:
                t = s.clone()
                t.finish_turn(follow)
                best = max(best, margin(t, seat, estimate, leader))
            result.append(best)
        else:
            result.append(margin(s, seat, estimate, leader))
    return result


def margin(state, seat, estimate=None, leader=1.0) -> float:
    """The seat's lead over its rivals: over the best rival (leader 1), or over a mix of the
    best and the rivals' mean (leader < 1; at a bigger table a point taken from one rival
    helps less than a point won)."""
    est = (estimate or estimates)(state) if not state.is_over else [float(x) for x in state.score]
    rivals = [est[q] for q in range(state.n) if q != seat]
    return est[seat] - leader * max(rivals) - (1 - leader) * sum(rivals) / len(rivals)


# Search iterations per level (expert: playouts of ai.paired, below); 0 = no search: the best
# move of this turn by the level's judgement. Measured (docs/bots.md): with the Outlook, that greedy choice beat the search
# (ISMCTS, 250 simulations, truncated rollouts) in 70 % of the games, so no level searches:
# easy = greedy by open sides with noise, medium = the same with less, hard = greedy by the
# Outlook (at tables by its learned weights, LEARNED). `--iterations hard=250` still tries the search.
ITERATIONS = {"medium": 0, "hard": 0, "expert": 30}
OUTLOOK_LEVELS = {"hard", "expert"}
# A table size without learned weights (below): hard and expert judge by the open-sides prior
# that knows the stack (estimates_with_stack) from three players: at four the Outlook's greedy
# won 39 % against medium's 56 %, this judgement 52 % against 45 % (docs/bots.md).
TABLE = 3
STACK_PRIOR_LEVELS = set()  # experiments: that judgement at any table
# How much of a rival's loss counts like the seat's own gain at a table of more than two
# (margin's `leader`; two players: 1 either way)
LEADER = {"hard": 1.0, "expert": 1.0}
# The table sizes at which a level judges by the Outlook's parts weighed by self-play at that
# size (value.json, tools/train_sammler_value.py). Hard keeps the Outlook at two players (its
# two-player ladder); at tables hard's greedy by the learned weights won 93 % of 60 games at
# three against medium and easy, 72 % at four (the stack prior: 53 / 54 %, docs/bots.md).
LEARNED = {"hard": (3, 4, 5), "expert": (2, 3, 4, 5)}
# A level's doubt (points of margin) when it does not search: easy is medium's judgement with
# ai's default doubt (1.5 points); medium takes a good move, not always the best. Without doubt
# medium won as often as hard beside the expert; with 1.0 it beats easy 78 % at two and the
# levels separate at tables of three and four (docs/bots.md, issue #40).
GREEDY_TEMPERATURE = {"medium": 1.0}
# expert (ai.paired): its best few moves, each played on in the same sampled worlds (the next
# draws) through the other players' replies, then judged
EXPERT = {"candidates": 5, "own_turn": False}


def fast_move(state, estimate, leader=1.0, figures_for=2):
    """A quick version of the greedy choice for playouts: every placement judged without a
    figure, then the figure step only for the best few. Returns ((x, y, r), figure or None)."""
    p = state.current
    scored = []
    for i, (x, y, r) in enumerate(state.placements(state.tile)):
        t = state.clone()
        t.place_drawn_tile(x, y, r)
        t.finish_turn(None)
        scored.append((margin(t, p, estimate, leader), -i, (x, y, r)))
    scored.sort(reverse=True)
    best = (scored[0][0], scored[0][2], None)
    for _, _, place in scored[:figures_for]:
        s = state.clone()
        s.place_drawn_tile(*place)
        for figure in s.figure_actions():
            t = s.clone()
            t.finish_turn(figure)
            v = margin(t, p, estimate, leader)
            if v > best[0]:
                best = (v, place, figure)
    return best[1], best[2]


class Policy(BasePolicy):
    """The hooks ai.mcts.search_steps calls. medium judges open features by a fixed prior of
    their open sides; hard by the Outlook (what the remaining stack can still close), at
    tables by the learned weights (LEARNED)."""

    greedy_temperatures = GREEDY_TEMPERATURE

    def __init__(self, n_players, level="medium", rollout_turns=1, figure_rate=0.35):
        super().__init__(n_players, level)
        self.rollout_plies = rollout_turns * n_players
        self.figure_rate = figure_rate
        # one judgement per level and table: the learned weights, else the stack prior at a
        # table, else the Outlook (hard, expert) or the open-sides prior
        weights = learned_weights(n_players) if n_players in LEARNED.get(level, ()) else None
        if weights:
            self.estimate = learned_estimates(Outlook(), weights)
        elif level in STACK_PRIOR_LEVELS or (level in OUTLOOK_LEVELS and n_players >= TABLE):
            self.estimate = estimates_with_stack(Outlook())
        else:
            self.estimate = Outlook().estimates if level in OUTLOOK_LEVELS else estimates
        self.leader = LEADER.get(level, 1.0)
        if level == "expert":
            self.search = "paired"

    def iterations(self, view, legal, iterations):
        if self.search == "paired":  # whole worlds: every candidate played in each
            k = len(legal) if view["phase"] == "figure" else EXPERT["candidates"]
            return max(1, iterations // k) * k
        # the figure step was searched with the tile already; a few options need few samples
        return min(iterations, 16 * len(legal)) if view["phase"] == "figure" else iterations

    def tree_depth(self, state, seat, depth):
        # search the bot's own turn (tile, figure, bonus tile); the draw after it is chance
        return 6 if state.current_player == seat else 0

    def order(self, state, legal, seat, depth):
        # the full greedy ranking only at the root: deeper nodes differ per sampled draw
        if depth > 0 or state.phase != "tile" or len(legal) <= 2:
            return legal
        scores = greedy_scores(state, seat, legal, self.estimate, self.leader)
        ranked = sorted(range(len(legal)), key=lambda i: -scores[i])
        return [legal[i] for i in ranked]

    def rollout(self, state, rng):
        # finish_turn draws the next tile at once: a determinized state has its own Rng
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
        return evaluate(state, self.estimate)

    def greedy_scores(self, state, seat, legal):
        return greedy_scores(state, seat, legal, self.estimate, self.leader)

    # ---- ai.paired (expert) ---------------------------------------------------------------

    def candidates(self, state, seat, legal):
        """The best few moves by the greedy judgement, as (legal action, (placement, figure)):
        at the tile step a placement with its best figure (or none), or the same placement
        with another figure; at the figure step every option."""
        if state.phase == "figure":
            return [(a, (None, a if a["type"] == "place_figure" else None)) for a in legal]
        plans = []
        for i, action in enumerate(legal):
            s = after_action(state, action)
            place = (action["x"], action["y"], action["rotation"])
            if s.phase == "figure" and s.current == seat:
                for follow in s.figure_actions() + [None]:
                    t = s.clone()
                    t.finish_turn(follow)
                    plans.append((margin(t, seat, self.estimate, self.leader), -len(plans), action, (place, follow)))
            else:
                plans.append((margin(s, seat, self.estimate, self.leader), -len(plans), action, (place, None)))
        plans.sort(key=lambda p: (p[0], p[1]), reverse=True)
        return [(a, plan) for _, _, a, plan in plans[:EXPERT["candidates"]]]

    def play_out(self, state, seat, plan):
        """The seat's margin after the plan and the others' replies (each by fast_move)."""
        place, figure = plan
        if place is not None:
            state.place_drawn_tile(*place)
        state.finish_turn(figure)
        stage = "own"  # the rest of this turn (a bonus tile), then "others", then "next"
        while not state.is_over:
            if state.current == seat:
                if stage == "others":
                    if not EXPERT["own_turn"]:
                        break
                    stage = "next"  # the seat's next turn is played too
            elif stage == "next":
                break
            else:
                stage = "others"
            place, figure = fast_move(state, self.estimate, self.leader)
            state.place_drawn_tile(*place)
            state.finish_turn(figure)
        return margin(state, seat, self.estimate, self.leader)


# ---- why a move is good: the hint's reason (urzeit.ai.explain) ------------------------------

def explain(state, seat, action, level="hard"):
    """What the evaluation sees in `action` for `seat`, as {"parts": [{"kind", ...}]} for the
    words (hint_text). A tile is judged with its best figure step, as greedy_scores does.
    Nothing is drawn (the clone has no Rng): only the board, which every seat sees, is read."""
    estimate = Outlook().estimates if level in OUTLOOK_LEVELS else estimates
    s = state.clone()
    s.rng = None
    start = margin(s, seat, estimate)
    tile = action["type"] == "place_tile"
    if tile:
        s.apply_legal(action)
        best = None
        for follow in s.figure_actions() + [None]:
            t = s.clone()
            events = t.finish_turn(follow)
            value = margin(t, seat, estimate)
            if best is None or value > best[0]:
                best = (value, follow, t, events)
        end, figure, after, events = best
    else:
        figure = action if action["type"] == "place_figure" else None
        after = s.clone()
        events = after.finish_turn(figure)
        end = margin(after, seat, estimate)
    parts = []
    bonus = any(slot[0] == "bonus" for slot in after.due)  # a gold forest closed: a bonus tile
    for e in events:
        if e["type"] == "score" and seat in e["players"]:
            part = {"kind": "close" if e["category"] in ("forests", "rivers") else "final",
                    "feature": e["feature"], "points": e["points"]}
            if e["feature"] == FOREST and e.get("gold") and bonus:
                part["bonus"] = True
                bonus = False
            parts.append(part)
    back = sum(1 for e in events if e["type"] == "return" and e["player"] == seat)
    if back and parts:
        parts.append({"kind": "back", "members": back})
    claimed = None
    if figure is not None:
        zone = T.TYPES[after.placed[after.last][0]].zone_ids[figure["zone"]]
        for f in after.figures:
            if f[0] == seat and f[2] == after.last and f[3] == zone and f[1] == figure["figure"]:
                claimed = f
        if claimed is not None:
            parts.append({**_claim(after, claimed), **({"then": True} if tile else {})})
        elif tile:  # placed and scored at once: the tile's hint names the figure first
            parts.insert(0, {"kind": "put", "figure": figure["figure"], "then": True})
    if tile:
        last_nodes = {after.base[after.last] + zi for zi in range(len(T.TYPES[after.placed[after.last][0]].zones))}
        roots = {after.feature_root(n) for n in last_nodes if after.node_kind[n] != LAKE}
        grown = set()
        for f in after.figures:
            if f is claimed or f[0] != seat or f[1] == "hut":
                continue
            root = after.feature_root(f[4])
            if root in roots and root not in grown and (f[1] == "hunter" or after.openc[root]):
                grown.add(root)
                value = after.meadow_value(root)[0] if f[1] == "hunter" else after.feature_value(root)[0]
                parts.append({"kind": "grow", "feature": after.node_kind[root], "points": value})
    if not parts:
        if action["type"] == "pass":
            parts.append({"kind": "keep", "members": after.members[seat]} if after.members[seat] else {"kind": "empty"})
        elif round(end - start) >= 1:
            parts.append({"kind": "outlook", "points": round(end - start)})
        else:
            parts.append({"kind": "quiet"})
    return {"parts": parts}


def _claim(state, f):
    """A figure just placed and what its feature is worth now (as if it were complete)."""
    owner, kind, _, _, node, cult = f
    if kind == "hut":
        return {"kind": "hut", "fish": state.sfish[state.river_system_root(node)]}
    root = state.feature_root(node)
    if kind == "hunter":
        return {"kind": "claim", "figure": kind, "feature": MEADOW, "points": state.meadow_value(root)[0],
                "cult": bool(cult)}
    return {"kind": "claim", "figure": kind, "feature": state.node_kind[root],
            "points": state.feature_value(root)[0]}
