"""Jäger und Späher's components: cards.json (our marked reconstruction) read into the tables
the rules and the bots use."""

import json
import pathlib

DATA = json.loads(pathlib.Path(__file__).with_name("cards.json").read_text(encoding="utf-8"))
CHARS = {c["id"]: c for c in DATA["characters"]}
ITEMS = {i["id"]: i for i in DATA["items"]}
LOCS = {loc["id"]: loc for loc in DATA["locations"]}
SITES = {s["id"]: s for s in DATA["sacred_sites"]}
SETUP = DATA["setup"]
GOAL = SETUP["goal"]
TURN_LIMIT = SETUP["turn_limit"]
STALL_SUNSETS = SETUP["stall_sunsets"]
HUNGER_CAP = SETUP["hunger_cap"]
CAPACITY = SETUP["location_capacity"]
START_HAND = ["haeuptling", "jaeger", "nachwuchs", "sammlerin", "spaeher"]
