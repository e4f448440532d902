"""Hidden-hand Nim's moves in words, for the page (labels, log) and `urzeit replay`
(core/words.py says what each function gives)."""

from ...core.words import view_words  # noqa: F401  (nim shows no further texts)


def describe(action, before_view, events, lang="en"):
    de = lang == "de"
    if action.get("type") == "take":
        n = action["n"]
        left = next((e["pile"] for e in events if e.get("type") == "take"), None)
        if de:
            text = f"nimmt {n} {'Stein' if n == 1 else 'Steine'}"
            if left is not None:
                text += f", {'kein Stein bleibt' if left == 0 else f'{left} bleiben liegen'}"
        else:
            text = f"takes {n} {'stone' if n == 1 else 'stones'}"
            if left is not None:
                text += f", {'none is left' if left == 0 else f'{left} left'}"
        return text
    if action.get("type") == "pass":
        return "passt (keine Karte passt)" if de else "passes (no card fits)"
    return "zieht" if de else "moves"


def label(view, action, lang="en"):
    de = lang == "de"
    if action.get("type") == "take":
        return f"Nimm {action['n']}" if de else f"Take {action['n']}"
    return "Passen" if de else "Pass"


def log(before_view, action, events, lang="en"):
    de = lang == "de"
    names = [s["name"] for s in before_view["seats"]]
    lines = []
    for e in events:
        who = names[e["player"]] if "player" in e else ""
        if e["type"] == "take":
            lines.append(f"{who} nimmt {e['n']} (Rest {e['pile']})" if de else f"{who} takes {e['n']} ({e['pile']} left)")
        elif e["type"] == "pass":
            lines.append(f"{who} passt" if de else f"{who} passes")
        elif e["type"] == "draw":
            lines.append(f"{who} zieht eine Karte" if de else f"{who} draws a card")
    return lines


def figure_words(lang="en"):
    return {"last_stone": "Letzter Stein" if lang == "de" else "Last stone"}
