"""Computer opponents. Until the bots issue lands every level picks a uniformly random
legal action; the signature already keeps bots honest: a bot sees only its seat's view and
may call `determinize` for samples of what it cannot see, never the true state."""

from ..core.rng import Rng

LEVELS = ("random", "easy", "medium", "hard")


def choose_action(game_id: str, view: dict, determinize, level: str, seed: int,
                  budget_ms: int | None = None) -> dict:
    legal = view.get("legal") or []
    if not legal:
        raise ValueError("the bot was asked to move with no legal action")
    return Rng(seed).choice(legal)
