"""The JSON entry point: urzeit.api.handle(request: str) -> str.

One request in, one reply out, both JSON text. Every failure becomes an error reply and
changes no match: actions are applied to a copy that replaces the match state only on
success. See docs/protocol.md. The operations are declared once, in their protocols'
modules (`urzeit.ops`: match, fair, lesson); this module checks a request against its
operation's declaration and runs it.
"""

import json

from . import match as matches  # noqa: F401  (the open matches: api.matches, as before)
from . import ops
from .core.errors import BadRequest, UrzeitError
from .match import REPLAY_FORMAT, REPLAY_VERSION, Match  # noqa: F401  (the save format is the api's)
# the protocols, in the registry's order: importing a module declares its operations
from .ops import match as match_ops
from .ops import fair as fair_ops
from .ops import lesson as lesson_ops  # noqa: F401
from .ops.common import lang_of
from .ops.match import all_messages, rebuild  # noqa: F401  (Python callers' helpers)

MAX_REQUEST_CHARS = 5_000_000

# What handle checks, as (required, optional) fields per op: read from the registry.
_FIELDS = {name: (op.required, op.optional) for name, op in ops.OPS.items()}
_jobs = match_ops.jobs       # the searches running in time slices
_parties = fair_ops.parties  # this browser's fair parties


def _error(code: str, message: str, reason: str | None = None, params: dict | None = None) -> str:
    error = {"code": code, "message": message}
    if reason:
        error["reason"] = reason
        error["params"] = params or {}
    return json.dumps({"ok": False, "error": error})


def call(request: dict) -> dict:
    """handle() for Python callers (tests, the tournament, the command line): a request dict
    in, the parsed reply out, through exactly the same JSON path as the page."""
    return json.loads(handle(json.dumps(request)))


def handle(request: str) -> str:
    """Answer one JSON request with one JSON reply; never raises."""
    try:
        if not isinstance(request, str) or len(request) > MAX_REQUEST_CHARS:
            raise BadRequest("the request must be JSON text of at most 5 MB")
        try:
            req = json.loads(request)
        except (ValueError, RecursionError) as e:
            raise BadRequest(f"the request is not valid JSON: {e}") from None
        op = ops.find(req)
        lang_of(req)  # a bad language is refused before any op changes anything
        result = op.run(req)
        return json.dumps({"ok": True, "result": result}, separators=(",", ":"))
    except UrzeitError as e:
        return _error(e.code, e.message, e.reason, e.params)
    except Exception as e:  # a bug: report it, never crash the worker
        return _error("internal_error", f"{type(e).__name__}: {e}")
