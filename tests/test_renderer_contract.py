"""The renderer contract (web/js/renderers/contract.mjs, issue 36): every registered game's entry
and renderer keep it (nim too), the shell calls no renderer member the contract does not name,
the page's modules import one another without a cycle, and no renderer module is over 600
lines."""

import pathlib
import re

import pytest

from urzeit import games

ROOT = pathlib.Path(__file__).resolve().parent.parent
JS = ROOT / "web/js"


def _contract_members(name):
    text = (JS / "renderers/contract.mjs").read_text(encoding="utf-8")
    block = re.search(rf"export const {name} = \{{([\s\S]*?)\}};", text).group(1)
    return set(re.findall(r"(\w+): \[", block))


@pytest.mark.browser
def test_every_games_entry_and_renderer_keep_the_contract(page, served_dist):
    page.goto(served_dist + "?test=1")
    page.wait_for_selector("#game-list .game-card")
    report = page.evaluate("""async () => {
        const { GAMES } = await import('./js/games.mjs');
        const { checkGame, checkRenderer } = await import('./js/renderers/contract.mjs');
        return GAMES.map((g) => ({ id: g.id, problems: [...checkGame(g), ...checkRenderer(g.create(), g.id)] }));
    }""")
    assert sorted(r["id"] for r in report) == sorted(g.id for g in games.all_games())
    assert all(not r["problems"] for r in report), report
    # the checker finds what is wrong: the old nim renderer (render instead of mount/update),
    # a misspelt member, a wrong type, a title declared by the page
    found = page.evaluate("""async () => {
        const { checkGame, checkRenderer } = await import('./js/renderers/contract.mjs');
        return [checkRenderer({ render() {} }), checkRenderer({ mount() {}, update() {}, breakdown() {}, lessonTargets() {} }),
                checkRenderer({ mount() {}, update: 1, breakdown() {}, scrollsToDecisions: "yes" }),
                checkGame({ id: "x", create() {}, titles: { de: "X", en: "X" } }), checkGame(null)];
    }""")
    assert found[0] == ["renderer: mount is missing", "renderer: update is missing", "renderer: breakdown is missing",
                        "renderer: render is not in the contract"]
    assert found[1] == ["renderer: lessonTargets is not in the contract"]
    assert found[2] == ["renderer: update is number, not function", "renderer: scrollsToDecisions is string, not boolean"]
    assert found[3] == ["game x: titles is the engine's (Game.describe), not the page's"]
    assert found[4] == ["game ? is not an object"]
    page.watch.assert_clean()


def test_the_shell_calls_only_renderer_members_the_contract_names():
    """Every `renderer().x`, `match.renderer.x` and `r.x` of a renderer outside the renderers'
    folders is a member of contract.mjs."""
    members = _contract_members("RENDERER_MEMBERS")
    called = set()
    for path in sorted(JS.rglob("*.mjs")):
        if "renderers" in path.relative_to(JS).parts:
            continue
        code = path.read_text(encoding="utf-8")
        called |= {(path.name, m) for m in re.findall(r"\brenderer\(\)\.(\w+)", code)}
        called |= {(path.name, m) for m in re.findall(r"\.renderer\.(\w+)", code)}
        # `const r = renderer()` / `const r = match.renderer`: that r's members, to the end of
        # the function (a top-level function's closing brace)
        for m in re.finditer(r"const (\w+) = (?:renderer\(\)|match\.renderer);", code):
            body = code[m.end():].split("\n}", 1)[0]
            called |= {(path.name, x) for x in re.findall(rf"\b{m.group(1)}\.(\w+)", body)}
    assert called, "the patterns found no call at all"
    assert not {(f, m) for f, m in called if m not in members}, sorted(called)


IMPORT = re.compile(r"""(?:^|[;\n])\s*(?:import|export)\s+(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']""")


def _imports(path):
    """The modules a module imports statically (dynamic import() makes no cycle at load)."""
    code = re.sub(r"/\*[\s\S]*?\*/", "", path.read_text(encoding="utf-8"))
    code = re.sub(r"(?m)^\s*//[^\n]*", "", code)
    return [(path.parent / m).resolve() for m in IMPORT.findall(code) if m.startswith(".") and m.endswith(".mjs")]


def test_the_pages_modules_import_one_another_without_a_cycle():
    graph = {p.resolve(): _imports(p) for p in JS.rglob("*.mjs")}
    assert graph[(JS / "screens/menu.mjs").resolve()], "the walk sees imports"
    state, cycles = {}, []

    def walk(node, path):
        state[node] = "open"
        for nxt in graph.get(node, []):
            if state.get(nxt) == "open":
                cycles.append(" → ".join(str(p.relative_to(JS)) for p in path[path.index(nxt):] + [nxt]))
            elif nxt not in state:
                walk(nxt, path + [nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            walk(node, [node])
    assert not cycles, cycles


def test_no_renderer_module_and_no_word_list_is_over_600_lines():
    files = [*sorted((JS / "renderers").rglob("*.mjs")), JS / "i18n.mjs", JS / "games.mjs"]
    long = {str(p.relative_to(JS)): n for p in files if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600}
    assert not long, long
