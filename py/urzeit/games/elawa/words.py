"""Elawa in words, German and English, once: the page's action labels, log lines and the
view's further texts, and the command line's replay (`describe`), all from the same phrases.

Cards have no printed names: players call them by colour and kind ("die blaue Hütte"), so
do we. The rules say "Vorrat" for the hidden token pool and for a card kind; the card is
always the "Vorratskarte" / "storage card" (step 3 of a turn), the bare word the pool only.
Everything is worded from a seat's view (and the move's events, which are public in Elawa):
a text never names what that view does not show.
"""


from ...core.words import seat_name
from .components import CARDS, CHIEFS, TOKENS

# ---- German and English nouns ---------------------------------------------------------------

# tokens: singular, plural, dative plural; the definite article in the accusative
_DE_TOKENS = {
    "berry": ("Beere", "Beeren", "Beeren", "die"),
    "meat": ("Fleisch", "Fleisch", "Fleisch", "das"),  # a mass noun: "2 Fleisch"
    "flint": ("Feuerstein", "Feuersteine", "Feuersteinen", "den"),
    "fur": ("Fell", "Felle", "Fellen", "das"),
    "bone": ("Knochen", "Knochen", "Knochen", "den"),
}
_EN_TOKENS = {"berry": ("berry", "berries"), "meat": ("meat", "meat"), "flint": ("flint", "flint"),
              "fur": ("fur", "furs"), "bone": ("bone", "bones")}

# card kinds: gender, nominative, accusative and dative singular (Urmensch is a weak noun), plural
_DE_KINDS = {
    "caveman": ("m", "Urmensch", "Urmenschen", "Urmenschen", "Urmenschen"),
    "hut": ("f", "Hütte", "Hütte", "Hütte", "Hütten"),
    "supply": ("f", "Vorratskarte", "Vorratskarte", "Vorratskarte", "Vorratskarten"),
    "tool": ("n", "Werkzeug", "Werkzeug", "Werkzeug", "Werkzeuge"),
}
_EN_KINDS = {"caveman": ("caveman", "cavemen"), "hut": ("hut", "huts"),
             "supply": ("storage card", "storage cards"), "tool": ("tool", "tools")}
_DE_COLOURS = {"blue": "blau", "yellow": "gelb", "green": "grün", "red": "rot", "purple": "violett"}
# article and adjective ending by case and gender; "bare": no article (a heading, a list)
_DE_ARTICLE = {"nom": {"m": "der", "f": "die", "n": "das"}, "acc": {"m": "den", "f": "die", "n": "das"},
               "dat": {"m": "dem", "f": "der", "n": "dem"}}
_DE_ENDING = {"bare": {"m": "er", "f": "e", "n": "es"}, "nom": {"m": "e", "f": "e", "n": "e"},
              "acc": {"m": "en", "f": "e", "n": "e"}, "dat": {"m": "en", "f": "en", "n": "en"}}
_CASE_INDEX = {"bare": 1, "nom": 1, "acc": 2, "dat": 3}


def token_words(kind, n, lang, case="acc"):
    """'1 Beere', '2 Beeren', 'mit 2 Feuersteinen' (case dat); '2 berries'."""
    if lang == "de":
        sg, pl, dat_pl, _ = _DE_TOKENS[kind]
        return f"{n} {sg if n == 1 else dat_pl if case == 'dat' else pl}"
    sg, pl = _EN_TOKENS[kind]
    return f"{n} {sg if n == 1 else pl}"


def token_name(kind, lang, article=False):
    """A token kind's name: 'Beere' / 'berry'; with article (accusative) 'die Beere' / 'the berry'."""
    if lang == "de":
        return f"{_DE_TOKENS[kind][3]} {_DE_TOKENS[kind][0]}" if article else _DE_TOKENS[kind][0]
    return f"the {_EN_TOKENS[kind][0]}" if article else _EN_TOKENS[kind][0]


def join(items, lang):
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + (" und " if lang == "de" else " and ") + items[-1]


def tokens_words(tokens, lang, case="acc"):
    """A list of tokens counted by kind: '2 Beeren und 1 Fell' (in the order of TOKENS)."""
    return join((token_words(k, tokens.count(k), lang, case) for k in TOKENS if k in tokens), lang)


def card_name(card_id, lang, case="bare"):
    """A card by colour and kind: 'blaue Hütte', 'den roten Urmenschen', 'dem grünen Werkzeug';
    'blue hut', 'the red caveman'. case: bare, nom, acc, dat."""
    card = CARDS.get(card_id)
    if card is None:
        return ("eine Karte" if case in ("bare", "nom", "acc") else "einer Karte") if lang == "de" else "a card"
    if lang == "de":
        kind = _DE_KINDS[card["type"]]
        gender = kind[0]
        noun = kind[_CASE_INDEX[case]]
        adjective = _DE_COLOURS[card["colour"]] + _DE_ENDING[case][gender]
        return f"{adjective} {noun}" if case == "bare" else f"{_DE_ARTICLE[case][gender]} {adjective} {noun}"
    name = f"{card['colour']} {_EN_KINDS[card['type']][0]}"
    return name if case == "bare" else f"the {name}"


def capital(text):
    return text[:1].upper() + text[1:]


def points_words(n, lang):
    return f"{n} {'Punkt' if n == 1 else 'Punkte'}" if lang == "de" else f"{n} {'point' if n == 1 else 'points'}"


def scoring_text(card_id, lang):
    """A card's points in a few words: '5 Punkte', '3 je blaue Karte', '2 je Hütte'."""
    sc = CARDS[card_id]["scoring"]
    de = lang == "de"
    per = "je" if de else "per"
    if sc["kind"] == "fixed":
        return points_words(sc["points"], lang)
    if sc["kind"] == "per_card_of_colour_in_tribe":
        return f"{sc['points']} {per} {_DE_COLOURS[sc['colour']]}e Karte" if de else f"{sc['points']} per {sc['colour']} card"
    if sc["kind"] == "per_card_of_type_in_tribe":
        return f"{sc['points']} {per} {_DE_KINDS[sc['card_type']][1] if de else _EN_KINDS[sc['card_type']][0]}"
    if sc["kind"] == "per_resource_on_card":
        return f"{sc['points']} {per} {token_name(sc['resource'], lang)}"
    return f"{sc['points']} {'je Sorte' if de else 'per kind'}"


def card_explanation(card_id, lang):
    """The full explanation of a card, as sentences (the card's detail)."""
    card = CARDS[card_id]
    de = lang == "de"
    sc = card["scoring"]
    n = card["take"]
    lines = [
        (f"Nimmst du sie vom Kreis, bekommst du {n} {'Rohstoff' if n == 1 else 'Rohstoffe'}: den obersten "
         f"der {'nächsten Rohstoffstapel' if n == 1 else f'nächsten {n} Rohstoffstapel'} im Uhrzeigersinn.") if de else
        (f"Taking it from the circle brings {n} {'resource' if n == 1 else 'resources'}: the top one of the next "
         f"{'resource stack' if n == 1 else f'{n} resource stacks'} clockwise.")]
    cost = tokens_words(card["cost"]["resources"], lang) if card["cost"]["resources"] else ("nichts" if de else "nothing")
    if de:
        lines.append(f"Ausspielen kostet: {cost}"
                     f"{', dazu opferst du 1 andere Handkarte (sie kommt aus dem Spiel)' if card['cost']['sacrifice'] else ''}."
                     " Knochen ersetzen jeden Rohstoff.")
    else:
        lines.append(f"Playing it costs: {cost}"
                     f"{', and you sacrifice 1 other hand card (it leaves the game)' if card['cost']['sacrifice'] else ''}."
                     " Bones replace any resource.")
    effect = card["immediate_effect"]
    if effect == "take_visible_card":
        lines.append("Sofort beim Ausspielen: nimm 1 sichtbare Karte vom Kreis (ohne Rohstoffe)." if de
                     else "At once when played: take 1 visible card from the circle (no resources).")
    elif effect == "take_random_resource":
        lines.append("Sofort beim Ausspielen: du bekommst 1 zufälligen Rohstoff aus dem Vorrat." if de
                     else "At once when played: you get 1 random resource from the supply.")
    p = sc["points"]
    if sc["kind"] == "fixed":
        lines.append(f"Am Ende: {points_words(p, lang)}." if de else f"At the end: {points_words(p, lang)}.")
    elif sc["kind"] == "per_card_of_colour_in_tribe":
        lines.append(f"Am Ende: {p} {'Punkt' if p == 1 else 'Punkte'} je {_DE_COLOURS[sc['colour']]}e Karte in deinem Stamm "
                     "(sie selbst zählt mit)." if de else
                     f"At the end: {points_words(p, lang)} per {sc['colour']} card in your tribe (itself included).")
    elif sc["kind"] == "per_card_of_type_in_tribe":
        self_de = " (es selbst zählt mit)" if sc.get("counts_itself") else ""
        self_en = " (itself included)" if sc.get("counts_itself") else ""
        lines.append(f"Am Ende: {p} {'Punkt' if p == 1 else 'Punkte'} je {_DE_KINDS[sc['card_type']][1]} in deinem Stamm{self_de}."
                     if de else f"At the end: {points_words(p, lang)} per {_EN_KINDS[sc['card_type']][0]} in your tribe{self_en}.")
    elif sc["kind"] == "per_resource_on_card":
        res = token_name(sc["resource"], lang)
        lines.append(f"Lagere in jedem Zug 1 {res} (oder 1 Knochen) darauf. Am Ende: {p} {'Punkt' if p == 1 else 'Punkte'} "
                     "je Rohstoff darauf." if de else
                     f"Store 1 {res} (or 1 bone) on it each turn. At the end: {points_words(p, lang)} per resource on it.")
    else:
        lines.append("Lagere in jedem Zug 1 Rohstoff darauf, jede Sorte nur einmal (höchstens 4; 1 Knochen ersetzt eine "
                     f"fehlende Sorte). Am Ende: {p} {'Punkt' if p == 1 else 'Punkte'} je Sorte darauf." if de else
                     "Store 1 resource on it each turn, each kind only once (at most 4; 1 bone stands in for a missing "
                     f"kind). At the end: {points_words(p, lang)} per kind on it.")
    return lines


_POWERS = {
    "de": {"skip_one_pile": "darf beim Nehmen einen Rohstoffstapel überspringen",
           "second_card_one_less": "die zweite ausgespielte Karte im Zug kostet 1 Rohstoff oder das Opfer weniger",
           "empty_pile_take_card": "leert er einen Rohstoffstapel, nimmt er zusätzlich eine sichtbare Karte",
           "one_resource_card_bonus": "nimmt er eine Karte mit der Zahl 1, bekommt er 1 zufälligen Rohstoff dazu"},
    "en": {"skip_one_pile": "may skip one resource stack when taking",
           "second_card_one_less": "the second card played in a turn costs 1 resource or the sacrifice less",
           "empty_pile_take_card": "on emptying a resource stack, also takes a visible card",
           "one_resource_card_bonus": "on taking a card numbered 1, gets 1 random resource more"},
}

# ---- who ------------------------------------------------------------------------------------

def _hot_seat(view):
    """Several people at one screen. A fair or live game's view (its "fair" part) is one
    person's own screen, though every seat in it is human."""
    if view.get("fair"):
        return False
    return sum(1 for s in view.get("seats") or [] if s.get("kind") == "human") > 1


# ---- what a view shows ----------------------------------------------------------------------

def _me(view):
    seat = view.get("seat")
    players = view.get("players") or []
    return players[seat] if seat is not None and 0 <= seat < len(players) else None


def _in_sight(view):
    """The cards the reader sees at once: the stack tops, their own hand and tribe."""
    me = _me(view)
    cards = [s["top"] for s in view.get("stacks") or [] if s.get("top")]
    if me:
        cards += list(me.get("hand") or []) + [e["card"] for e in me.get("tribe") or []]
    return cards


def _named(view, card_id, lang, case):
    """A card's name; with its points when a card of the same colour and kind is in sight."""
    name = card_name(card_id, lang, case)
    card = CARDS.get(card_id)
    if card and any(o != card_id and CARDS[o]["type"] == card["type"] and CARDS[o]["colour"] == card["colour"]
                    for o in _in_sight(view) if o in CARDS):
        name += f" ({scoring_text(card_id, lang)})"
    return name


def _take_order(view, stack, skip):
    top = (view.get("stacks") or [{}] * 6)[stack].get("top")
    if top not in CARDS:
        return []
    n = CARDS[top]["take"] + (1 if skip is not None else 0)
    return [i for i in ((stack + j) % 6 for j in range(1, n + 1)) if i != skip]


def take_preview(view, stack, skip):
    """What taking a card brings, as the view shows it: the stack tops' tokens, how many from
    the fire (a stack of one token empties), and chief 4's random bonus."""
    order = _take_order(view, stack, skip)
    resources = view.get("resources") or []
    gets = [resources[i]["top"] for i in order if resources[i].get("top")]
    emptied = sum(1 for i in order if resources[i].get("count") == 1)
    fire = min(view.get("fire") or 0, emptied)
    me = _me(view)
    top = view["stacks"][stack].get("top")
    bonus = bool(me and me.get("power") == "one_resource_card_bonus" and top in CARDS
                 and CARDS[top]["take"] == 1 and view.get("supply"))
    return gets, fire, bonus


def _preview_extras(fire, bonus, lang):
    de = lang == "de"
    return ([f"+{fire} vom Feuer" if de else f"+{fire} from the fire"] if fire else []) + \
        (["+1 zufällig" if de else "+1 random"] if bonus else [])


def _skip_words(view, action, lang, imperative, which=False):
    skip = action.get("skip")
    if skip is None:
        return ""
    resources = view.get("resources") or []
    top = resources[skip].get("top") if 0 <= skip < len(resources) else None
    de = lang == "de"
    what = token_name(top, lang, article=True) if top else ("einen leeren Stapel" if de else "an empty stack")
    # the same kind skippable on two stacks: say which (counted clockwise from the card)
    twins = which and [a for a in view.get("legal") or [] if a.get("type") == "take_card" and a.get("stack") == action["stack"]
             and a.get("skip") not in (None, skip) and resources[a["skip"]].get("top") == top]
    if twins:
        n = (skip - action["stack"]) % 6
        what += f" {n} Stapel weiter" if de else f" {n} {'stack' if n == 1 else 'stacks'} on"
    if de:
        return f" (überspringe {what})" if imperative else f" (überspringt {what})"
    return f" (skip {what})" if imperative else f" (skipping {what})"


def _joker_words(card_id, pay, lang):
    """What the bones of a payment stand in for: ' statt Fell' / ' for the furs' when the card's
    cost shows it (with chief 2's discount a symbol may be waived: then only if one kind is missing)."""
    bones = pay.count("bone")
    card = CARDS.get(card_id)
    if not bones or not card:
        return ""
    missing = list(card["cost"]["resources"])
    for t in pay:
        if t != "bone" and t in missing:
            missing.remove(t)
    kinds = [k for k in TOKENS if k in missing and k != "bone"]
    if not kinds or (len(missing) != bones and len(kinds) > 1):
        return ""
    if lang == "de":
        return " statt " + join((_DE_TOKENS[k][0] for k in kinds), lang)
    many = bones > 1
    return " for the " + join((_EN_TOKENS[k][1 if many and len(kinds) == 1 else 0] for k in kinds), lang)


# ---- labels: a legal action as its button says it ------------------------------------------

def label(view, action, lang="en"):
    de = lang == "de"
    kind = action.get("type")
    if kind == "take_card":
        top = view["stacks"][action["stack"]].get("top")
        gets, fire, bonus = take_preview(view, action["stack"], action.get("skip"))
        name = _named(view, top, lang, "acc")
        extras = _preview_extras(fire, bonus, lang)
        if gets:
            text = f"Nimm {name} mit {tokens_words(gets, lang, 'dat')}" if de else f"Take {name} with {tokens_words(gets, lang)}"
        else:
            text = f"Nimm {name} ohne Rohstoffe" if de else f"Take {name} without resources"
        return text + "".join(f", {x}" for x in extras) + _skip_words(view, action, lang, True, which=True)
    if kind == "take_visible":
        name = _named(view, view["stacks"][action["stack"]].get("top"), lang, "acc")
        return f"Nimm {name} ohne Rohstoffe" if de else f"Take {name} without resources"
    if kind == "play":
        name = _named(view, action["card"], lang, "acc")
        pay = action.get("pay") or []
        victim = _named(view, action["sacrifice"], lang, "acc") if action.get("sacrifice") else None
        pay_words = tokens_words(pay, lang) + _joker_words(action["card"], pay, lang)
        if de:
            parts = [f"Spiele {name} aus, zahle {pay_words}" if pay else f"Spiele {name} kostenlos aus"]
            return ", ".join(parts + ([f"opfere {victim}"] if victim else []))
        parts = [f"Play {name}, pay {pay_words}" if pay else f"Play {name} for free"]
        return ", ".join(parts + ([f"sacrifice {victim}"] if victim else []))
    if kind == "store":
        on = _named(view, action["card"], lang, "acc")
        what = token_words(action["token"], 1, lang)
        return f"Lege {what} auf {on}" if de else f"Put {what} on {on}"
    if kind == "discard":
        what = token_words(action["token"], 1, lang)
        return f"Lege {what} ab" if de else f"Discard {what}"
    if kind == "end_turn":
        return "Zug beenden" if de else "End turn"
    return "Zug" if de else "Move"


# ---- a move: one phrase (and sentences after it), for the log and the command line ----------

def _gains(events, player, source):
    return [e["token"] for e in events if e.get("type") == "gain" and e.get("player") == player
            and (e.get("from") or "").startswith(source)]


def _move(before, action, events, lang):
    """(the mover's phrase without the name, further sentences): 'nimmt den blauen Urmenschen
    mit 2 Beeren', ['Das Feuer ist leer: die letzte Runde beginnt']."""
    de = lang == "de"
    kind = action.get("type")
    me = before.get("current_seat")
    if kind == "take_card":
        card = next((e["card"] for e in events if e.get("type") == "take_card"), None)
        from_stacks, from_fire, from_supply = (_gains(events, me, s) for s in ("stack", "fire", "supply"))
        name = card_name(card, lang, "acc")
        if de:
            text = f"nimmt {name} mit {tokens_words(from_stacks, lang, 'dat')}" if from_stacks else f"nimmt {name} ohne Rohstoffe"
            extra = [f"{tokens_words(from_fire, lang)} vom Feuer"] if from_fire else []
            extra += [f"{tokens_words(from_supply, lang)} aus dem Vorrat"] if from_supply else []
            text += f", dazu {join(extra, lang)}" if extra else ""
        else:
            text = f"takes {name} with {tokens_words(from_stacks, lang)}" if from_stacks else f"takes {name} without resources"
            extra = [f"{tokens_words(from_fire, lang)} from the fire"] if from_fire else []
            extra += [f"{tokens_words(from_supply, lang)} from the supply"] if from_supply else []
            text += f", plus {join(extra, lang)}" if extra else ""
        text += _skip_words(before, action, lang, False) if before.get("resources") else ""
    elif kind == "take_visible":
        card = next((e["card"] for e in events if e.get("type") == "take_visible"), None)
        name = card_name(card, lang, "acc")
        text = f"nimmt {name} ohne Rohstoffe" if de else f"takes {name} without resources"
    elif kind == "play":
        name = card_name(action["card"], lang, "acc")
        pay = action.get("pay") or []
        got = _gains(events, me, "supply")
        if de:
            parts = [f"spielt {name} aus", f"zahlt {tokens_words(pay, lang)}{_joker_words(action['card'], pay, lang)}"] if pay else [f"spielt {name} kostenlos aus"]
            parts += [f"opfert {card_name(action['sacrifice'], lang, 'acc')}"] if action.get("sacrifice") else []
            parts += [f"bekommt {tokens_words(got, lang)} aus dem Vorrat"] if got else []
        else:
            parts = [f"plays {name}", f"pays {tokens_words(pay, lang)}{_joker_words(action['card'], pay, lang)}"] if pay else [f"plays {name} for free"]
            parts += [f"sacrifices {card_name(action['sacrifice'], lang, 'acc')}"] if action.get("sacrifice") else []
            parts += [f"gets {tokens_words(got, lang)} from the supply"] if got else []
        text = ", ".join(parts)  # "spielt … aus, zahlt 2 Beeren und 1 Fell, opfert …"
    elif kind == "store":
        what, on = token_words(action["token"], 1, lang), card_name(action["card"], lang, "acc")
        text = f"legt {what} auf {on}" if de else f"puts {what} on {on}"
    elif kind == "discard":
        what = token_words(action["token"], 1, lang)
        text = f"legt {what} ab" if de else f"discards {what}"
    elif kind == "end_turn":
        over = next((e for e in events if e.get("type") == "over_capacity"), None)
        if over:
            text = (f"beendet den Zug und muss Rohstoffe bis auf {over['capacity']} ablegen" if de
                    else f"ends the turn and must discard down to {over['capacity']} resources")
        else:
            text = "beendet den Zug" if de else "ends the turn"
    else:
        text = "zieht" if de else "moves"
    after = []
    if any(e.get("type") == "final_round" for e in events):
        after.append("Das Feuer ist leer: die letzte Runde beginnt" if de else "The fire is empty: the final round begins")
    return text, after


def describe(action, before_view, events, lang="en"):
    """One applied move in one line (the command line): the log's phrase without the name."""
    lang = "de" if lang == "de" else "en"
    text, after = _move(before_view, action, events, lang)
    return "; ".join([text] + [x[:1].lower() + x[1:] for x in after])


def log(before_view, action, events, lang="en"):
    """The log lines of a move, named: one group per turn, so a turn reads as one line."""
    lang = "de" if lang == "de" else "en"
    text, after = _move(before_view, action, events, lang)
    group = f"turn {before_view.get('turns')}"
    who = seat_name(before_view, before_view.get("current_seat"), lang)
    return [{"text": f"{who} {text}.", "group": group}] + [{"text": f"{x}.", "group": group} for x in after]


# ---- the view's further texts ---------------------------------------------------------------

def _count(n, one, many):
    return f"{n} {one if n == 1 else many}"


def _cards_words(view, lang):
    """Every card the view shows, by id: its name, points, explanation (and points scored at the end)."""
    ids = [s["top"] for s in view.get("stacks") or [] if s.get("top")]
    for p in view.get("players") or []:
        ids += list(p.get("hand") or []) + list(p.get("seen_hand") or []) + [e["card"] for e in p.get("tribe") or []]
    ids += list(view.get("removed") or [])
    scored = {b["card"]: b["points"] for entry in view.get("breakdown") or [] for b in entry["cards"]}
    out = {}
    for cid in sorted(set(ids)):
        if cid not in CARDS:
            continue
        out[cid] = {"name": capital(card_name(cid, lang)), "points": scoring_text(cid, lang),
                    "explain": card_explanation(cid, lang)}
        if cid in scored:
            out[cid]["scored"] = points_words(scored[cid], lang)
    return out


def _button(view, action, lang):
    """The short words of an action's button on the table (its icons are drawn beside them)."""
    de = lang == "de"
    kind = action["type"]
    if kind == "take_card":
        top = view["stacks"][action["stack"]]["top"]
        _, fire, bonus = take_preview(view, action["stack"], action.get("skip"))
        out = {"text": f"{capital(card_name(top, lang))} · {'Du bekommst' if de else 'You get'}:"}
        extras = _preview_extras(fire, bonus, lang)
        if extras:
            out["after"] = " ".join(extras)
        return out
    if kind == "play":
        pay = "" if action["pay"] else (" kostenlos" if de else " free")
        if action.get("sacrifice"):
            victim = card_name(action["sacrifice"], lang, "acc")
            return f"Ausspielen, opfere {victim}:{pay}" if de else f"Play, sacrifice {victim}:{pay}"
        return f"Ausspielen:{pay}" if de else f"Play:{pay}"
    if kind == "store":
        return "Lagern:" if de else "Store:"
    if kind == "discard":
        return token_name(action["token"], lang)
    return label(view, action, lang)


def view_words(view, lang="en"):
    de = lang == "de"
    seat = view.get("seat")
    me = _me(view)
    over = view.get("over") or view.get("phase") == "over"
    words = {"cards": _cards_words(view, lang)}
    # the bar's prompt for the reader's step
    prompts = {}
    if not over:
        prompts["waiting"] = "Warte auf die anderen …" if de else "Waiting for the others …"
    legal = view.get("legal") or []
    if legal:
        phase = view.get("phase")
        if phase == "take":
            prompts["take"] = "Wähle eine Karte auf dem Kreis: klicke sie an." if de else "Choose a card on the circle: click it."
            prompts["take_touch"] = "Wähle eine Karte auf dem Kreis: tippe sie an." if de else "Choose a card on the circle: tap it."
            if any(a.get("skip") is not None for a in legal):
                prompts["skip"] = ("Häuptling 1: wähle einen blau umrandeten Rohstoff, um ihn zu überspringen." if de
                                   else "Chief 1: choose a resource ringed in blue to skip it.")
        elif phase == "play":
            if any(a["type"] in ("play", "store") for a in legal):
                prompts["play"] = ("Spiele Karten aus (Knöpfe unter deinen Handkarten), lagere Rohstoffe, dann „Zug beenden“."
                                   if de else "Play cards (buttons below your hand cards), store resources, then “End turn”.")
            else:
                prompts["play"] = ("Du kannst gerade nichts ausspielen oder lagern: beende den Zug." if de
                                   else "You cannot play or store anything now: end your turn.")
        elif phase == "take_visible":
            prompts["take_visible"] = ("Nimm eine sichtbare Karte vom Kreis (ohne Rohstoffe): klicke sie an." if de
                                       else "Take a visible card from the circle (no resources): click it.")
            prompts["take_visible_touch"] = ("Nimm eine sichtbare Karte vom Kreis (ohne Rohstoffe): tippe sie an." if de
                                             else "Take a visible card from the circle (no resources): tap it.")
        elif phase == "discard" and me:
            cap = me["capacity"]
            prompts["discard"] = (f"Du hast zu viele Rohstoffe: lege ab, bis du höchstens {cap} hast." if de
                                  else f"You hold too many resources: discard until you hold at most {cap}.")
        words["buttons"] = [_button(view, a, lang) for a in legal]
    if view.get("final_round") and not over:
        prompts["final_round"] = "Letzte Runde!" if de else "Final round!"
    words["prompt"] = prompts
    # the circle
    words["fire"] = f"{'Feuer' if de else 'Fire'} {view.get('fire', 0)}"
    words["supply"] = f"{'Vorrat' if de else 'Supply'} {view.get('supply', 0)}"
    words["stacks"] = [_count(s["count"], *(("Karte", "Karten") if de else ("card", "cards")))
                       for s in view.get("stacks") or []]
    # the players: points, free places, chief, hand cards (and those everyone saw taken), tribe
    players = []
    for i, p in enumerate(view.get("players") or []):
        name = seat_name(view, i, lang)
        held = sum((p.get("available") or {}).values())
        chief = CHIEFS[p["chief"]]["number"] if p.get("chief") in CHIEFS else p.get("number")
        power = f": {_POWERS[lang][p['power']]}" if p.get("power") in _POWERS[lang] else ""
        capacity = p.get("capacity")
        hand = _count(p.get("hand_count", 0), *(("Handkarte", "Handkarten") if de else ("hand card", "hand cards")))
        seen = p.get("seen_hand") or []
        seen_text = (f" ({'gesehen' if de else 'seen'}: {', '.join(card_name(c, lang) for c in seen)})"
                     if seen and i != seat else "")
        if capacity is None:  # before the set-up draws (a fair game waits for its first reveals)
            places, chief_text = ("Häuptling noch nicht gezogen" if de else "Chief not drawn yet"), ""
        else:
            free = max(0, capacity - held)
            places = f"{free} von {capacity} Plätzen frei" if de else f"{free} of {capacity} places free"
            chief_text = f"{'Häuptling' if de else 'Chief'} {chief}{power} · "
        players.append({
            "name": name,
            "points": points_words(p.get("score", 0), lang),
            "places": places,
            "info": f"{chief_text}{hand}{seen_text}",
            "tribe": f"{f'Stamm von {name}' if de else f'{name}’s tribe'} · {points_words(p.get('score', 0), lang)}",
        })
    words["players"] = players
    if me is not None:
        own = seat_name(view, seat, lang)
        if _hot_seat(view):  # several people at one screen: whose hand it is
            words["hand"] = f"Hand von {own}" if de else f"{own}’s hand"
        else:
            words["hand"] = "Deine Hand" if de else "Your hand"
        words["empty_hand"] = "Noch keine Karten. Nimm eine vom Kreis." if de else "No cards yet. Take one from the circle."
    # the end: each player's total and resources left
    if view.get("breakdown"):
        words["summary"] = [{"total": points_words(b["total"], lang),
                             "left": (_count(b["resources"], "Rohstoff", "Rohstoffe") + " übrig" if de
                                      else _count(b["resources"], "resource", "resources") + " left")}
                            for b in view["breakdown"]]
        words["winner"] = "Sieg" if de else "Winner"
    return words


def figure_words(lang="en"):
    """The end-of-game figures (ElawaState.end_figures): points by card kind, the tribe's cards by
    kind, resources taken and left."""
    de = lang == "de"
    words = {}
    for kind in sorted(_DE_KINDS):
        plural = _DE_KINDS[kind][4] if de else _EN_KINDS[kind][1]
        words[kind] = capital(plural)
        words[f"cards_{kind}"] = f"{plural} im Stamm" if de else f"{capital(plural)} in the tribe"
    words["resources_taken"] = "Genommene Rohstoffe" if de else "Resources taken"
    words["resources_left"] = "Übrige Rohstoffe am Ende" if de else "Resources left at the end"
    return words


# ---- a hint's reason (urzeit.ai.explain, the bot's explain) ---------------------------------

def _resources(n, lang):
    if lang == "de":
        return f"{n} {'Rohstoff' if n == 1 else 'Rohstoffe'}"
    return f"{n} {'resource' if n == 1 else 'resources'}"


def _hint_part(part, lang):
    de = lang == "de"
    kind = part.get("kind")
    n = part.get("points", 0)
    points = points_words(n, lang)
    if kind == "take":  # the move's label already names the card and its resources
        return ""
    if kind == "then_play":
        card = card_name(part["card"], lang, "acc")
        return f"danach kannst du {card} für {points} ausspielen" if de else f"then you can play {card} for {points}"
    if kind == "worth":
        # the take's label names the card already
        return f"ausgespielt bringt die Karte {points}" if de else f"once played, it brings {points}"
    if kind == "take_visible":
        return f"ausgespielt bringt die Karte {points}" if de else f"once played, it brings {points}"
    if kind == "play":
        if n > 0:
            text = f"+{points} für deinen Stamm" if de else f"+{points} for your tribe"
        else:
            card = card_name(part["card"], lang, "nom")
            text = (f"{card} kommt in deinen Stamm und zählt später ({scoring_text(part['card'], lang)})" if de
                    else f"{card} joins your tribe and scores later ({scoring_text(part['card'], lang)})")
        return text  # a sacrifice (a hand card) the move's label names already
    if kind == "store":
        return f"+{points} am Spielende" if de else f"+{points} at the end of the game"
    if kind == "end":
        kept = _resources(part["tokens"], lang)
        return f"mehr lohnt sich gerade nicht; du behältst {kept} für später" if de else \
            f"nothing more is worth it now; you keep {kept} for later"
    if kind == "discard":
        cap = _resources(part["capacity"], lang)
        token = token_name(part["token"], lang, article=True)
        return f"du darfst nur {cap} behalten; {token} brauchst du am wenigsten" if de else \
            f"you may keep only {cap}; you need {token} least"
    return ""


def hint_text(view, reason, lang="en"):
    """Why the hinted move is good, from the bot's reason: 'nimmt 3 Rohstoffe (2 Beeren und
    1 Fell); danach kannst du die blaue Hütte für 4 Punkte ausspielen'."""
    lang = "de" if lang == "de" else "en"
    return "; ".join(t for t in (_hint_part(p, lang) for p in reason.get("parts", [])) if t)
