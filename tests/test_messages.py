"""Every reason the engine can send reaches the player worded in German and English."""

import json
import pathlib
import re
import string

from urzeit import api
from urzeit import match as matches

PKG = pathlib.Path(api.__file__).parent
# reason="..." literals in the engine's source (f-strings are not allowed for reasons)
REASON = re.compile(r"""reason\s*=\s*["']([a-z0-9_.]+)["']""")


def raised_reasons():
    found = {}
    for path in sorted(PKG.rglob("*.py")):
        for key in REASON.findall(path.read_text(encoding="utf-8")):
            found.setdefault(key, path.relative_to(PKG).as_posix())
    return found


def placeholders(text):
    """The params a text uses; a name in the text's own language ({card_de} / {card_en}) is one
    param sent in both languages."""
    names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return {re.sub(r"_(de|en)$", "", name) for name in names}


def test_every_raised_reason_has_german_and_english_text():
    texts = api.all_messages()
    reasons = raised_reasons()
    assert "game_over" in reasons  # the scan itself works
    reasons.update({key: "api.py" for key, _ in matches.UNDO_REFUSALS})
    missing = {k: where for k, where in reasons.items() if k not in texts}
    assert not missing, f"reasons without messages.json text: {missing}"
    for key, t in texts.items():
        assert set(t) == {"de", "en"} and t["de"] and t["en"], key
        assert placeholders(t["de"]) == placeholders(t["en"]), key
        for lang, other in (("de", "en"), ("en", "de")):  # each text names things in its own language
            assert not any(n.endswith("_" + other) for _, n, _, _ in string.Formatter().parse(t[lang]) if n), key


def test_hello_sends_the_messages():
    reply = json.loads(api.handle(json.dumps({"op": "hello"})))
    assert reply["result"]["messages"]["undo.game_over"]["de"].startswith("Das Spiel")
