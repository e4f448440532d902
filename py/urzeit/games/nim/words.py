"""Hidden-hand Nim's moves in words, for the page (labels, log) and `urzeit replay`
(core/words.py says what each function gives); the words themselves are phrases.py's."""

from ...core.words import phrases, view_words  # noqa: F401  (nim shows no further texts)
from .phrases import PHRASES


def describe(action, before_view, events, lang="en"):
    w = phrases(PHRASES, lang)
    if action.get("type") == "take":
        n = action["n"]
        left = next((e["pile"] for e in events if e.get("type") == "take"), None)
        text = w["takes"].format(n=n, stones=w["stones"][n != 1])
        if left is not None:
            text += ", " + (w["none_left"] if left == 0 else w["left"].format(n=left))
        return text
    if action.get("type") == "pass":
        return w["passes"]
    return w["moves"]


def label(view, action, lang="en"):
    w = phrases(PHRASES, lang)
    if action.get("type") == "take":
        return w["take_label"].format(n=action["n"])
    return w["pass_label"]


def log(before_view, action, events, lang="en"):
    w = phrases(PHRASES, lang)
    names = [s["name"] for s in before_view["seats"]]
    lines = []
    for e in events:
        who = names[e["player"]] if "player" in e else ""
        if e["type"] == "take":
            lines.append(w["log_take"].format(who=who, n=e["n"], pile=e["pile"]))
        elif e["type"] == "pass":
            lines.append(w["log_pass"].format(who=who))
        elif e["type"] == "draw":
            lines.append(w["log_draw"].format(who=who))
    return lines


def figure_words(lang="en"):
    return dict(phrases(PHRASES, lang)["figures"])
