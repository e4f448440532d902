"""The game registry: urzeit.games.get(game_id)."""

import importlib

from ..core.errors import UnknownGame

_GAMES: dict = {}


def register(game) -> None:
    _GAMES[game.id] = game


def get(game_id):
    if not isinstance(game_id, str) or game_id not in _GAMES:
        raise UnknownGame(f"no game with id {game_id!r}; known: {', '.join(sorted(_GAMES))}")
    return _GAMES[game_id]


def all_games() -> list:
    return [_GAMES[k] for k in sorted(_GAMES)]


# One line per game: its package under urzeit.games, which exports GAME.
BUILTIN = (
    "elawa",
    "nim",
    "sammler",
    "spaeher",
)


def _register_builtin() -> None:
    for name in BUILTIN:
        register(importlib.import_module(f"{__name__}.{name}").GAME)


_register_builtin()
