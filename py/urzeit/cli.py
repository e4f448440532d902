"""The `urzeit` command: bot tournaments, and exported games read and checked in a terminal.

  urzeit tournament --game sammler --seats hard,easy --games 200
  urzeit replay FILE [--lang de|en]     an exported game move by move, in words, with scores
  urzeit check FILE                     is this a valid save, replay or fair record? (exit 1 if not)
  urzeit duel --game ID --players 2 --out record.json
                                        a fair game between independent parties (docs/fair-play.md)

Everything goes through the JSON api, exactly as the page plays. The words for a game's
moves come from that game's package (`urzeit.games.<id>.words.describe`), so this module
knows no game by name.
"""

import argparse
import json
import sys

from . import api, fair, games
from .core.errors import UrzeitError

TEXT = {
    "en": {
        "players": "{n} players", "seed": "seed {seed}", "human": "human", "computer": "computer",
        "level": {"random": "random", "easy": "easy", "medium": "medium", "hard": "hard", "expert": "expert"},
        "moves": "{n} moves", "move": "1 move",
        "wins": "{names} wins with {score}", "win_many": "{names} win with {score}",
        "tie": "a tie at {score}", "not_over": "not finished, {name} to move",
        "result": "Result", "score": "Score", "and": "and", "moved": "moves",
    },
    "de": {
        "players": "{n} Spieler", "seed": "Startwert {seed}", "human": "Mensch", "computer": "Computer",
        "level": {"random": "zufällig", "easy": "leicht", "medium": "mittel", "hard": "schwer", "expert": "Experte"},
        "moves": "{n} Züge", "move": "1 Zug",
        "wins": "{names} gewinnt mit {score}", "win_many": "{names} gewinnen mit {score}",
        "tie": "unentschieden, {score}", "not_over": "nicht fertig, {name} ist am Zug",
        "result": "Ergebnis", "score": "Stand", "and": "und", "moved": "zieht",
    },
}


class CliError(Exception):
    """A file the command cannot use: its message is for the user."""


def _call(request: dict) -> dict:
    reply = json.loads(api.handle(json.dumps(request)))
    if not reply["ok"]:
        raise CliError(reply["error"]["message"])
    return reply["result"]


def read_replay(path: str) -> dict:
    """The replay in an exported file (or in a saved-game record that wraps one)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise CliError(f"cannot read {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise CliError(f"{path} is not text (UTF-8)") from None
    try:
        data = json.loads(text)
    except ValueError as e:
        raise CliError(f"{path} is not JSON: {e}") from None
    if isinstance(data, dict) and isinstance(data.get("replay"), dict):
        data = data["replay"]
    return data


def load(replay: dict) -> dict:
    """Validate the whole replay through the api: the final view, or CliError with the reason."""
    result = _call({"op": "load", "save": replay})
    view = _call({"op": "view", "match": result["match"], "seat": None})
    api.call({"op": "close", "match": result["match"]})
    return view


def _names(view):
    return [s["name"] for s in view["seats"]]


def _join(items, t):
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {t['and']} " + items[-1]


def _title(game_id, lang):
    for g in _call({"op": "hello"})["games"]:
        if g["id"] == game_id:
            return g["titles"].get(lang) or g["titles"].get("en") or game_id
    return game_id


def result_text(view, lang):
    t = TEXT[lang]
    names, scores = _names(view), view["scores"]
    score = " : ".join(str(s) for s in scores)
    if not view["over"]:
        current = view["current_seat"]
        return t["not_over"].format(name=names[current] if current is not None else "?")
    winners = view["winners"]  # the game's own verdict, tie-breaks included
    if not winners or len(winners) == len(scores) > 1:
        return t["tie"].format(score=score)
    key = "wins" if len(winners) == 1 else "win_many"
    return t[key].format(names=_join((names[i] for i in winners), t), score=score)


def _words(game_id):
    """The game's describe(action, before_view, events, lang), or a plain fallback."""
    words = games.get(game_id).words()
    if words is None:
        return lambda action, before, events, lang: TEXT[lang]["moved"]
    return words.describe


def _seat_text(seat, t):
    if seat["kind"] == "ai":
        return f"{seat['name']} ({t['computer']}, {t['level'].get(seat.get('level'), seat.get('level'))})"
    return f"{seat['name']} ({t['human']})"


def replay_lines(replay: dict, lang: str = "en"):
    """The game move by move in words: who did what, who scored, and the scores after."""
    t = TEXT[lang]
    final = load(replay)  # refuse a bad file before printing anything
    game_id = final["game"]
    describe = _words(game_id)
    seats = replay.get("seats") or [{"kind": "human"} for _ in range(replay["players"])]
    started = _call({"op": "new", "game": game_id, "seats": seats, "seed": replay["seed"],
                     "options": replay["options"]})
    match = started["match"]
    try:
        view = _call({"op": "view", "match": match, "seat": None})
        names = _names(view)
        yield f"{_title(game_id, lang)} · {t['players'].format(n=len(names))} · {t['seed'].format(seed=replay['seed'])}"
        yield ", ".join(_seat_text(s, t) for s in view["seats"])
        for i, action in enumerate(replay["actions"], 1):
            seat = view["current_seat"]
            before = _call({"op": "view", "match": match, "seat": seat})
            reply = _call({"op": "act", "match": match, "seat": seat, "state_id": before["state_id"],
                           "action": action})
            after = reply["view"]
            words = describe(action, before, reply["events"], lang)
            changed = [(p, b - a) for p, (a, b) in enumerate(zip(before["scores"], after["scores"])) if a != b]
            # the mover's own gain plainly ("· +4"), anyone else's with their name
            gains = [(f"{names[p]} " if [q for q, _ in changed] != [seat] else "") + (f"+{d}" if d > 0 else f"−{-d}")
                     for p, d in changed]
            line = f"{i:4}. {names[seat]}: {words}"
            if gains:
                line += " · " + ", ".join(gains)
            line += " · " + ", ".join(f"{n} {s}" for n, s in zip(names, after["scores"]))
            yield line
            view = after
        yield f"{t['result']}: {result_text(final, lang)}"
    finally:
        api.call({"op": "close", "match": match})


def summary(replay: dict) -> str:
    """One line for a valid file: game, players, moves, result."""
    t = TEXT["en"]
    view = load(replay)
    n = len(replay["actions"])
    moves = t["move"] if n == 1 else t["moves"].format(n=n)
    players = ", ".join(_names(view))
    return f"OK: {_title(view['game'], 'en')} · {t['players'].format(n=len(view['seats']))} ({players}) · {moves} · {result_text(view, 'en')}"


def fair_summary(record: dict) -> str:
    """`check` of a fair record (recognised by its format): every signature, reveal, draw and
    move, and the result."""
    try:
        return fair.summary(record)
    except UrzeitError as e:
        raise CliError(e.message) from None


def run_duel(args) -> int:
    from .fair import duel
    try:
        options = json.loads(args.options) if args.options else None
        stats = {}
        record = duel.play(args.game, args.players, options, args.level, args.seed, stats=stats)
    except ValueError as e:
        print(f"urzeit duel: --options is not JSON: {e}", file=sys.stderr)
        return 1
    except UrzeitError as e:
        print(f"urzeit duel: {e.message}", file=sys.stderr)
        return 1
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(record, f, ensure_ascii=False)
        f.write("\n")
    print(f"{args.out}: {stats['messages']} messages, {stats['draws']} draws, {stats['moves']} moves "
          f"in {stats['total_s']:.1f} s · {fair.summary(record)}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="urzeit", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    tour = sub.add_parser("tournament", help="bot tournaments (the options of python -m urzeit.tournament)",
                          add_help=False)
    tour.add_argument("args", nargs=argparse.REMAINDER)
    rep = sub.add_parser("replay", help="print an exported game move by move, in words, with the scores")
    rep.add_argument("file")
    rep.add_argument("--lang", choices=["en", "de"], default="en")
    chk = sub.add_parser("check", help="validate a save or replay and say what is wrong")
    chk.add_argument("file")
    duel = sub.add_parser("duel", help="play a fair game between independent parties in this process "
                                       "and write its record (docs/fair-play.md)")
    duel.add_argument("--game", required=True)
    duel.add_argument("--players", type=int, default=2)
    duel.add_argument("--out", required=True, help="where the record goes (JSON)")
    duel.add_argument("--seed", type=int, default=0, help="the computer players' choices only; "
                                                          "every draw comes from the parties' secrets")
    duel.add_argument("--level", choices=["random", "easy", "medium", "hard", "expert"], default="easy")
    duel.add_argument("--options", default=None, help="the game's options as JSON")
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["tournament"]:  # all its options are the tournament's own
        from . import tournament
        return tournament.main(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "duel":
        return run_duel(args)
    try:
        replay = read_replay(args.file)
        if args.command == "check" and fair.is_fair_record(replay):
            print(fair_summary(replay))
        elif args.command == "replay":
            for line in replay_lines(replay, args.lang):
                print(line)
        else:
            print(summary(replay))
    except BrokenPipeError:  # the reader (head, less) stopped early
        sys.stderr.close()
        return 0
    except CliError as e:
        if args.command == "check":
            print(f"NOT OK: {e}")
        else:
            print(f"{args.file}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
