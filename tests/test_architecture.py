"""A game is its package: the engine's shared modules and the page's shell name no game.
Adding a game touches its own folders and one registry line each side."""

import importlib
import pathlib
import re

from urzeit import games
from urzeit.core.words import LANGS

ROOT = pathlib.Path(__file__).resolve().parent.parent
IDS = [g.id for g in games.all_games()]

# what must know no game by name
ENGINE = ROOT / "py/urzeit"
ENGINE_SHARED = [ROOT / "py/urzeit/api.py", *sorted((ROOT / "py/urzeit/ops").glob("*.py")), ROOT / "py/urzeit/match.py",
                 ROOT / "py/urzeit/cli.py",
                 ROOT / "py/urzeit/lessons.py",
                 ROOT / "py/urzeit/tournament.py", ROOT / "build.py",
                 *sorted((ROOT / "py/urzeit/ai").glob("*.py")), *sorted((ROOT / "py/urzeit/core").glob("*.py"))]
PAGE_SHELL = [p for p in [*sorted((ROOT / "web/js").glob("*.mjs")), *sorted((ROOT / "web/js/screens").glob("*.mjs")),
                          ROOT / "web/index.html", ROOT / "web/css/style.css", ROOT / "web/sw.js"]
              if p.name != "games.mjs"]  # the page's registry: one line per game


def _code(path):
    """The text without comments and docstrings' usage examples: a name in a comment that says
    'e.g. sammler' is not a dependency."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        text = re.sub(r'"""[\s\S]*?"""', "", text)
        text = re.sub(r"#[^\n]*", "", text)
    elif path.suffix in (".mjs", ".js"):
        text = re.sub(r"/\*[\s\S]*?\*/", "", text)
        text = re.sub(r"(?m)^\s*//[^\n]*|\s//[^\n]*", "", text)
    elif path.suffix == ".css":
        text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    return text


def test_the_shared_engine_modules_name_no_game():
    for path in ENGINE_SHARED:
        code = _code(path)
        for game_id in IDS:
            assert not re.search(rf"\b{game_id}\b", code), f"{path.relative_to(ROOT)} names {game_id}"


def test_the_page_shell_names_no_game():
    for path in PAGE_SHELL:
        code = _code(path)
        for game_id in IDS:
            assert not re.search(rf"\b{game_id}\b", code), f"{path.relative_to(ROOT)} names {game_id}"


def test_the_page_registry_has_one_line_per_game():
    text = (ROOT / "web/js/games.mjs").read_text(encoding="utf-8")
    imports = re.findall(r'^import \{ game as (\w+) \} from "\./renderers/(\w+)/index\.mjs";$', text, re.M)
    assert sorted(name for _, name in imports) == sorted(IDS)
    for game_id in IDS:
        folder = ROOT / "web/js/renderers" / game_id
        assert (folder / "index.mjs").exists(), f"{game_id}: its renderer lives in its own folder"


# Every game package is laid out alike: the same modules for the same parts. A game needs the
# first five; the others are there when the game has such a part (a test game may have no bot,
# no components, no draws or scoring of their own: nim keeps them in its rules).
GAME_MODULES_REQUIRED = ("__init__", "game", "rules", "words", "phrases")
GAME_MODULES = GAME_MODULES_REQUIRED + ("draws", "scoring", "components", "bot")


def test_every_game_package_has_the_one_layout():
    for game in games.all_games():
        package = ROOT / "py/urzeit/games" / game.id
        modules = {p.stem for p in package.glob("*.py")}
        assert set(GAME_MODULES_REQUIRED) <= modules, f"{game.id} lacks {set(GAME_MODULES_REQUIRED) - modules}"
        assert modules <= set(GAME_MODULES), f"{game.id}: {modules - set(GAME_MODULES)} is no part of the layout"
        assert type(game).__module__ == f"urzeit.games.{game.id}.game", "the Game lives in game.py"
    listed = [g for g in games.all_games() if g.listed]
    assert len({frozenset(p.stem for p in (ROOT / "py/urzeit/games" / g.id).glob("*.py")) for g in listed}) == 1, \
        "the listed games have the same modules"


def test_the_engine_registry_has_one_line_per_game_and_each_game_is_its_package():
    text = (ROOT / "py/urzeit/games/__init__.py").read_text(encoding="utf-8")
    assert sorted(re.findall(r'^    "(\w+)",$', text, re.M)) == sorted(IDS)
    for game in games.all_games():
        package = ROOT / "py/urzeit/games" / game.id
        assert (package / "__init__.py").exists() and (package / "rules.py").exists()
        if game.bot_module:
            assert hasattr(game.bot(), "Policy") and hasattr(game.bot(), "ITERATIONS")
        for name in game.data_files:
            assert game.data_path(name).exists()


def test_no_module_uses_another_modules_private_names():
    """`x._name` where `_name` is not this module's own (defined, assigned or a slot here): a
    module reaches into another's privates (a state's own methods may use its own)."""
    offenders = []
    for path in sorted((ROOT / "py/urzeit").rglob("*.py")):
        code = _code(path)
        own = set(re.findall(r"\bdef (_\w+)", code)) | set(re.findall(r"\.(_\w+)\s*=[^=]", code)) \
            | set(re.findall(r"^(_\w+)\s*[:=]", code, re.M)) | set(re.findall(r'"(_\w+)"', code))
        for m in re.finditer(r"\b[A-Za-z]\w*\.(_[a-z]\w*)", code):
            if m.group(1) not in own and not m.group(0).startswith("self."):
                offenders.append(f"{path.relative_to(ROOT)}: {m.group(0)}")
    assert not offenders, offenders


def test_words_are_written_in_one_style():
    """Each game's words come from its per-language tables (phrases.py): no sentence is chosen
    by testing the language in code ("… if de else …"), so a third language is a third table."""
    for path in [ROOT / "py/urzeit/core/words.py", *sorted((ROOT / "py/urzeit/games").glob("*/words.py"))]:
        code = _code(path)
        found = re.findall(r"""lang\s*[!=]=\s*["'](?:de|en)["']|\bif\s+de\b|\bde\s*=\s*lang\b|\[["']de["']\]""", code)
        assert not found, f"{path.relative_to(ROOT)}: {found}"
    for game in games.all_games():
        table = importlib.import_module(f"urzeit.games.{game.id}.phrases").PHRASES
        assert sorted(table) == sorted(LANGS), f"{game.id}: one table per language"


# ---- layers that point one way -------------------------------------------------------------

# The engine's layers, bottom first: a module imports from its own layer and those below,
# never from above. core is the contract (State, Game, chance drivers, words' defaults); ai
# the searches; games the games (their bots use ai); then what plays games (a match, a
# lesson, fair play); the api's operations; the commands. The package root holds only the
# version. (core loads a game's bot and words modules by the names the game declares: no import.)
LAYERS = (("core",), ("ai",), ("games",), ("match", "lessons", "fair"), ("ops", "api"),
          ("cli", "tournament", "tools", "research"))
LAYER_OF = {name: i for i, names in enumerate(LAYERS) for name in names}


def _module_name(path):
    parts = list(path.relative_to(ROOT / "py").with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts), path.name == "__init__.py"


def _imports(path):
    """The urzeit modules a file imports (anywhere in it, late imports too), absolute."""
    import ast
    name, is_package = _module_name(path)
    package = name if is_package else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            # `from . import x`: x may be a module
            found += [f"{target}.{a.name}" for a in node.names] if not node.module else [target]
    return [m for m in found if m == "urzeit" or m.startswith("urzeit.")]


def _layer(module):
    parts = module.split(".")
    return LAYER_OF.get(parts[1]) if len(parts) > 1 else None  # None: the package root


def test_every_engine_module_has_a_layer():
    for path in sorted(ENGINE.rglob("*.py")):
        name, _ = _module_name(path)
        if name != "urzeit":
            assert _layer(name) is not None, f"{name}: add it to a layer in LAYERS"


def test_layers_point_one_way():
    """Nothing imports from a layer above its own (core imports only core)."""
    wrong = []
    for path in sorted(ENGINE.rglob("*.py")):
        name, _ = _module_name(path)
        own = _layer(name)
        for target in _imports(path):
            layer = _layer(target)
            if own is not None and layer is not None and layer > own:
                wrong.append(f"{name} imports {target}")
    assert not wrong, wrong


def test_the_layer_check_sees_late_and_relative_imports(tmp_path):
    """The checker itself: a late relative import from above is found."""
    folder = tmp_path / "py/urzeit/core"
    folder.mkdir(parents=True)
    (folder / "x.py").write_text("def f():\n    from .. import lessons\n    from ..ops.common import lang_of\n")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert _imports(folder / "x.py") == ["urzeit.lessons", "urzeit.ops.common"]
    finally:
        ROOT = saved


# ---- one registry of operations ------------------------------------------------------------

def _op_names():
    from urzeit import api  # noqa: F401  (importing the api declares every protocol's operations)
    from urzeit import ops
    return list(ops.OPS)


def test_each_operation_is_declared_once_and_nothing_lists_them_again():
    """The op registry (urzeit.ops) is the only list of operations: no collection literal in
    the engine names several of them, and the page takes the worded ones from hello."""
    import ast
    names = set(_op_names())
    assert {"hello", "new", "fair_new", "lesson_start"} <= names
    lists = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            elements = node.keys if isinstance(node, ast.Dict) else \
                node.elts if isinstance(node, (ast.List, ast.Set, ast.Tuple)) else []
            named = [e.value for e in elements if isinstance(e, ast.Constant) and e.value in names]
            if len(named) >= 3:
                lists.append(f"{path.relative_to(ROOT)}:{node.lineno}: {named}")
    assert not lists, lists
    page = _code(ROOT / "web/js/engine.mjs")
    assert not [n for n in names if re.search(rf"[\"']{n}[\"']", page)], "engine.mjs names operations"
    assert "worded_ops" in page


def test_hello_names_the_worded_operations_the_registry_declares():
    from urzeit import api, ops
    hello = api.call({"op": "hello"})["result"]
    assert hello["worded_ops"] == [n for n, op in ops.OPS.items() if "lang" in op.optional]
    assert "view" in hello["worded_ops"] and "save" not in hello["worded_ops"]


def _documented_ops():
    """{op: (required, optional)} from the table in docs/protocol.md: `field` is required,
    [`field`] optional; backticks in parentheses or in an optional's brackets explain."""
    rows = {}
    for line in (ROOT / "docs/protocol.md").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| `(\w+)` \|((?:[^|\\]|\\.)*)\|", line)
        if not m:
            continue
        cell = m.group(2)
        optional = set(re.findall(r"\[`(\w+)`", cell))
        bare = cell
        while True:  # drop what explains: (...) and [...], innermost first
            shorter = re.sub(r"\([^()]*\)|\[[^\[\]]*\]", "", bare)
            if shorter == bare:
                break
            bare = shorter
        rows[m.group(1)] = (set(re.findall(r"`(\w+)`", bare)), optional)
    return rows


def test_the_protocol_doc_lists_every_operation_with_its_fields():
    from urzeit import api, ops  # noqa: F401
    documented = _documented_ops()
    assert sorted(documented) == sorted(ops.OPS)
    for name, op in ops.OPS.items():
        assert documented[name] == (set(op.required) - {"op"}, set(op.optional)), name


# ---- modules small enough to read ----------------------------------------------------------

MAX_LINES = 600
KNOWN_LONG_PAGE_MODULES = set()  # none: a module that grows past the limit is split where it has a seam


def test_no_module_is_longer_than_600_lines():
    long = []
    for path in [*sorted(ENGINE.rglob("*.py")), *sorted((ROOT / "web/js").rglob("*.mjs")),
                 *sorted((ROOT / "web/js").rglob("*.js"))]:
        rel = str(path.relative_to(ROOT))
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > MAX_LINES and rel not in KNOWN_LONG_PAGE_MODULES:
            long.append(f"{rel}: {n} lines")
    assert not long, long
    for rel in sorted(KNOWN_LONG_PAGE_MODULES):  # an exception that is no longer needed goes
        assert len((ROOT / rel).read_text(encoding="utf-8").splitlines()) > MAX_LINES, \
            f"{rel} is short now: take it off KNOWN_LONG_PAGE_MODULES"
