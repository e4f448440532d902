"""Elawa's components, read from cards.json: the 60 tribe cards and 4 chiefs (as the data
file's dicts, keyed by id), the resource kinds and the box's counts, the fire's size by
player count. Nothing here is a rule; rules.py uses these."""

import json
import pathlib

DATA = json.loads(pathlib.Path(__file__).with_name("cards.json").read_text(encoding="utf-8"))
CARDS = {c["id"]: c for c in DATA["tribe_cards"]}
CARD_IDS = [c["id"] for c in DATA["tribe_cards"]]
CARD_KINDS = tuple(sorted({c["type"] for c in DATA["tribe_cards"]}))  # caveman, hut, supply, tool
CHIEFS = {c["id"]: c for c in DATA["chiefs"]}
KINDS = ("berry", "meat", "flint", "fur")  # bone is the joker
TOKENS = KINDS + ("bone",)
TOKEN_COUNTS = DATA["components"]["resources"]
FIRE = {int(k): v for k, v in DATA["components"]["fire_stack_by_players"].items()}
STACKS = 6


def all_tokens() -> list[str]:
    return [t for t in TOKENS for _ in range(TOKEN_COUNTS[t])]
