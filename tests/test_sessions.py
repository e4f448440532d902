"""The page's ways of play are sessions (web/js/sessions/, issue 36): the table screen and the
renderers ask a session and never which kind it is; every session keeps the one contract of
sessions/session.mjs; what a session starts goes with it (its scope)."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
JS = ROOT / "web/js"
SESSIONS = sorted((JS / "sessions").glob("*.mjs"))

# what a session must have (sessions/session.mjs: Session) and may have
REQUIRED = {"kind", "matchId", "offers", "decides", "act", "viewAgain", "record", "dispose"}
OFFERS = {"undo", "hint", "again", "replayBar", "decisionIntoView"}


def _code(path):
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    return re.sub(r"(?m)^\s*//[^\n]*|\s//[^\n]*", "", text)


def test_the_table_and_the_renderers_never_ask_how_the_game_is_played():
    """No comparison with a way of play ("local", "fair", "lesson", "replay", "live") and no
    `instanceof …Session` in the table's screens or any renderer: they ask the session."""
    files = [JS / "screens/table.mjs", JS / "screens/table-bar.mjs", JS / "screens/end.mjs",
             *sorted((JS / "renderers").rglob("*.mjs"))]
    mode = re.compile(r"""(\bmode\b|\.kind)\s*[!=]==?\s*["'](local|fair|lesson|replay|live)["']|["'](local|fair|lesson|replay|live)["']\s*[!=]==?\s*(\w+\.)*(mode|kind)\b""")
    offenders = []
    for path in files:
        code = _code(path)
        offenders += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in mode.finditer(code)]
        offenders += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in re.finditer(r"instanceof\s+\w*Session", code)]
        offenders += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in re.finditer(r"\bmatch\.mode\b", code)]
    assert offenders == []
    # the pattern finds what it is for
    assert mode.search('if (match.mode === "fair") x();') and mode.search("s.kind !== 'lesson'")


def _class_members(code, name):
    body = code[code.index(f"class {name}"):]
    body = body[:body.index("\n}\n")]
    members = set(re.findall(r"^  (?:static\s+)?(?:async\s+)?(?:get\s+)?(\w+)\s*\(", body, re.M))
    members |= set(re.findall(r"this\.(\w+)\s*=", body))
    return members, body


def test_every_session_keeps_the_contract():
    found = []
    for path in SESSIONS:
        code = _code(path)
        for name in re.findall(r"^export class (\w+Session)\b", code, re.M):
            members, body = _class_members(code, name)
            missing = REQUIRED - members
            assert not missing, f"{name} lacks {sorted(missing)}"
            offers = re.search(r"this\.offers = \{([^}]*)\}", body)
            assert offers, f"{name} declares no offers"
            keys = set(re.findall(r"(\w+):", offers.group(1)))
            assert OFFERS <= keys, f"{name}'s offers lack {sorted(OFFERS - keys)}"
            assert "this.scope = new Scope()" in body and "this.scope.dispose()" in body, f"{name} has no scope it ends"
            found.append(name)
    assert sorted(found) == ["FairSession", "LessonSession", "LocalSession", "ReplaySession"]


def test_what_a_session_starts_ends_with_it():
    """Timers, listeners and elements a session or a live room makes go through its scope (no bare
    setInterval or document listener that outlives the table)."""
    offenders = []
    users = [p for p in SESSIONS if p.name != "session.mjs"]  # session.mjs defines the scope itself
    for path in [*users, JS / "screens/live-panel.mjs", JS / "screens/live-invite.mjs", JS / "transports/link.mjs"]:
        code = _code(path)
        for m in re.finditer(r"\bsetInterval\(|document\.addEventListener\(|window\.addEventListener\(", code):
            offenders.append(f"{path.relative_to(ROOT)}: {m.group(0)}")
    assert offenders == []
