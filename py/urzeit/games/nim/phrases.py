"""Hidden-hand Nim's words per language (core/words.py: one table per language, filled by
words.py)."""

PHRASES = {
    "de": {
        "stones": ("Stein", "Steine"),
        "takes": "nimmt {n} {stones}", "none_left": "kein Stein bleibt", "left": "{n} bleiben liegen",
        "passes": "passt (keine Karte passt)", "moves": "zieht",
        "take_label": "Nimm {n}", "pass_label": "Passen",
        "log_take": "{who} nimmt {n} (Rest {pile})", "log_pass": "{who} passt", "log_draw": "{who} zieht eine Karte",
        "figures": {"last_stone": "Letzter Stein"},
    },
    "en": {
        "stones": ("stone", "stones"),
        "takes": "takes {n} {stones}", "none_left": "none is left", "left": "{n} left",
        "passes": "passes (no card fits)", "moves": "moves",
        "take_label": "Take {n}", "pass_label": "Pass",
        "log_take": "{who} takes {n} ({pile} left)", "log_pass": "{who} passes", "log_draw": "{who} draws a card",
        "figures": {"last_stone": "Last stone"},
    },
}
