"""Information-set MCTS shared by the games (open loop: tree nodes are action sequences).

Every iteration samples a full state from the bot seat's `determinize` (never the true
state), walks the tree choosing among the actions legal in that sample (UCB with
availability counts, as in SO-ISMCTS), expands the most promising untried action first,
then runs the game's truncated rollout and evaluation. The move is the most visited child.
"""

import math
import time

from ..core.actions import action_key
from ..core.rng import Rng


class Node:
    __slots__ = ("children", "visits", "total", "avail", "action", "player", "order", "legal", "keyed")

    def __init__(self, action=None, player=None):
        self.children = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.action = action
        self.player = player
        self.order = None  # prior order of action keys, computed once
        self.legal, self.keyed = None, None  # the legal list of the last visit, by action key


def search_steps(determinize, seat, policy, iterations, rng: Rng, exploration=0.7,
                 time_limit_s=None, widen=2.0):
    """The search as a generator: it yields after every simulation so a caller can run it in
    time slices (the worker answers other requests between them); returns (action, root)."""
    root = Node()
    deadline = time.perf_counter() + time_limit_s if time_limit_s else None
    for i in range(iterations):
        state = determinize(Rng(rng.next_u64()))
        node = root
        path = [root]
        depth = 0
        while not state.is_over and depth < policy.tree_depth(state, seat, depth):
            legal = state.legal_actions()
            if node.order is None:
                node.order = [action_key(a) for a in policy.order(state, legal, seat, depth)]
            if legal == node.legal:
                # Most samples offer the same list as the last visit (the root's never changes),
                # and keying is the search's dearest step. Actions hold only str, int, None and
                # lists of them, so equal actions have equal keys (tests/test_bot_speed_equivalence.py).
                keyed = node.keyed
            else:
                keyed = {action_key(a): a for a in legal}
                node.legal, node.keyed = legal, keyed
            available = [node.children[k] for k in keyed if k in node.children]
            for child in available:
                child.avail += 1
            limit = int(widen * math.sqrt(node.visits + 1)) + 1
            untried = None
            if len(node.children) < limit:
                untried = next((k for k in node.order if k in keyed and k not in node.children), None)
                if untried is None:
                    untried = next((k for k in keyed if k not in node.children), None)
            player = state.current_player
            if untried is not None:
                child = Node(keyed[untried], player)
                child.avail = 1
                node.children[untried] = child
                state.apply_legal(keyed[untried])
                path.append(child)
                break
            if not available:
                break
            log_term = math.log
            node = max(available, key=lambda c: c.total / c.visits
                       + exploration * math.sqrt(log_term(c.avail) / c.visits))
            state.apply_legal(node.action)
            path.append(node)
            depth += 1
        policy.rollout(state, rng)
        values = policy.evaluate(state)
        for n in path:
            n.visits += 1
            if n.player is not None:
                n.total += values[n.player]
        if deadline and i >= 8 and time.perf_counter() > deadline:
            break
        yield i
    if not root.children:
        return None, root
    best = max(root.children.values(), key=lambda c: (c.visits, c.total))
    return best.action, root
