"""A live table's chat line (docs/live-play.md): a preset phrase or a short text, signed with the
sender's seat key like a game message, so the host who relays it cannot put words in a friend's
mouth. Chat is no part of the game or its record; a counter per seat (milliseconds, always
rising) refuses a line seen before."""

import time
import unicodedata

from ..core.errors import BadRequest, IllegalAction
from . import crypto

MAX_TEXT = 200
MAX_PHRASE = 99
FIELDS = {"kind", "gid", "seat", "c", "sig"}
_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _clean(text) -> str:
    if not isinstance(text, str):
        raise BadRequest("a chat line is text", reason="fair.bad_message", params={"field": "text"})
    # no control characters (a line stays one line) nor direction overrides (which could make a
    # line look like another's); joiners stay (emoji). Shown as text, never as markup.
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cc" and ch not in _BIDI).strip()
    if not text or len(text) > MAX_TEXT:
        raise BadRequest(f"a chat line is 1 to {MAX_TEXT} characters", reason="fair.bad_message",
                         params={"field": "text"})
    return text


def sign(party, chat_state: dict, text=None, phrase=None) -> dict:
    """This seat's chat line, signed; `chat_state` keeps its counter between lines."""
    if party.seat is None or party.keys[party.seat] is None:
        raise IllegalAction("an observer says nothing", reason="fair.observer")
    if (text is None) == (phrase is None):
        raise BadRequest("a chat line is a text or a phrase", reason="fair.bad_message", params={"field": "text"})
    c = max(int(time.time() * 1000), chat_state.get("sent", 0) + 1)
    chat_state["sent"] = c
    msg = {"kind": "chat", "gid": party.gid_text, "seat": party.seat, "c": c}
    if text is not None:
        msg["text"] = _clean(text)
    else:
        if type(phrase) is not int or not 0 <= phrase <= MAX_PHRASE:
            raise BadRequest("a phrase is a number", reason="fair.bad_message", params={"field": "p"})
        msg["p"] = phrase
    return party.sign_aside(msg)


def check(party, chat_state: dict, msg) -> dict:
    """A received chat line: {seat, text} or {seat, p}, or an error (nothing changes)."""
    if not isinstance(msg, dict) or msg.get("kind") != "chat":
        raise BadRequest("not a chat line", reason="fair.bad_message", params={"field": "kind"})
    said = {"text", "p"} & set(msg)
    if len(said) != 1 or set(msg) != FIELDS | said:
        raise BadRequest("a chat line has kind, gid, seat, c, sig and a text or a phrase", reason="fair.bad_message",
                         params={"field": "chat"})
    if msg["gid"] != party.gid_text:
        raise BadRequest("the message belongs to another game", reason="fair.wrong_game")
    seat = msg["seat"]
    if type(seat) is not int or not 0 <= seat < party.players or party.keys[seat] is None:
        raise BadRequest(f"there is no seat {str(seat)[:10]} at this table", reason="fair.bad_seat",
                         params={"seat": str(seat)[:10]})
    if type(msg["c"]) is not int or msg["c"] < 0:
        raise BadRequest("c is a counter", reason="fair.bad_message", params={"field": "c"})
    if "text" in msg and (not isinstance(msg["text"], str) or _clean(msg["text"]) != msg["text"]):
        raise BadRequest(f"a chat line is 1 to {MAX_TEXT} characters", reason="fair.bad_message",
                         params={"field": "text"})
    if "p" in msg and (type(msg["p"]) is not int or not 0 <= msg["p"] <= MAX_PHRASE):
        raise BadRequest("a phrase is a number", reason="fair.bad_message", params={"field": "p"})
    sig = crypto.unb64(msg["sig"], 64)
    try:
        body = crypto.message_bytes(msg)
    except (TypeError, ValueError):
        raise BadRequest("the message is not plain JSON", reason="fair.bad_message", params={"field": "chat"}) from None
    if sig is None or not crypto.verify(party.keys[seat], body, sig):
        raise BadRequest(f"the signature does not match seat {seat}'s key", reason="fair.bad_signature",
                         params={"seat": seat})
    seen = chat_state.setdefault("seen", {})
    if msg["c"] <= seen.get(seat, -1):
        raise IllegalAction(f"seat {seat}'s chat line again", reason="fair.replayed", params={"seat": seat})
    seen[seat] = msg["c"]
    return {"seat": seat, **({"text": msg["text"]} if "text" in msg else {"p": msg["p"]})}
