"""Jäger und Späher in words, once, in German and English: the log lines of a move, the labels
of legal actions, the prompt, the sunset preview and the end table's words (the page only draws
them), and `describe` for `urzeit replay`, built from the same parts as the log.

Everything is worded from the api's JSON (an action, a view, events) and cards.json beside this
module. A log line is worded for the seat whose view it gets: the other seat's face-down items
are never named (only a count).
"""

import json
import pathlib

from ...core.words import seat_name

# ---- nouns and their forms ------------------------------------------------------------------

# key -> (singular, plural) per language; German: nominative = accusative for all of these
# except "item" (a masculine: "einen Gegenstand"), whose accusative singular is given apart.
NOUNS = {
    "de": {
        "meat": ("Fleisch", "Fleisch"), "skin": ("Fell", "Felle"), "stone": ("Stein", "Steine"),
        "wood": ("Holz", "Holz"), "clay": ("Lehm", "Lehm"), "fruit": ("Frucht", "Früchte"),
        "member": ("Mitglied", "Mitglieder"), "new_member": ("neues Mitglied", "neue Mitglieder"),
        "item": ("Gegenstand", "Gegenstände"), "character": ("Charakter", "Charaktere"),
        "point": ("Punkt", "Punkte"), "hunger": ("Hunger", "Hunger"), "hand_card": ("Handkarte", "Handkarten"),
        "resource": ("Rohstoff", "Rohstoffe"),
    },
    "en": {
        "meat": ("meat", "meat"), "skin": ("skin", "skins"), "stone": ("stone", "stones"),
        "wood": ("wood", "wood"), "clay": ("clay", "clay"), "fruit": ("fruit", "fruit"),
        "member": ("member", "members"), "new_member": ("new member", "new members"),
        "item": ("item", "items"), "character": ("character", "characters"),
        "point": ("point", "points"), "hunger": ("hunger", "hunger"), "hand_card": ("card in hand", "cards in hand"),
        "resource": ("resource", "resources"),
    },
}
RESOURCES = ("meat", "skin", "stone", "wood", "clay", "fruit")  # the order cards list them in
# "ein Mitglied", "einen Gegenstand", "a member", "an item": the word for one, accusative
ONE = {"de": {"member": "ein", "new_member": "ein", "item": "einen", "character": "einen", "point": "einen"},
       "en": {"member": "a", "new_member": "a", "item": "an", "character": "a", "point": "a"}}


def noun(n, key, lang):
    """The noun for n things: singular for exactly 1 (and for mass nouns the same word)."""
    one, many = NOUNS[lang][key]
    return one if n == 1 else many


def count(n, key, lang, article=False):
    """"2 Felle", "1 Fell"; with article: "ein Mitglied", "einen Gegenstand", "an item"."""
    if article and n == 1 and key in ONE[lang]:
        return f"{ONE[lang][key]} {noun(1, key, lang)}"
    return f"{n} {noun(n, key, lang)}"


def signed(n, lang):
    """"+2 Punkte", "−1 Punkt", "+0 Punkte"."""
    return f"{'+' if n >= 0 else '−'}{count(abs(n), 'point', lang)}"


# ---- the card data ----------------------------------------------------------------------------

_DATA = None


def _data():
    global _DATA
    if _DATA is None:
        d = json.loads(pathlib.Path(__file__).with_name("cards.json").read_text(encoding="utf-8"))
        _DATA = {"chars": {c["id"]: c for c in d["characters"]}, "items": {c["id"]: c for c in d["items"]},
                 "locs": {c["id"]: c for c in d["locations"]}, "sites": {c["id"]: c for c in d["sacred_sites"]}}
    return _DATA


def quote(text, lang):
    return f"„{text}“" if lang == "de" else text


def card(kind, card_id, lang):
    """A character or item by its printed name: „Jäger“, the Hunter (English with "the")."""
    entry = _data()[kind].get(card_id)
    name = entry[f"name_{lang}"] if entry else "?"
    return quote(name, lang) if lang == "de" else f"the {name}"


def card_bare(kind, card_id, lang):
    """The name alone, quoted in German (a label's object: "„Jäger“ ausspielen", "Play the Hunter")."""
    entry = _data()[kind].get(card_id)
    return quote(entry[f"name_{lang}"], lang) if entry else "?"


def resource_list(resources, lang):
    """"2 Fleisch, Fell": each resource once, with its number and plural when there is more than
    one (without the number "Fleisch, Fell" and "Fleisch, Felle" read as one card misspelt)."""
    return ", ".join(count(n, r, lang) if n > 1 else noun(1, r, lang)
                     for r in RESOURCES if (n := resources.count(r)))


KIND = {"de": {"wild": "Wildnis", "hunt": "Jagdgebiet"}, "en": {"wild": "wilderness", "hunt": "hunting ground"}}
# German articles by case for a location's kind (Wildnis: feminine, Jagdgebiet: neuter)
ART = {"de": {"wild": {"def": "die", "indef": "eine", "to": "in die", "from": "aus der"},
              "hunt": {"def": "das", "indef": "ein", "to": "auf das", "from": "vom"}},
       "en": {k: {"def": "the", "indef": "a", "to": "to the", "from": "from the"} for k in ("wild", "hunt")}}


def loc_name(loc_id, lang, view=None):
    """"Jagdgebiet (Fleisch, Felle)"; two open cards alike are numbered in table order."""
    loc = _data()["locs"].get(loc_id)
    if loc is None:
        return KIND[lang]["wild"]
    res = resource_list(loc["resources"], lang)
    same = [l["id"] for l in (view or {}).get("locations", [])
            if l["kind"] == loc["kind"] and resource_list(l["resources"], lang) == res]
    number = f" {same.index(loc_id) + 1}" if len(same) > 1 and loc_id in same else ""
    return f"{KIND[lang][loc['kind']]}{number} ({res})"


def site_name(site_id, lang, view=None, name_de=None):
    """A sacred site by the name of the side that lies up (from the view, or an event's name)."""
    site = _data()["sites"].get(site_id)
    if site is None:
        return "?"
    side = next((s.get("side", 0) for s in (view or {}).get("sites", []) if s.get("id") == site_id), None)
    if side is None:
        side = next((i for i, f in enumerate(site["sides"]) if f["name_de"] == name_de), 0)
    return site["sides"][side][f"name_{lang}"]


def place(where, how, lang, view=None, numbered=True):
    """A place with its preposition and article: how is "to", "from", "def" or "indef". A log
    line does not number alike locations (the numbers change as the table does)."""
    de = lang == "de"
    if where == "tribe":
        return {"to": "auf die Stammeskarte", "from": "von der Stammeskarte", "def": "die Stammeskarte"}[how] if de else \
            {"to": "to the tribe card", "from": "from the tribe card", "def": "the tribe card"}[how]
    if where in _data()["sites"]:
        name = quote(site_name(where, lang, view), lang) if de else f"“{site_name(where, lang, view)}”"
        if de:
            return {"to": "zum heiligen Ort", "from": "vom heiligen Ort", "def": "der heilige Ort"}[how] + " " + name
        return {"to": "to the sacred site", "from": "from the sacred site", "def": "the sacred site"}[how] + " " + name
    loc = _data()["locs"].get(where)
    kind = loc["kind"] if loc else "wild"
    return f"{ART[lang][kind][how]} {loc_name(where, lang, view if numbered else None)}"


def cap(text):
    return text[:1].upper() + text[1:]


# ---- the parts of a move ----------------------------------------------------------------------

def _part(e, lang, names, view):
    """One event of a move as a clause without its subject ("spielt „Jäger“"), or None."""
    de = lang == "de"
    t = e.get("type")
    if t == "play":
        return f"spielt {card('chars', e['card'], lang)}" if de else f"plays {card('chars', e['card'], lang)}"
    if t == "reveal":
        return f"deckt {place(e['location'], 'indef', lang, None)} auf" if de else f"reveals {place(e['location'], 'indef', lang, None)}"
    if t == "place":
        return f"schickt ein Mitglied {place(e['where'], 'to', lang, view, False)}" if de else f"sends a member {place(e['where'], 'to', lang, view, False)}"
    if t == "recall":
        where = place(e["where"], "from", lang, view, False)
        if e.get("resource"):
            res = count(1, e["resource"], lang)
            return f"holt ein Mitglied {where} zurück und bringt {res} mit" if de else f"brings a member home {where} with {res}"
        return f"holt ein Mitglied {where} zurück" if de else f"brings a member home {where}"
    if t == "create":
        return f"erschafft {card('items', e['item'], lang)} ({signed(e['vp'], lang)})" if de else \
            f"creates {card('items', e['item'], lang)} ({signed(e['vp'], lang)})"
    if t == "sunset":
        hand = f" − {count(e['hand_penalty'], 'hand_card', lang)}" if e.get("hand_penalty") else ""
        points = e.get("points", e["delta"])
        sums = f"{count(e['members'], 'member', lang)} − {e['hunger']} {noun(e['hunger'], 'hunger', lang)}{hand}"
        return f"macht Sonnenuntergang ({sums}): {signed(points, lang)}" if de else f"calls the sunset ({sums}): {signed(points, lang)}"
    if t == "cure":
        n = e.get("n", 1)
        if n == 0:
            return None
        return f"legt {n} Hunger ab" if de else f"discards {n} hunger"
    if t == "grow":
        return "bekommt für 2 Felle ein neues Mitglied ins Höhlenlager" if de else "gets a new member in the cave camp for 2 skins"
    if t == "take":
        return f"nimmt {card('chars', e['card'], lang)}" if de else f"takes {card('chars', e['card'], lang)}"
    if t == "lose_member":
        where = place(e["where"], "from", lang, view, False)
        return f"gibt bei 8 Hunger ein Mitglied {where} ab (−3 Hunger)" if de else f"gives up a member {where} at 8 hunger (−3 hunger)"
    if t == "draw_item":
        return f"zieht {count(e.get('n', 1), 'item', lang, article=True)}" if de else f"draws {count(e.get('n', 1), 'item', lang, article=True)}"
    if t == "offspring":
        if not e["n"]:
            return "bekommt kein neues Mitglied (Höhlenlager und Vorrat leer)" if de else "gets no new member (cave camp and supply empty)"
        return f"bekommt {count(e['n'], 'new_member', lang)} auf die Stammeskarte" if de else \
            f"gets {count(e['n'], 'new_member', lang)} on the tribe card"
    if t == "vp":
        return signed(e["n"], lang)
    if t == "site":
        name = site_name(e["site"], lang, None, e.get("name"))
        return f"nutzt den heiligen Ort „{name}“" if de else f"uses the sacred site “{name}”"
    if t == "driven_off":
        who = names[e["player"]] if 0 <= e.get("player", -1) < len(names) else "?"
        site = place(e["site"], "from", lang, view, False)
        n = e.get("n", 1)
        if de:
            return f"{count(n, 'member', lang)} von {who} {'wird' if n == 1 else 'werden'} {site} vertrieben"
        return f"{count(n, 'member', lang)} of {who} {'is' if n == 1 else 'are'} driven off {site.removeprefix('from ')}"
    if t == "keep_item":
        return None  # worded from the action (the item is named only for its owner)
    if t == "lost":
        n = len(e["resources"])
        if de:
            return f"{n} {'mitgebrachter Rohstoff verfällt' if n == 1 else 'mitgebrachte Rohstoffe verfallen'}"
        return f"{n} {'resource brought back is' if n == 1 else 'resources brought back are'} lost"
    if t == "exhausted":
        return f"{place(e['location'], 'def', lang, None)} ist aufgebraucht" if de else f"{place(e['location'], 'def', lang, None)} is used up"
    if t == "hunt_over":
        return None  # a sentence of its own
    return None


def _action_part(action, before, events, lang):
    """A move that no event tells (a column, a stop, the kept item)."""
    de = lang == "de"
    kind = action.get("type")
    if kind == "column":
        playing = before.get("playing")
        name = card("chars", playing, lang) if playing else ("die Karte" if de else "the card")
        return f"legt {name} in Spalte {action['column'] + 1}" if de else f"puts {name} in column {action['column'] + 1}"
    if kind == "stop":
        step = before.get("step") or {}
        if before.get("phase") == "steps" and step.get("op") == "place":
            return "schickt keine weiteren Mitglieder" if de else "sends no more members"
        return "nimmt keine weiteren Charaktere" if de else "takes no more characters"
    if kind == "keep_item":
        e = next((x for x in events if x.get("type") == "keep_item"), {})
        mover = before.get("current_seat")
        players = before.get("players") or []
        mine = 0 <= (mover if isinstance(mover, int) else -1) < len(players) and players[mover].get("items") is not None
        dropped = count(e.get("dropped", 0), "item", lang)
        if mine:  # the owner reads which item; anyone else only that one was kept
            return f"behält {card('items', action['item'], lang)} und legt {dropped} ab" if de else \
                f"keeps {card('items', action['item'], lang)} and discards {dropped}"
        return f"behält einen Gegenstand und legt {dropped} ab" if de else f"keeps one item and discards {dropped}"
    if kind == "finish" and not events_of(events, "lost"):
        return "ist fertig" if de else "is done"
    return None


def events_of(events, kind):
    return [e for e in events if e.get("type") == kind]


def _names(view, lang):
    return [seat_name(view, p, lang) for p in range(len(view.get("seats") or []))]


def _clauses(before, action, events, lang):
    """The clauses of one move, in order ("spielt „Jäger“", "deckt … auf"); draws of one step
    become one clause ("zieht 2 Gegenstände")."""
    names = _names(before, lang)
    mover = before.get("current_seat")
    parts = []
    own = _action_part(action, before, events, lang)
    if own and action.get("type") in ("column", "stop"):
        parts.append(own)
    kind = action.get("type")
    if kind in ("play", "place", "recall", "create") and not events_of(events, kind):
        # no events given (a move read alone): the action tells itself
        item = _data()["items"].get(action.get("item"), {})
        events = [{**action, "player": mover, "vp": item.get("vp", 0)}] + list(events)
    draws = 0
    for e in events + [{"type": "end"}]:
        if e.get("type") == "draw_item":
            draws += 1
            continue
        if draws:
            parts.append(_part({"type": "draw_item", "n": draws}, lang, names, before))
            draws = 0
        if e.get("type") == "keep_item" and own:
            parts.append(own)
            continue
        text = _part(e, lang, names, before)
        if text is None:
            continue
        # another tribe's part carries its name (being driven off names it already)
        p = e.get("player")
        if isinstance(p, int) and p != mover and e.get("type") != "driven_off" and 0 <= p < len(names):
            text = f"{names[p]}: {text}"
        parts.append(text)
    if own and action.get("type") == "finish":
        parts.append(own)
    return parts


def _hunt_over(lang):
    return ("Die Jagd ist vorbei: nach dem nächsten Sonnenuntergang beider Spieler endet das Spiel."
            if lang == "de" else "The hunt is over: the game ends after both players' next sunset.")


END_WHY = {
    "de": {
        "goal": "Ziel erreicht: 24 Punkte.",
        "hunt_over": "Die Jagd ist vorbei: kein Jagdgebiet und kein Fleisch mehr, und beide hatten danach noch einen Sonnenuntergang.",
        "stalled": "Stillstand: je zwei Sonnenuntergänge, ohne dass jemand Punkte gewann.",
        "turn_limit": "Die Zuggrenze (300 Züge) ist erreicht.",
    },
    "en": {
        "goal": "The goal was reached: 24 points.",
        "hunt_over": "The hunt is over: no hunting ground and no meat left, and both have had one more sunset since.",
        "stalled": "Stalled: two sunsets each without anybody gaining a point.",
        "turn_limit": "The turn limit (300 turns) was reached.",
    },
}


def log(before_view, action, events, lang="en"):
    """The move as the seat of `before_view` may read it: one sentence in the line of its turn
    (the turn's first move names the player: "Ada: spielt „Jäger“, deckt … auf."), the end of
    the hunt in that line too, the end of the game a line of its own."""
    lang = "de" if lang == "de" else "en"
    mover = before_view.get("current_seat")
    names = _names(before_view, lang)
    group = f"turn:{before_view.get('turns', 0)}"
    parts = _clauses(before_view, action, events, lang)
    lines = []
    if parts:
        text = ", ".join(parts) + "."
        if before_view.get("phase") == "turn" and isinstance(mover, int) and 0 <= mover < len(names):
            text = f"{names[mover]}: {text}"
        else:
            text = cap(text)
        lines.append({"text": text, "group": group})
    if events_of(events, "hunt_over"):
        lines.append({"text": _hunt_over(lang), "group": group})
    for e in events_of(events, "game_over"):
        scores = " : ".join(f"{names[i] if i < len(names) else '?'} {s}" for i, s in enumerate(e["scores"]))
        why = END_WHY[lang].get(e.get("end"), "")
        lines.append({"text": f"{'Spielende' if lang == 'de' else 'Game over'} – {why} {scores}", "group": None})
    return lines


def describe(action, before_view, events, lang="en"):
    """One applied move in one line, for `urzeit replay`: the log's clauses without the name
    (the command line prints it)."""
    lang = "de" if lang == "de" else "en"
    parts = _clauses(before_view or {}, action, events, lang)
    if events_of(events, "hunt_over"):
        parts.append("die Jagd ist vorbei" if lang == "de" else "the hunt is over")
    if not parts:
        return "zieht" if lang == "de" else "moves"
    return "; ".join(parts)


# ---- legal actions -----------------------------------------------------------------------------

def label(view, action, lang="en"):
    """A legal action as its button or list entry says it."""
    lang = "de" if lang == "de" else "en"
    de = lang == "de"
    kind = action.get("type")
    players = view.get("players") or []
    seat = view.get("seat")
    me = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
    if kind == "play":
        return f"{card_bare('chars', action['card'], lang)} ausspielen" if de else f"Play {card('chars', action['card'], lang)}"
    if kind == "recall":
        where = place(action["where"], "from", lang, view)
        if action.get("resource"):
            res = count(1, action["resource"], lang)
            return f"Ein Mitglied {where} zurückholen, mit {res}" if de else f"Bring a member home {where}, with {res}"
        plain = action["where"] in _data()["sites"]  # a site has no resource to leave
        if de:
            return f"Ein Mitglied {where} zurückholen" + ("" if plain else ", ohne Rohstoff")
        return f"Bring a member home {where}" + ("" if plain else ", without a resource")
    if kind == "place":
        return f"Ein Mitglied {place(action['where'], 'to', lang, view)} schicken" if de else \
            f"Send a member {place(action['where'], 'to', lang, view)}"
    if kind == "reveal":
        return f"{cap(ART[lang][action['deck']]['indef'])} {KIND[lang][action['deck']]} aufdecken" if de else \
            f"Reveal {ART[lang][action['deck']]['indef']} {KIND[lang][action['deck']]}"
    if kind in ("take", "column"):
        col = action["column"]
        display = view.get("display") or []
        cid = (display[col][-1] if col < len(display) and display[col] else None) if kind == "take" else view.get("playing")
        if kind == "take":
            return f"{card_bare('chars', cid, lang)} nehmen (Spalte {col + 1})" if de else f"Take {card('chars', cid, lang)} (column {col + 1})"
        return f"{card_bare('chars', cid, lang)} in Spalte {col + 1} legen" if de else f"Put {card('chars', cid, lang)} in column {col + 1}"
    if kind == "sunset":
        if me:
            pre = me["sunset_preview"]
            return f"Sonnenuntergang: {signed(pre['vp_after'] - me['vp'], lang)}" if de else \
                f"Sunset: {signed(pre['vp_after'] - me['vp'], lang)}"
        return "Sonnenuntergang" if de else "Sunset"
    if kind == "cure":
        return "Fleisch essen: 1 Hunger ablegen" if de else "Eat meat: discard 1 hunger"
    if kind == "grow":
        return "2 Felle: neues Mitglied ins Höhlenlager" if de else "2 skins: new member to the cave camp"
    if kind == "create":
        item = _data()["items"].get(action["item"], {})
        return f"{card_bare('items', action['item'], lang)} erschaffen ({signed(item.get('vp', 0), lang)})" if de else \
            f"Create {card('items', action['item'], lang)} ({signed(item.get('vp', 0), lang)})"
    if kind == "finish":
        n = len(view.get("pool") or [])
        if not n:
            return "Fertig" if de else "Done"
        return f"Fertig ({count(n, 'resource', lang)} {'verfällt' if n == 1 else 'verfallen'})" if de else \
            f"Done ({count(n, 'resource', lang)} {'is' if n == 1 else 'are'} lost)"
    if kind == "stop":
        step = view.get("step") or {}
        if view.get("phase") == "steps" and step.get("op") == "place":
            return "Keine weiteren Mitglieder schicken" if de else "Send no more members"
        return "Keinen Charakter mehr nehmen" if de else "Take no more characters"
    if kind == "keep_item":
        return f"{card_bare('items', action['item'], lang)} behalten" if de else f"Keep {card('items', action['item'], lang)}"
    if kind == "lose_member":
        return f"Ein Mitglied {place(action['where'], 'from', lang, view)} abgeben" if de else \
            f"Give up a member {place(action['where'], 'from', lang, view)}"
    return "Ziehen" if de else "Move"


# ---- the view's further texts ------------------------------------------------------------------

def _prompt(view, lang):
    de = lang == "de"
    if view.get("over"):
        return ""
    if not view.get("legal"):
        return "Warte auf den Zug …" if de else "Waiting for the move …"
    ph = view.get("phase")
    playing = card_bare("chars", view["playing"], lang) if view.get("playing") else None
    if ph == "steps" and view.get("step"):
        op = view["step"]["op"]
        if op == "place":
            who = playing or ("der Gegenstand" if de else "the item")
            n = view["step"].get("max", 1)
            return (f"{cap(who)}: Schicke ein Mitglied los (noch bis zu {n}) – wähle einen markierten Ort oder „Stopp“." if de
                    else f"{cap(who)}: send a member out (up to {n} more) – choose a marked location or “Stop”.")
        if op == "reveal":
            return "Welcher Stapel? Wähle Jagdgebiete oder Wildnis." if de else "Which deck? Choose the hunting grounds or the wilderness."
        return ("Nimm einen Charakter: wähle eine markierte Spalte (die oberste Karte) oder „Stopp“." if de
                else "Take a character: choose a marked column (its top card) or “Stop”.")
    if ph == "column":
        return (f"In welche Spalte kommt {playing}? Wähle eine markierte Spalte." if de
                else f"Which column gets {card('chars', view.get('playing'), lang)}? Choose a marked column.")
    if ph == "sunset_take":
        lo, hi = view["take_range"]
        allowed = str(lo) if lo == hi else f"{lo}–{hi}"
        n = view["taken"]
        return (f"Nimm Charaktere aus der Auslage: {n} genommen, {allowed} erlaubt. Wähle eine markierte Spalte." if de
                else f"Take characters from the display: {n} taken, {allowed} allowed. Choose a marked column.")
    return {
        "turn": ("Du bist dran: spiele einen Charakter aus deiner Hand, hole Mitglieder zurück (einen Rohstoff auf einem Ort wählen) oder mache Sonnenuntergang."
                 if de else "Your turn: play a character from your hand, recall members (choose a resource on a location) or call the sunset."),
        "recall": ("Hole weitere Mitglieder zurück oder nutze die mitgebrachten Rohstoffe, dann „Fertig“." if de
                   else "Recall more members or use the resources brought back, then “Done”."),
        "sunset_lose": ("8 Hunger: gib ein Mitglied ab (markierte Stammeskarte oder markierten Ort wählen), dafür gehen 3 Hunger weg." if de
                        else "8 hunger: give up a member (choose the marked tribe card or a marked location); 3 hunger go with it."),
        "sunset_keep": ("Behalte einen Gegenstand (Karte wählen); die anderen werden abgelegt." if de
                        else "Keep one item (choose its card); the others are discarded."),
    }.get(ph, "")


def preview(pre, lang, vp=None):
    """The sunset preview, the sum and what it makes of the points you have (never below 0):
    "2 Mitglieder − 2 Hunger − 6 Handkarten = −6; nie unter 0: 3 → 0 Punkte"."""
    hand = f" − {count(pre['hand_penalty'], 'hand_card', lang)}" if pre.get("hand_penalty") else ""
    delta = f"{'+' if pre['delta'] >= 0 else '−'}{abs(pre['delta'])}"
    total = (f"{count(pre['members'], 'member', lang)} − {pre['hunger']} {noun(pre['hunger'], 'hunger', lang)}{hand}"
             f" = {delta}")
    if vp is None:
        return f"{total} → {count(pre['vp_after'], 'point', lang)}"
    floor = ("; nie unter 0" if lang == "de" else "; never below 0") if vp + pre["delta"] < 0 else ""
    return f"{total}{floor}: {vp} → {count(pre['vp_after'], 'point', lang)}"


def _end(view, lang):
    """The end table's words: rows, cells (points and what was counted), who created what, why."""
    de = lang == "de"
    names = _names(view, lang)
    items = _data()["items"]
    rows = {"start": "Start\u00adpunkte" if de else "Starting points",  # soft hyphens for a phone
            "sunsets": "Sonnen\u00aduntergänge" if de else "Sunsets",
            "items": "Gegen\u00adstände" if de else "Items", "sites": "Heilige Orte" if de else "Sacred sites"}
    players = []
    for i, b in enumerate(view.get("breakdown") or []):
        made = sum(items[x]["vp"] for x in b["created"] if x in items)
        points = b.get("points") or {"start": 0, "sunsets": b["total"] - made, "items": made, "sites": 0}
        n = b.get("sunsets", 0)
        sunsets = ("einmal" if n == 1 else f"{n}-mal") if de else ("once" if n == 1 else "twice" if n == 2 else f"{n} times")
        k = len(b["created"])
        created = ("keiner erschaffen" if de else "none created") if k == 0 else (f"{k} erschaffen" if de else f"{k} created")
        cells = {key: count(v, "point", lang) if key == "start" or v == 0 else signed(v, lang) for key, v in points.items()}
        listed = ", ".join(f"{card_bare('items', x, lang) if de else items[x]['name_en'] if x in items else '?'} "
                           f"({signed(items[x]['vp'] if x in items else 0, lang)})" for x in b["created"])
        who = names[i] if i < len(names) else "?"
        players.append({"cells": cells, "counts": {"sunsets": sunsets, "items": created},
                        "total": count(b["total"], "point", lang),
                        "created": (f"{who} hat erschaffen: {listed}." if de else f"{who} created: {listed}.") if k else ""})
    why = [END_WHY[lang][view["end"]]] if view.get("end") in END_WHY[lang] else []
    scores = view.get("scores") or []
    if len(scores) == 2 and scores[0] == scores[1]:
        if view.get("end") == "goal":
            why.append("Gleichstand am Ziel: der nachziehende Spieler gewinnt." if de else "Tied at the goal: the second player wins.")
        else:
            why.append("Gleichstand: es gewinnt der Stamm, der bei einem Sonnenuntergang jetzt mehr bekäme." if de
                       else "Tied: the tribe that would score more at a sunset now wins.")
    return {"rows": rows, "total": "Gesamt" if de else "Total", "winner": "Sieg" if de else "Winner",
            "players": players, "why": why}


def view_words(view, lang="en"):
    """The prompt and its notices, the sunset preview of the viewer's tribe, the stop button's
    word the prompt names, and at the end the end table's words."""
    lang = "de" if lang == "de" else "en"
    de = lang == "de"
    words = {"prompt": _prompt(view, lang), "notices": [], "stop": "Stopp" if de else "Stop"}
    if not view.get("over"):
        if view.get("final_turn") is not None:
            words["notices"].append("Letzter Zug!" if de else "Final turn!")
        if view.get("hunt_over"):
            words["notices"].append(_hunt_over(lang))
    players = view.get("players") or []
    seat = view.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(players):
        words["preview"] = preview(players[seat]["sunset_preview"], lang, players[seat].get("vp"))
    if view.get("over") and view.get("breakdown"):
        words["end"] = _end(view, lang)
    return words



# The end-of-game figures (SpaeherState.end_figures): points by source, items made, sunsets.
FIGURE_WORDS = {
    "de": {"start": "Startpunkte", "sunsets": "Sonnenuntergänge", "items": "Gegenstände", "sites": "Heilige Orte",
           "items_made": "Erschaffene Gegenstände", "sunsets_called": "Sonnenuntergänge gemacht"},
    "en": {"start": "Starting points", "sunsets": "Sunsets", "items": "Items", "sites": "Sacred sites",
           "items_made": "Items created", "sunsets_called": "Sunsets called"},
}


def figure_words(lang="en"):
    return dict(FIGURE_WORDS["de" if lang == "de" else "en"])


# ---- a hint's reason (urzeit.ai.explain, the bot's explain) ---------------------------------

def _hint_part(part, lang):
    de = lang == "de"
    kind = part.get("kind")
    if kind == "create":
        return f"{signed(part['points'], lang)} sofort" if de else f"{signed(part['points'], lang)} at once"
    if kind == "sunset":
        hand = f" − {count(part['hand'], 'hand_card', lang)}" if part["hand"] else ""
        return (f"{signed(part['points'], lang)}: {count(part['members'], 'member', lang)} − "
                f"{part['hunger']} {noun(part['hunger'], 'hunger', lang)}{hand}")
    if kind == "recall":
        why = part.get("for")
        if why == "hunger":
            return f"Fleisch stillt Hunger (du hast {part['hunger']} Hunger)" if de else \
                f"meat stills hunger (you have {part['hunger']} hunger)"
        if why == "member":
            return "2 Felle ergeben ein neues Mitglied" if de else "2 skins make a new member"
        if why == "item":
            item = card("items", part["item"], lang)
            if part.get("ready"):
                return f"damit kannst du {item} erschaffen: {signed(part['points'], lang)}" if de else \
                    f"with it you can create {item}: {signed(part['points'], lang)}"
            return f"fehlt dir noch für {item} ({signed(part['points'], lang)})" if de else \
                f"still needed for {item} ({signed(part['points'], lang)})"
        return "der Rohstoff, der dir hier am meisten nützt" if de else "the resource that helps you most here"
    if kind == "home":
        return "das Mitglied kann wieder losgeschickt werden" if de else "the member can be sent out again"
    if kind == "cure":
        return f"1 Hunger weniger (dann {part['hunger']}): beim Sonnenuntergang 1 Punkt mehr" if de else \
            f"1 hunger less (then {part['hunger']}): 1 more point at sunset"
    if kind == "grow":
        return "2 Felle werden ein neues Mitglied im Höhlenlager" if de else "2 skins become a new member in the cave camp"
    if kind == "play":
        # why now, not what the card does: what the members can fetch, the points it saves
        does = []
        if part.get("send") == 0:  # no one at camp: played now, it costs no point at an early sunset
            does.append("niemand ist im Lager, aber so kostet die Karte beim Sonnenuntergang keinen Punkt" if de else
                        "no one is at camp, but played it costs no point at sunset")
        if part.get("send"):
            n = part["send"]
            wants = [noun(2, r, lang) for r in RESOURCES if r in (part.get("wants") or [])]
            if part.get("hunger"):
                wants.insert(0, (f"Fleisch (gegen {part['hunger']} Hunger)" if de else f"meat (against {part['hunger']} hunger)"))
            if wants:
                what = (" und ".join(wants) if de else " and ".join(wants)) if len(wants) <= 2 else \
                    ", ".join(wants[:-1]) + (" und " if de else " and ") + wants[-1]
                does.append(f"{count(n, 'member', lang)} {'kann' if n == 1 else 'können'} {what} holen" if de else
                            f"{count(n, 'member', lang)} can fetch {what}")
            else:
                does.append(f"{count(n, 'member', lang)} {'holt' if n == 1 else 'holen'} Rohstoffe" if de else
                            f"{count(n, 'member', lang)} {'fetches' if n == 1 else 'fetch'} resources")
        if part.get("cure"):
            c = part["cure"]
            does.append(f"{c} Hunger weniger: beim Sonnenuntergang {signed(c, lang)}" if de else
                        f"{c} hunger less: {signed(c, lang)} at sunset")
        if part.get("offspring"):
            c = part["offspring"]
            does.append(f"{count(c, 'new_member', lang)}: beim Sonnenuntergang {signed(c, lang)}" if de else
                        f"{count(c, 'new_member', lang)}: {signed(c, lang)} at sunset")
        if part.get("items"):
            does.append(f"zieht {count(part['items'], 'item', lang)}" if de else f"draws {count(part['items'], 'item', lang)}")
        if part.get("chars"):
            does.append(f"nimmt {count(part['chars'], 'character', lang)} aus der Auslage" if de else
                        f"takes {count(part['chars'], 'character', lang)} from the display")
        return ", ".join(does)
    if kind == "place":
        if not part["resources"]:
            return "dort ist noch Platz" if de else "there is room there"
        return f"dort gibt es {resource_list(part['resources'], lang)}" if de else \
            f"there is {resource_list(part['resources'], lang)} to bring back"
    if kind == "site":
        return "stärkt deine Mehrheit am heiligen Ort" if de else "strengthens your majority at the sacred site"
    if kind == "take":  # the label names the card: say what it will do for you
        does = []
        if part.get("send"):
            does.append(f"schickt bis zu {count(part['send'], 'member', lang)} los" if de else
                        f"sends up to {count(part['send'], 'member', lang)} out")
        if part.get("cure"):
            does.append(f"{part['cure']} Hunger weniger" if de else f"{part['cure']} hunger less")
        if part.get("offspring"):
            does.append(f"bringt {count(part['offspring'], 'new_member', lang)}" if de else
                        f"brings {count(part['offspring'], 'new_member', lang)}")
        if part.get("items"):
            does.append(f"zieht {count(part['items'], 'item', lang)}" if de else f"draws {count(part['items'], 'item', lang)}")
        if part.get("chars"):
            does.append(f"nimmt {count(part['chars'], 'character', lang)} aus der Auslage" if de else
                        f"takes {count(part['chars'], 'character', lang)} from the display")
        return ("für deine nächsten Züge: " if de else "for your next turns: ") + ", ".join(does) if does else \
            ("für deine nächsten Züge" if de else "for your next turns")
    if kind == "reveal":
        if part["deck"] == "hunt":
            meat = f" – Fleisch gegen deinen Hunger ({part['hunger']})" if de else f" – meat against your hunger ({part['hunger']})"
            return ("Jagdgebiete bringen Fleisch und Felle" if de else "hunting grounds bring meat and skins") + \
                (meat if part["hunger"] else "")
        return "die Wildnis bringt Stein, Holz, Lehm und Früchte für Gegenstände" if de else \
            "the wilderness brings stone, wood, clay and fruit for items"
    if kind == "stop_take":
        return (f"jede weitere Handkarte kostet bei einem frühen Sonnenuntergang 1 Punkt (jetzt {count(part['hand'], 'hand_card', lang)})"
                if de else f"each further card in hand costs 1 point at an early sunset (now {count(part['hand'], 'hand_card', lang)})")
    if kind == "stop_place":
        n = part["home"]
        return (f"weitere Mitglieder lohnen sich hier nicht; {count(n, 'member', lang)} {'bleibt' if n == 1 else 'bleiben'} zu Hause"
                if de else f"more members are not worth it here; {count(n, 'member', lang)} {'stays' if n == 1 else 'stay'} at home")
    if kind == "finish":
        if not part["lost"]:
            return "nichts mehr zu tun" if de else "nothing more to do"
        return f"der Rest ({count(part['lost'], 'resource', lang)}) nützt dir nichts mehr" if de else \
            f"the rest ({count(part['lost'], 'resource', lang)}) is of no more use to you"
    if kind == "keep_item":  # the label names the item
        return f"erschaffen bringt er {signed(part['points'], lang)}" if de else \
            f"once created it brings {signed(part['points'], lang)}"
    if kind == "lose":
        left = f"3 Hunger weniger, dann {part['hunger']}" if de else f"3 hunger less, then {part['hunger']}"
        if part.get("from") == "tribe" and part.get("out"):
            n = part["out"]
            why = (f"{'dein Mitglied' if n == 1 else 'deine Mitglieder'} draußen {'bringt' if n == 1 else 'bringen'} "
                   "noch Rohstoffe zurück" if de else
                   f"your {'member' if n == 1 else 'members'} out there still {'brings' if n == 1 else 'bring'} resources back")
        elif part.get("from") == "location" and not part.get("resources"):
            why = "dort gibt es nichts mehr zu holen" if de else "there is nothing left to fetch there"
        elif part.get("from") == "location" and part.get("taken"):
            why = (f"dort gibt es nur noch {resource_list(part['resources'], lang)}" if de else
                   f"only {resource_list(part['resources'], lang)} left there")
        else:
            return left
        return f"{left}; {why}"
    if kind == "column":
        if not part.get("covers"):
            return "die Spalte ist leer, nichts wird verdeckt" if de else "the column is empty, nothing is covered"
        under = card("chars", part["covers"], lang)
        return (f"verdeckt {under}, bis jemand die Karte darüber nimmt" if de else
                f"covers {under} until someone takes the card on top")
    return ""


def hint_text(view, reason, lang="en"):
    """Why the hinted move is good, from the bot's reason: 'damit kannst du „Rad“ erschaffen:
    +3 Punkte'."""
    lang = "de" if lang == "de" else "en"
    return "; ".join(t for t in (_hint_part(p, lang) for p in reason.get("parts", [])) if t)
