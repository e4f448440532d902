"""The api's operations, each declared once (docs/architecture.md, "The op registry").

`@operation(name, required, optional, worded)` declares an operation: the fields a request
must have and may have, and whether its reply is worded (it then takes `lang` too). From
that alone come the api's checks (a field missing or unknown is refused), its dispatch, and
the page's list of worded operations (hello's `worded_ops`: the page adds its language to
exactly those). The protocols declare theirs in their own modules: `ops.match` (a match),
`ops.fair` (fair play by link), `ops.lesson` (a guided game); `urzeit.api` imports them, in
that order, which is the order of the registry."""

from ..core.errors import BadRequest


class Op:
    __slots__ = ("name", "run", "required", "optional", "worded")

    def __init__(self, name, run, required, optional, worded):
        self.name, self.run, self.worded = name, run, worded
        self.required, self.optional = required, optional


OPS: dict[str, Op] = {}  # name -> Op, in the order declared


def operation(name: str, required=(), optional=(), worded: bool = False):
    """Declare the decorated function (request dict -> result) as the operation `name`."""
    def declare(run):
        if name in OPS:
            raise ValueError(f"op {name} is declared twice")
        OPS[name] = Op(name, run, frozenset({"op", *required}), frozenset({*optional, *(("lang",) if worded else ())}),
                       worded)
        return run
    return declare


def worded_ops() -> list[str]:
    """The operations whose replies carry words when asked with `lang`."""
    return [name for name, op in OPS.items() if op.worded]


def find(req) -> Op:
    """The operation a request names, with its fields checked (BadRequest if not)."""
    if not isinstance(req, dict) or not isinstance(req.get("op"), str) or req["op"] not in OPS:
        raise BadRequest(f"the request must be an object with op one of {', '.join(OPS)}")
    op = OPS[req["op"]]
    missing = op.required - set(req)
    unknown = set(req) - op.required - op.optional
    if missing or unknown:
        raise BadRequest(f"op {op.name}: missing {sorted(missing)}, unknown {sorted(unknown)}")
    return op
