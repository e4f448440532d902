"""Fair play between players who do not trust each other, with no server (docs/fair-play.md):
commit–reveal hash chains for every public draw, mental poker (poker.py: SRA over a safe
prime; its steps in deck.py) for every private one, Ed25519-signed messages per seat, a record
anyone can check (record.py). protocol.py is one seat's party, table.py its invitation. The page only carries the
messages; it names no game."""

from .protocol import CHAIN_LENGTH, Party  # noqa: F401
from .table import PROTOCOL, new_table, supported  # noqa: F401
from .record import check, export, is_fair_record, summary  # noqa: F401
