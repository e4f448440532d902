"""Errors the engine raises; api.handle turns each into an error reply with its code."""


class UrzeitError(Exception):
    """`message` is English detail for developers and logs; players read `reason` (a stable
    key such as "sammler.figure_on_occupied_meadow") with `params`, worded by the page in
    their language (web/js/i18n.mjs). A reason-less error is worded by its code alone."""
    code = "bad_request"

    def __init__(self, message: str, reason: str | None = None, params: dict | None = None):
        super().__init__(message)
        self.message = message
        self.reason = reason
        self.params = dict(params or {})


class BadRequest(UrzeitError):
    code = "bad_request"


class UnknownGame(UrzeitError):
    code = "unknown_game"


class UnknownMatch(UrzeitError):
    code = "unknown_match"


class NotYourTurn(UrzeitError):
    code = "not_your_turn"


class StaleState(UrzeitError):
    code = "stale_state"


class IllegalAction(UrzeitError):
    code = "illegal_action"


class BadSave(UrzeitError):
    code = "bad_save"


ERROR_CODES = ("bad_request", "unknown_game", "unknown_match", "not_your_turn",
               "stale_state", "illegal_action", "bad_save")
