"""Elawa in words, German and English, once: the page's action labels, log lines and the
view's further texts, and the command line's replay (`describe`), all from the same phrases
(phrases.py: one table per language).

Cards have no printed names: players call them by colour and kind ("die blaue Hütte"), so
do we. The rules say "Vorrat" for the hidden token pool and for a card kind; the card is
always the "Vorratskarte" / "storage card" (step 3 of a turn), the bare word the pool only.
Everything is worded from a seat's view (and the move's events, which are public in Elawa):
a text never names what that view does not show.
"""

from ...core.words import phrases, seat_name
from .components import CARDS, CHIEFS, TOKENS
from .phrases import PHRASES

CASE_INDEX = {"bare": 1, "nom": 1, "acc": 2, "dat": 3}  # a card kind's form by case


def _w(lang) -> dict:
    return phrases(PHRASES, lang)


def _lang(lang) -> str:
    return lang if lang in PHRASES else "en"


# ---- nouns and their forms ------------------------------------------------------------------

def token_words(kind, n, lang, case="acc"):
    """'1 Beere', '2 Beeren', 'mit 2 Feuersteinen' (case dat); '2 berries'."""
    sg, pl, dat_pl, _ = _w(lang)["tokens"][kind]
    return f"{n} {sg if n == 1 else dat_pl if case == 'dat' else pl}"


def token_name(kind, lang, article=False):
    """A token kind's name: 'Beere' / 'berry'; with article (accusative) 'die Beere' / 'the berry'."""
    sg, _, _, the = _w(lang)["tokens"][kind]
    return f"{the} {sg}" if article else sg


def join(items, lang):
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {_w(lang)['and']} " + items[-1]


def tokens_words(tokens, lang, case="acc"):
    """A list of tokens counted by kind: '2 Beeren und 1 Fell' (in the order of TOKENS)."""
    return join((token_words(k, tokens.count(k), lang, case) for k in TOKENS if k in tokens), lang)


def kind_name(kind, lang, plural=False):
    """A card kind's name in the nominative: 'Hütte', 'Hütten'; 'hut', 'huts'."""
    return _w(lang)["kinds"][kind][4 if plural else 1]


def card_name(card_id, lang, case="bare"):
    """A card by colour and kind: 'blaue Hütte', 'den roten Urmenschen', 'dem grünen Werkzeug';
    'blue hut', 'the red caveman'. case: bare, nom, acc, dat."""
    w = _w(lang)
    card = CARDS.get(card_id)
    if card is None:
        return w["a_card"][case]
    kind = w["kinds"][card["type"]]
    gender = kind[0]
    noun = kind[CASE_INDEX[case]]
    adjective = w["colours"][card["colour"]] + w["endings"][case][gender]
    return f"{adjective} {noun}" if case == "bare" else f"{w['articles'][case][gender]} {adjective} {noun}"


def capital(text):
    return text[:1].upper() + text[1:]


def count(n, noun, lang):
    """'1 Punkt', '2 Rohstoffe', '3 cards': the number and the word in its right form."""
    one, many = _w(lang)["nouns"][noun]
    return f"{n} {one if n == 1 else many}"


def points_words(n, lang):
    return count(n, "point", lang)


def scoring_text(card_id, lang):
    """A card's points in a few words: '5 Punkte', '3 je blaue Karte', '2 je Hütte'."""
    w = _w(lang)
    sc = CARDS[card_id]["scoring"]
    if sc["kind"] == "fixed":
        return points_words(sc["points"], lang)
    if sc["kind"] == "per_card_of_colour_in_tribe":
        return w["per_colour"].format(p=sc["points"], colour=w["colours"][sc["colour"]])
    if sc["kind"] == "per_card_of_type_in_tribe":
        return w["per"].format(p=sc["points"], what=kind_name(sc["card_type"], lang))
    if sc["kind"] == "per_resource_on_card":
        return w["per"].format(p=sc["points"], what=token_name(sc["resource"], lang))
    return w["per_kind"].format(p=sc["points"])


def card_explanation(card_id, lang):
    """The full explanation of a card, as sentences (the card's detail)."""
    w = _w(lang)
    card = CARDS[card_id]
    sc = card["scoring"]
    n = card["take"]
    lines = [w["explain_take"][n != 1].format(n=n)]
    cost = tokens_words(card["cost"]["resources"], lang) if card["cost"]["resources"] else w["nothing"]
    lines.append(w["explain_cost"].format(cost=cost, sacrifice=w["explain_sacrifice"] if card["cost"]["sacrifice"] else ""))
    effect = card["immediate_effect"]
    if effect in w["explain_effect"]:
        lines.append(w["explain_effect"][effect])
    points = points_words(sc["points"], lang)
    if sc["kind"] == "fixed":
        lines.append(w["explain_fixed"].format(points=points))
    elif sc["kind"] == "per_card_of_colour_in_tribe":
        lines.append(w["explain_colour"].format(points=points, colour=w["colours"][sc["colour"]]))
    elif sc["kind"] == "per_card_of_type_in_tribe":
        lines.append(w["explain_type"].format(points=points, what=kind_name(sc["card_type"], lang),
                                              itself=w["explain_itself"] if sc.get("counts_itself") else ""))
    elif sc["kind"] == "per_resource_on_card":
        lines.append(w["explain_resource"].format(points=points, resource=token_name(sc["resource"], lang)))
    else:
        lines.append(w["explain_kinds"].format(points=points))
    return lines


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
    w = _w(lang)
    return ([w["from_fire"].format(n=fire)] if fire else []) + ([w["random"]] if bonus else [])


def _skip_words(view, action, lang, imperative, which=False):
    skip = action.get("skip")
    if skip is None:
        return ""
    w = _w(lang)
    resources = view.get("resources") or []
    top = resources[skip].get("top") if 0 <= skip < len(resources) else None
    what = token_name(top, lang, article=True) if top else w["empty_stack"]
    # the same kind skippable on two stacks: say which (counted clockwise from the card)
    twins = which and [a for a in view.get("legal") or [] if a.get("type") == "take_card" and a.get("stack") == action["stack"]
             and a.get("skip") not in (None, skip) and resources[a["skip"]].get("top") == top]
    if twins:
        n = (skip - action["stack"]) % 6
        what += w["stacks_on"][n != 1].format(n=n)
    return w["skip" if imperative else "skipping"].format(what=what)


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
    w = _w(lang)
    plural = w["bones_stand_for_plural"] and bones > 1 and len(kinds) == 1
    return w["bones_for"].format(kinds=join((w["tokens"][k][1 if plural else 0] for k in kinds), lang))


# ---- labels: a legal action as its button says it ------------------------------------------

def label(view, action, lang="en"):
    w = _w(lang)
    kind = action.get("type")
    if kind == "take_card":
        top = view["stacks"][action["stack"]].get("top")
        gets, fire, bonus = take_preview(view, action["stack"], action.get("skip"))
        name = _named(view, top, lang, "acc")
        extras = _preview_extras(fire, bonus, lang)
        if gets:
            text = w["take_with"].format(card=name, tokens=tokens_words(gets, lang, "dat"))
        else:
            text = w["take_without"].format(card=name)
        return text + "".join(f", {x}" for x in extras) + _skip_words(view, action, lang, True, which=True)
    if kind == "take_visible":
        name = _named(view, view["stacks"][action["stack"]].get("top"), lang, "acc")
        return w["take_without"].format(card=name)
    if kind == "play":
        name = _named(view, action["card"], lang, "acc")
        pay = action.get("pay") or []
        victim = _named(view, action["sacrifice"], lang, "acc") if action.get("sacrifice") else None
        pay_words = tokens_words(pay, lang) + _joker_words(action["card"], pay, lang)
        parts = [w["play_pay"].format(card=name, pay=pay_words) if pay else w["play_free"].format(card=name)]
        return ", ".join(parts + ([w["sacrifice"].format(card=victim)] if victim else []))
    if kind == "store":
        on = _named(view, action["card"], lang, "acc")
        return w["store"].format(token=token_words(action["token"], 1, lang), card=on)
    if kind == "discard":
        return w["discard"].format(token=token_words(action["token"], 1, lang))
    if kind == "end_turn":
        return w["end_turn"]
    return w["move"]


# ---- a move: one phrase (and sentences after it), for the log and the command line ----------

def _gains(events, player, source):
    return [e["token"] for e in events if e.get("type") == "gain" and e.get("player") == player
            and (e.get("from") or "").startswith(source)]


def _move(before, action, events, lang):
    """(the mover's phrase without the name, further sentences): 'nimmt den blauen Urmenschen
    mit 2 Beeren', ['Das Feuer ist leer: die letzte Runde beginnt']."""
    w = _w(lang)
    kind = action.get("type")
    me = before.get("current_seat")
    if kind == "take_card":
        card = next((e["card"] for e in events if e.get("type") == "take_card"), None)
        from_stacks, from_fire, from_supply = (_gains(events, me, s) for s in ("stack", "fire", "supply"))
        name = card_name(card, lang, "acc")
        if from_stacks:
            text = w["takes_with"].format(card=name, tokens=tokens_words(from_stacks, lang, "dat"))
        else:
            text = w["takes_without"].format(card=name)
        extra = [w["tokens_from_fire"].format(tokens=tokens_words(from_fire, lang))] if from_fire else []
        extra += [w["tokens_from_supply"].format(tokens=tokens_words(from_supply, lang))] if from_supply else []
        text += w["plus"].format(extra=join(extra, lang)) if extra else ""
        text += _skip_words(before, action, lang, False) if before.get("resources") else ""
    elif kind == "take_visible":
        card = next((e["card"] for e in events if e.get("type") == "take_visible"), None)
        text = w["takes_without"].format(card=card_name(card, lang, "acc"))
    elif kind == "play":
        name = card_name(action["card"], lang, "acc")
        pay = action.get("pay") or []
        got = _gains(events, me, "supply")
        if pay:
            parts = [w["plays"].format(card=name),
                     w["pays"].format(pay=tokens_words(pay, lang) + _joker_words(action["card"], pay, lang))]
        else:
            parts = [w["plays_free"].format(card=name)]
        parts += [w["sacrifices"].format(card=card_name(action["sacrifice"], lang, "acc"))] if action.get("sacrifice") else []
        parts += [w["gets"].format(tokens=tokens_words(got, lang))] if got else []
        text = ", ".join(parts)  # "spielt … aus, zahlt 2 Beeren und 1 Fell, opfert …"
    elif kind == "store":
        text = w["stores"].format(token=token_words(action["token"], 1, lang), card=card_name(action["card"], lang, "acc"))
    elif kind == "discard":
        text = w["discards"].format(token=token_words(action["token"], 1, lang))
    elif kind == "end_turn":
        over = next((e for e in events if e.get("type") == "over_capacity"), None)
        text = w["ends_over"].format(capacity=over["capacity"]) if over else w["ends"]
    else:
        text = w["moves"]
    after = []
    if any(e.get("type") == "final_round" for e in events):
        after.append(w["final_round_begins"])
    return text, after


def describe(action, before_view, events, lang="en"):
    """One applied move in one line (the command line): the log's phrase without the name."""
    lang = _lang(lang)
    text, after = _move(before_view, action, events, lang)
    return "; ".join([text] + [x[:1].lower() + x[1:] for x in after])


def log(before_view, action, events, lang="en"):
    """The log lines of a move, named: one group per turn, so a turn reads as one line."""
    lang = _lang(lang)
    text, after = _move(before_view, action, events, lang)
    group = f"turn {before_view.get('turns')}"
    who = seat_name(before_view, before_view.get("current_seat"), lang)
    return [{"text": f"{who} {text}.", "group": group}] + [{"text": f"{x}.", "group": group} for x in after]


# ---- the view's further texts ---------------------------------------------------------------

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
    w = _w(lang)
    kind = action["type"]
    if kind == "take_card":
        top = view["stacks"][action["stack"]]["top"]
        _, fire, bonus = take_preview(view, action["stack"], action.get("skip"))
        out = {"text": w["you_get"].format(card=capital(card_name(top, lang)))}
        extras = _preview_extras(fire, bonus, lang)
        if extras:
            out["after"] = " ".join(extras)
        return out
    if kind == "play":
        free = "" if action["pay"] else w["free"]
        if action.get("sacrifice"):
            return w["button_sacrifice"].format(card=card_name(action["sacrifice"], lang, "acc"), free=free)
        return w["button_play"].format(free=free)
    if kind == "store":
        return w["button_store"]
    if kind == "discard":
        return token_name(action["token"], lang)
    return label(view, action, lang)


def view_words(view, lang="en"):
    w = _w(lang)
    seat = view.get("seat")
    me = _me(view)
    over = view.get("over") or view.get("phase") == "over"
    words = {"cards": _cards_words(view, lang)}
    # the bar's prompt for the reader's step
    texts = w["prompts"]
    prompts = {}
    if not over:
        prompts["waiting"] = texts["waiting"]
    legal = view.get("legal") or []
    if legal:
        phase = view.get("phase")
        if phase == "take":
            prompts["take"] = texts["take"]
            prompts["take_touch"] = texts["take_touch"]
            if any(a.get("skip") is not None for a in legal):
                prompts["skip"] = texts["skip"]
        elif phase == "play":
            prompts["play"] = texts["play" if any(a["type"] in ("play", "store") for a in legal) else "play_nothing"]
        elif phase == "take_visible":
            prompts["take_visible"] = texts["take_visible"]
            prompts["take_visible_touch"] = texts["take_visible_touch"]
        elif phase == "discard" and me:
            prompts["discard"] = texts["discard"].format(capacity=me["capacity"])
        words["buttons"] = [_button(view, a, lang) for a in legal]
    if view.get("final_round") and not over:
        prompts["final_round"] = texts["final_round"]
    words["prompt"] = prompts
    # the circle
    words["fire"] = w["fire"].format(n=view.get("fire", 0))
    words["supply"] = w["supply_count"].format(n=view.get("supply", 0))
    words["stacks"] = [count(s["count"], "card", lang) for s in view.get("stacks") or []]
    # the players: points, free places, chief, hand cards (and those everyone saw taken), tribe
    players = []
    for i, p in enumerate(view.get("players") or []):
        name = seat_name(view, i, lang)
        held = sum((p.get("available") or {}).values())
        chief = CHIEFS[p["chief"]]["number"] if p.get("chief") in CHIEFS else p.get("number")
        power = f": {w['powers'][p['power']]}" if p.get("power") in w["powers"] else ""
        capacity = p.get("capacity")
        hand = count(p.get("hand_count", 0), "hand_card", lang)
        seen = p.get("seen_hand") or []
        seen_text = w["seen"].format(cards=", ".join(card_name(c, lang) for c in seen)) if seen and i != seat else ""
        if capacity is None:  # before the set-up draws (a fair game waits for its first reveals)
            places, chief_text = w["no_chief"], ""
        else:
            places = w["places"].format(free=max(0, capacity - held), capacity=capacity)
            chief_text = w["chief"].format(number=chief, power=power)
        players.append({
            "name": name,
            "points": points_words(p.get("score", 0), lang),
            "places": places,
            "info": f"{chief_text}{hand}{seen_text}",
            "tribe": w["tribe"].format(name=name, points=points_words(p.get("score", 0), lang)),
        })
    words["players"] = players
    if me is not None:
        own = seat_name(view, seat, lang)
        # several people at one screen: whose hand it is
        words["hand"] = w["hand_of"].format(name=own) if _hot_seat(view) else w["your_hand"]
        words["empty_hand"] = w["empty_hand"]
    # the end: each player's total and resources left
    if view.get("breakdown"):
        words["summary"] = [{"total": points_words(b["total"], lang),
                             "left": w["left"].format(resources=count(b["resources"], "resource", lang))}
                            for b in view["breakdown"]]
        words["winner"] = w["winner"]
    return words


def figure_words(lang="en"):
    """The end-of-game figures (ElawaState.end_figures): points by card kind, the tribe's cards by
    kind, resources taken and left."""
    w = _w(lang)
    words = {}
    for kind in sorted(w["kinds"]):
        plural = kind_name(kind, lang, plural=True)
        words[kind] = w["figure_kind"].format(plural=plural, Plural=capital(plural))
        words[f"cards_{kind}"] = w["figure_cards"].format(plural=plural, Plural=capital(plural))
    words.update(w["figures"])
    return words


# ---- a hint's reason (urzeit.ai.explain, the bot's explain) ---------------------------------

def _hint_part(part, lang):
    h = _w(lang)["hint"]
    kind = part.get("kind")
    n = part.get("points", 0)
    points = points_words(n, lang)
    if kind == "take":  # the move's label already names the card and its resources
        return ""
    if kind == "then_play":
        return h["then_play"].format(card=card_name(part["card"], lang, "acc"), points=points)
    if kind == "later":
        return h["later"].format(scoring=scoring_text(part["card"], lang))
    if kind in ("worth", "take_visible"):  # the take's label names the card already
        return h["worth"].format(points=points)
    if kind == "play":  # a sacrifice (a hand card) the move's label names already
        if n > 0:
            return h["play"].format(points=points)
        return h["play_later"].format(card=card_name(part["card"], lang, "nom"), scoring=scoring_text(part["card"], lang))
    if kind == "store":
        return h["store"].format(points=points)
    if kind == "end":
        return h["end"].format(kept=count(part["tokens"], "resource", lang))
    if kind == "discard":
        return h["discard"].format(capacity=count(part["capacity"], "resource", lang),
                                   token=token_name(part["token"], lang, article=True))
    return ""


def hint_text(view, reason, lang="en"):
    """Why the hinted move is good, from the bot's reason: 'nimmt 3 Rohstoffe (2 Beeren und
    1 Fell); danach kannst du die blaue Hütte für 4 Punkte ausspielen'."""
    lang = _lang(lang)
    return "; ".join(t for t in (_hint_part(p, lang) for p in reason.get("parts", [])) if t)
