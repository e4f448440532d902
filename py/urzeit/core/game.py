"""What every game module provides (see docs/protocol.md and ARCHITECTURE.md)."""

import json
import pathlib
import sys

from .actions import check_options
from .errors import BadRequest


def load_messages(folder: pathlib.Path) -> dict:
    """The player-facing wording of error reasons: messages.json, {reason: {"de", "en"}}, with
    {param} placeholders filled by the page from the error's params."""
    path = folder / "messages.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


class Game:
    """A game type. Subclasses set the class attributes and implement _new and from_json."""

    id: str = ""
    titles: dict = {}
    min_players: int = 2
    max_players: int = 2
    # option name -> {"default": value, optional "choices": [...], "label": {"de", "en"}}
    options: dict = {}
    listed: bool = True  # False: a test game the menu never shows
    private_hands: bool = False  # seats hold cards the others must not see (pass-and-play)

    def new_game(self, players: int, seed: int, options: dict | None = None):
        if not isinstance(players, int) or isinstance(players, bool) or not (
                self.min_players <= players <= self.max_players):
            raise BadRequest(f"{self.id} is for {self.min_players} to {self.max_players} players")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 53:
            raise BadRequest("seed must be an integer from 0 to 2^53-1")
        return self._new(players, seed, check_options(options, self.options))

    def _new(self, players: int, seed: int, options: dict):
        raise NotImplementedError

    def from_json(self, d: dict):
        raise NotImplementedError

    def messages(self) -> dict:
        """This game's reason texts (its package's messages.json)."""
        return load_messages(pathlib.Path(sys.modules[type(self).__module__].__file__).parent)

    def describe(self) -> dict:
        return {
            "id": self.id,
            "titles": dict(self.titles),
            "players": [self.min_players, self.max_players],
            "options": {k: {kk: vv for kk, vv in v.items()} for k, v in self.options.items()},
            "listed": self.listed,
            "private_hands": self.private_hands,
        }


class TurnState:
    """current_player and is_over for states that keep `current` and `over`."""
    __slots__ = ()

    @property
    def current_player(self):
        return None if self.over else self.current

    @property
    def is_over(self) -> bool:
        return self.over
