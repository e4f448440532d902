"""Helpers shared by every game's action handling."""

import json

from .errors import BadRequest, IllegalAction


# json.dumps with these arguments builds this same encoder on every call; the search keys
# every legal action at every tree node, so the encoder is built once (same text).
_KEY_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"))


def action_key(action) -> str:
    """A canonical text for an action: strict about types (true is not 1, 1.0 is not 1)."""
    return _KEY_ENCODER.encode(action)


def find_legal(action, legal: list[dict], why_not=None) -> dict:
    """Return the legal action equal to `action`, or raise IllegalAction saying why.

    `why_not(action)` may give a game-specific reason when the action is not legal.
    """
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("an action is an object with a string field 'type'")
    key = None
    for candidate in legal:
        # == first (cheap); the canonical text then keeps true apart from 1 and 1.0 from 1
        if candidate == action:
            key = key or action_key(action)
            if action_key(candidate) == key:
                return candidate
    reason = why_not(action) if why_not else None
    if not reason:
        types = sorted({a["type"] for a in legal})
        reason = f"{action_key(action)} is not legal now; legal types: {', '.join(types) or 'none'}"
    raise IllegalAction(reason)


def check_options(options, allowed: dict) -> dict:
    """Validate an options dict: unknown keys are an error; fill defaults."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadRequest("options must be an object")
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise BadRequest(f"unknown option(s): {', '.join(unknown)}")
    result = {key: spec["default"] for key, spec in allowed.items()}
    for key, value in options.items():
        spec = allowed[key]
        if "choices" in spec and value not in spec["choices"]:
            raise BadRequest(f"option {key} must be one of {spec['choices']}")
        result[key] = value
    return result
