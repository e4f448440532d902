"""A fair game's table (its invitation, docs/fair-play.md): the game, its players and options
and a fresh nonce, hashed into the game's id; whether a game can be played fairly; and the
integer check the messages' fields share."""

import secrets

from .. import games
from ..core.actions import check_options
from ..core.chance import SeededDriver
from ..core.errors import BadRequest
from ..core.game import HIDDEN
from . import crypto

PROTOCOL = "urzeit-fair/2"  # 2: values travel early and with moves, one round until the next decision
MAX_DECK = 256          # cards of a private deck (31 in Jäger und Späher)
TABLE_FIELDS = ("protocol", "game", "players", "options", "nonce")


def is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def new_table(game_id: str, players: int, options: dict | None = None) -> dict:
    """An invitation: the game, its players and options, and a fresh nonce (so that no two
    games share an id, and no message of one is taken for another)."""
    game = games.get(game_id)
    table = {"protocol": PROTOCOL, "game": game_id, "players": players,
             "options": check_options(options, game.options), "nonce": crypto.b64(secrets.token_bytes(16))}
    check_table(table)
    return table


def new_state(game, players: int, options: dict):
    """The engine state a fair game starts from: external chance, and the draws its mover does
    not need before its turn ends wait until then (State.draw_late, docs/fair-play.md)."""
    state = game.new_game(players, 0, options, chance="external")
    state.draw_late()
    return state


def check_table(table) -> tuple:
    """(game, gid bytes) of a valid table of a game this protocol can play; else BadRequest."""
    if not isinstance(table, dict) or sorted(table) != sorted(TABLE_FIELDS):
        raise BadRequest(f"a table has exactly the fields {', '.join(TABLE_FIELDS)}", reason="fair.bad_table")
    if table["protocol"] != PROTOCOL:
        raise BadRequest(f"this engine speaks {PROTOCOL}, not {table['protocol']!r}",
                         reason="fair.bad_protocol", params={"protocol": str(table["protocol"])[:40]})
    if crypto.unb64(table["nonce"], 16) is None:
        raise BadRequest("the table's nonce is 16 bytes, base64url", reason="fair.bad_table")
    game = games.get(table["game"])
    players = table["players"]
    if not is_int(players):
        raise BadRequest("players must be an integer", reason="fair.bad_table")
    if check_options(table["options"], game.options) != table["options"]:
        raise BadRequest("the table's options must list every option of the game", reason="fair.bad_table")
    supported(game, players, table["options"])
    try:
        gid = crypto.sha256(crypto.canonical(table))
    except (TypeError, ValueError):
        raise BadRequest("the table is not plain JSON", reason="fair.bad_table") from None
    return game, gid


def supported(game, players: int, options: dict):
    """The state a fair game starts from, or the reason this game cannot be played fairly yet:
    its draws must be chance steps, and its private draws (if any) from a deck it can hold
    hidden cards of (`State.private_deck`: mental poker, docs/fair-play.md)."""
    state = game.new_game(players, 0, options, chance="external")
    if not callable(getattr(state, "chance", None)):
        raise BadRequest(f"{game.id} does not draw by chance steps yet", reason="fair.no_chance_steps",
                         params={"game": game.id})
    deck = state.private_deck()
    probe, driver = state.clone(), SeededDriver(0)
    while probe.chance_due() is not None:
        c = probe.chance_due()
        if c.seen_by is not None and (deck is None or not 1 <= len(deck) <= MAX_DECK):
            raise BadRequest("private draws are not supported yet", reason="fair.private_draws",
                             params={"game": game.id})
        probe.apply_chance(HIDDEN if c.seen_by is not None else driver(c))
    return state
