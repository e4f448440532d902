"""The game registry: urzeit.games.get(game_id)."""

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


def _register_builtin() -> None:
    from .elawa import GAME as elawa
    from .nim import GAME as nim
    from .sammler import GAME as sammler
    from .spaeher import GAME as spaeher
    register(elawa)
    register(nim)
    register(sammler)
    register(spaeher)


_register_builtin()
