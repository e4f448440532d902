"""Fair play between players who do not trust each other, with no server (docs/fair-play.md):
commit–reveal hash chains for every public draw, mental poker (poker.py: SRA over a safe
prime) for every private one, Ed25519-signed messages per seat, a record anyone can check. The page only carries the messages; it names no game."""

from .protocol import CHAIN_LENGTH, PROTOCOL, Party, new_table, supported  # noqa: F401
from .record import check, export, is_fair_record, summary  # noqa: F401
