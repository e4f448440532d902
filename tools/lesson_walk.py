#!/usr/bin/env python3
"""Walk a lesson step by step in the engine, for whoever writes one (docs/lessons.md): each
step's words, the learner's legal moves worded (the expected ones marked), what the other seats
then did (the log), and where the script stops fitting, with the moves that were legal there.

  PYTHONPATH=py python3 tools/lesson_walk.py sammler first [de|en]
  PYTHONPATH=py python3 tools/lesson_walk.py path/to/draft.json --game elawa [de|en]
"""

import argparse
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from urzeit import api, games, lessons  # noqa: E402
from urzeit.core.actions import action_key  # noqa: E402


def show_moves(reply, lang):
    for m in reply["moves"]:
        for line in m["log"] or []:
            print(f"    | {line[lang]}")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", help="a game id (with a lesson name) or a draft lesson's JSON file")
    p.add_argument("name", nargs="?", help="the lesson's name in the game's package")
    p.add_argument("lang", nargs="?", default="de")
    p.add_argument("--game", help="the game of a draft file")
    args = p.parse_intermixed_args()
    if args.what.endswith(".json"):  # a draft: walked as if it were in the game's package
        game = games.get(args.game)
        if args.name in ("de", "en"):
            args.lang = args.name
        name = pathlib.Path(args.what).stem
        lessons.of(game)[name] = lessons.parse(json.loads(pathlib.Path(args.what).read_text(encoding="utf-8")), game, name)
    else:
        game, name = games.get(args.what), args.name
    lang = args.lang
    reply = api.call({"op": "lesson_start", "game": game.id, "name": name, "lang": lang})
    if not reply["ok"]:
        sys.exit(f"cannot start: {reply['error']['message']}")
    r = reply["result"]
    show_moves(r, lang)
    lesson = lessons.of(game)[name]
    while r["step"]["kind"] != "end":
        step = r["step"]
        print(f"\n[{step['index'] + 1}/{step['count']}] {step['say'][lang]}")
        if step["target"]:
            print(f"    target: {json.dumps(step['target'])}")
        if step["kind"] == "read":
            req = {"op": "lesson_next", "lesson": r["lesson"], "step": step["index"], "lang": lang}
        else:
            # the step's expected moves that are legal here (none: the script stops fitting)
            written = lesson["steps"][step["index"]]["expect"]
            expected = {action_key(a) for a in step["expect"]}
            for action, label in zip(r["view"].get("legal", []), r["view"].get("words", {}).get("legal", [])):
                print(f"  {'=>' if action_key(action) in expected else '  '} {label}    {json.dumps(action)}")
            way = step["expect"][0] if step["expect"] else written[0]
            req = {"op": "lesson_act", "lesson": r["lesson"], "step": step["index"], "action": way, "lang": lang}
        reply = api.call(req)
        if not reply["ok"]:  # where the script stops fitting: what was legal there
            print(f"\nSTOPS at step {step['index'] + 1}: {reply['error']['message']}")
            # the lesson is back before the step: play it again on a copy up to the move that fails
            run = lessons.get(r["lesson"])
            state = run.match.state.clone()
            todo = [way] + lesson["steps"][step["index"]]["then"]
            for action in todo:
                try:
                    state.apply(action)
                    while state.chance_due() is not None:
                        state.apply_chance(run.draws(state.chance_due()))
                except Exception as e:
                    print(f"  {json.dumps(action)} fails: {getattr(e, 'message', e)}")
                    break
            print(f"  seat to move there: {state.current_player} (the learner is {run.learner}); legal there:")
            for action in state.legal_actions()[:60]:
                print(f"    {json.dumps(action)}")
            sys.exit(1)
        r = reply["result"]
        show_moves(r, lang)
    view = r["view"]
    print(f"\nend ({'over' if view['over'] else 'NOT over: the game goes on after the last step'}), "
          f"scores {view['scores']}:\n  {lesson['end'][lang]}")


if __name__ == "__main__":
    main()
