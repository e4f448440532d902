"""The part of a card game's bot policy that is the same for every card game: search the own
turn (a little beyond), try the actions the game's greedy judgement likes first."""


class CardGamePolicy:
    """Subclasses give greedy_scores(state, seat, legal), rollout and evaluate."""

    def __init__(self, n_players, rollout_actions=40):
        self.rollout_actions = rollout_actions

    def tree_depth(self, state, seat, depth):
        return 8 if state.current_player == seat else 2

    def order(self, state, legal, seat, depth):
        if depth > 0 or len(legal) <= 2:  # the full ranking only at the root
            return legal
        scores = self.greedy_scores(state, seat, legal)
        return [legal[i] for i in sorted(range(len(legal)), key=lambda i: -scores[i])]
