"""Hidden-hand Nim's moves in words, for replays read outside the page (`urzeit replay`).

describe(action, before_view, events, lang) words one applied action from the api's JSON
alone: the action, the acting seat's view before it, and the events it caused.
"""

from ...core.words import label, log, view_words  # noqa: F401  (defaults until this game words them)


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
