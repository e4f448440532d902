"""What the protocols' operations share: checked request fields and the words of replies."""

from ..core import words as core_words
from ..core.errors import BadRequest
from ..core.words import LANGS


def int_field(req, key, lo, hi, allow_none=False):
    value = req.get(key)
    if value is None and allow_none:
        return None
    if type(value) is not int or not lo <= value <= hi:
        raise BadRequest(f"{key} must be an integer from {lo} to {hi}")
    return value


def lang_of(req):
    """The language a request wants its words in (None: no words)."""
    lang = req.get("lang")
    if lang is not None and lang not in LANGS:
        raise BadRequest(f"lang must be one of {', '.join(LANGS)}")
    return lang


def with_words(match, view, lang):
    """The view with its `words` (legal actions' labels and the game's further texts) when
    the request asked for a language."""
    words = match.game.words() if lang else None
    if words is not None:
        texts = {"legal": [words.label(view, a, lang) for a in view["legal"]]} if view.get("legal") else {}
        texts.update(words.view_words(view, lang))
        texts["lang"] = lang  # which language these are: a page switching tells old words from new
        if view.get("stats"):  # the end figures' names in both languages: the page keeps them
            texts["figures"] = figure_names(words)
        view["words"] = texts
    return view


def figure_names(words) -> dict:
    """{figure key: {"de", "en"}} from a game's words (core.words' default if it has none)."""
    worded = {lg: getattr(words, "figure_words", core_words.figure_words)(lg) for lg in LANGS}
    return {k: {lg: worded[lg].get(k, k) for lg in LANGS} for k in sorted(worded["en"])}


def log_lines(match, before, action, events, lang):
    """A move's log lines in both languages (a language switch rewords the log without asking
    again): [{"group", "de", "en"}]; a line with the same group as the line before continues it."""
    words = match.game.words() if lang else None
    if words is None:
        return None
    worded = {lg: [x if isinstance(x, dict) else {"text": x, "group": None}
                   for x in words.log(before, action, events, lg)] for lg in LANGS}
    if len({len(v) for v in worded.values()}) != 1:
        raise AssertionError(f"{match.game.id}: the log has a different number of lines per language")
    return [{"group": worded["en"][i].get("group"), **{lg: worded[lg][i]["text"] for lg in LANGS}}
            for i in range(len(worded["en"]))]

