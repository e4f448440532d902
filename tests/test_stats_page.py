"""The statistics of finished games (issue 26): a game that ends at the table is kept once (a
reload of its end screen or a replay adds nothing), the last 100 are kept, an unreadable entry
is skipped, the statistics screen shows the right numbers with the game's own figures, a chart,
the finished games, export and delete with confirmation; German on a phone, English on a desktop."""

import json
from decimal import ROUND_HALF_UP, Decimal

import pytest

from browser_support import TEST_SEATS, engine_call, screenshot, wait_idle

pytestmark = pytest.mark.browser
READY = 90_000
FIGURES = {"forests": ("Wälder", "Forests"), "rivers": ("Flüsse", "Rivers"), "huts": ("Hütten", "Huts"),
           "hunters": ("Jäger", "Hunters"), "forests_scored": ("Gewertete Wälder", "Forests scored")}


def elawa_near_the_end():
    """An Elawa game (seat 0 the page's player, a random bot) cut at seat 0's last decision."""
    h = engine_call()
    r = h({"op": "new", "game": "elawa", "seats": TEST_SEATS, "seed": 11, "options": {}})
    m, v, n, last = r["match"], r["view"], 0, 0
    while not v["over"]:
        if v["current_seat"] == 0:
            last = n
        v = h({"op": "ai", "match": m, "seat": v["current_seat"], "level": "random", "viewer": None})["view"]
        n += 1
    replay = h({"op": "save", "match": m})
    replay["actions"] = replay["actions"][:last]
    return replay


def sammler_records(n):
    """n older finished Sammler games of Anna, Ben and the medium computer, as the page keeps them."""
    labels = {k: {"de": de, "en": en} for k, (de, en) in FIGURES.items()}
    records = []
    for i in range(n):
        names = [("Anna", "human", None), ("Ben", "human", None) if i % 3 else ("Computer 2", "ai", "medium")]
        stats = []
        for k in range(2):
            points = {"forests": (i * 7 + k * 3) % 13, "rivers": (i + k) % 5, "huts": k * 2, "hunters": (i * 5 + k) % 9}
            stats.append({"score": sum(points.values()), "won": False, "points": points,
                          "counts": {"forests_scored": (i + k) % 4}})
        best = max(s["score"] for s in stats)
        for s in stats:
            s["won"] = s["score"] == best
        records.append({"version": 1, "id": f"s{i:03d}", "game": "sammler", "date": f"2026-01-{1 + i // 24:02d}T{i % 24:02d}:00:00.000Z",
                        "mode": "live", "saveId": None, "labels": labels, "stats": stats,
                        "seats": [{"name": a, "kind": b, "level": c} for a, b, c in names]})
    return records


def shown(x, lang="de"):
    """A number as the page shows it (Intl.NumberFormat, at most one decimal, half away from 0)."""
    text = str(Decimal(x).quantize(Decimal("0.1"), ROUND_HALF_UP)).removesuffix(".0")
    return text.replace(".", ",") if lang == "de" else text


def stat_keys(page):
    return page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('urzeit.stat.')).sort()")


def cell(page, table, row_attr, row, col):
    return page.locator(f"#{table} tr[{row_attr}='{row}'] {col}").inner_text()


def test_finished_games_are_kept_once_and_the_statistics_screen_shows_them(page, served_dist):
    seeded = sammler_records(100)
    replay = elawa_near_the_end()
    save = {"version": 1, "id": "elawa1", "game": "elawa", "date": "2026-02-01T10:00:00.000Z", "replay": replay,
            "seats": TEST_SEATS, "scores": [0, 0], "over": False}
    # the storage as earlier visits left it: seeded once (not again on the reload below)
    page.add_init_script("""if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('urzeit.lang', 'de');
        for (const r of %s) localStorage.setItem('urzeit.stat.' + r.id, JSON.stringify(r));
        localStorage.setItem('urzeit.stat.broken', '{not json');
        localStorage.setItem('urzeit.stat.odd', JSON.stringify({version: 1, id: 'odd', game: 'sammler', seats: 'x'}));
        localStorage.setItem('urzeit.save.elawa1', JSON.stringify(%s));
    }""" % (json.dumps(seeded), json.dumps(save)))
    page.goto(served_dist + "?test=1")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)

    # the game ends at the table: the 101st record, so the oldest goes
    page.click("#saved-list [data-save-id='elawa1'] .saved-resume")
    page.wait_for_selector("#app[data-game='elawa']")
    for _ in range(200):
        wait_idle(page)
        if page.evaluate("() => window.urzeit.view.over"):
            break
        if page.evaluate("() => window.urzeit.legal.length"):
            page.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")
    page.wait_for_selector("#end-screen:not([hidden])")
    stats = page.evaluate("() => window.urzeit.view.stats")
    assert "null" not in page.locator("#end-screen").inner_text()  # no leftover of an absent part
    keys = stat_keys(page)
    assert "urzeit.stat.elawa1" in keys and "urzeit.stat.s000" not in keys and "urzeit.stat.s001" in keys
    assert len([k for k in keys if k not in ("urzeit.stat.broken", "urzeit.stat.odd")]) == 100
    kept = json.loads(page.evaluate("() => localStorage.getItem('urzeit.stat.elawa1')"))
    assert kept["stats"] == stats and kept["game"] == "elawa" and kept["saveId"] == "elawa1"
    assert [s["kind"] for s in kept["seats"]] == ["human", "ai"] and kept["seats"][1]["level"] == "random"

    # a reload brings the end screen back: nothing counted twice
    page.wait_for_function("() => JSON.parse(localStorage.getItem('urzeit.save.elawa1')).over")
    page.reload()
    page.wait_for_selector("#end-screen:not([hidden])", timeout=READY)
    assert stat_keys(page) == keys
    assert json.loads(page.evaluate("() => localStorage.getItem('urzeit.stat.elawa1')"))["date"] == kept["date"]

    # the end screen's link: this game's statistics, its own figures in German
    page.click("#end-stats-button")
    page.wait_for_selector("#stats:not([hidden]) #stats-table")
    assert page.locator("#game").is_hidden() and page.locator("#menu").is_hidden()
    assert page.locator("#stats-game").input_value() == "elawa"
    me, bot = "human:Spieler 1", "ai:random"
    for who, s in ((me, stats[0]), (bot, stats[1])):
        assert cell(page, "stats-table", "data-player", who, "[data-col='games']") == "1"
        assert cell(page, "stats-table", "data-player", who, "[data-col='wins']") == ("1" if s["won"] else "0")
        assert cell(page, "stats-table", "data-player", who, "[data-col='average']") == str(s["score"])
        assert cell(page, "stats-table", "data-player", who, "[data-col='best']") == str(s["score"])
        for kind, n in s["points"].items():
            assert cell(page, "stats-points", "data-figure", kind, f"td[data-player='{who}']") == str(n)
        assert cell(page, "stats-counts", "data-figure", "resources_taken", f"td[data-player='{who}']") == str(s["counts"]["resources_taken"])
    assert page.locator("#stats-table th[scope='row']").all_inner_texts() == ["Spieler 1", "Computer (Zufall)"]
    assert cell(page, "stats-points", "data-figure", "caveman", "th") == "Urmenschen"
    assert page.locator("#stats-history li").count() == 1
    assert page.locator("#stats-history [data-stat-id='elawa1'] .stats-watch").count() == 1  # its save is still there
    assert page.locator("#stats-chart .series").count() == 2 and page.locator("#stats-chart circle").count() == 2
    assert "2 unlesbare Einträge werden übergangen" in page.locator("#stats-notes").inner_text()

    # the seeded Sammler games: averages over many, a line per player in the chart
    page.select_option("#stats-game", "sammler")
    anna = [r["stats"][0] for r in seeded[1:]]
    assert cell(page, "stats-table", "data-player", "human:Anna", "[data-col='games']") == "99"
    assert cell(page, "stats-table", "data-player", "human:Anna", "[data-col='wins']") == str(sum(s["won"] for s in anna))
    avg = sum(s["score"] for s in anna) / 99
    assert cell(page, "stats-table", "data-player", "human:Anna", "[data-col='average']") == shown(avg)
    assert cell(page, "stats-table", "data-player", "human:Anna", "[data-col='best']") == str(max(s["score"] for s in anna))
    forests = sum(s["points"]["forests"] for s in anna) / 99
    assert cell(page, "stats-points", "data-figure", "forests", "td[data-player='human:Anna']") == shown(forests)
    assert cell(page, "stats-points", "data-figure", "forests", "th") == "Wälder"
    assert page.locator("#stats-chart polyline").count() == 3  # Anna, Ben, the computer
    assert page.locator("#stats-chart .series[data-player='human:Anna'] circle").count() == 20
    assert page.locator("#stats-history li").count() == 20  # the newest first, the rest one tap away
    assert page.locator("#stats-history li").first.get_attribute("data-stat-id") == "s099"
    assert page.locator("#stats-more").inner_text() == "Alle 99 Partien zeigen"

    page.set_viewport_size({"width": 360, "height": 740})
    page.evaluate("() => window.scrollTo(0, 0)")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    screenshot(page, "stats-de-phone")

    page.set_viewport_size({"width": 800, "height": 1280})  # a tablet
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 800
    page.set_viewport_size({"width": 1366, "height": 800})
    page.click("#lang-toggle")
    assert page.locator("#stats-title").inner_text() == "Statistics and finished games"
    assert cell(page, "stats-points", "data-figure", "forests", "th") == "Forests"
    assert cell(page, "stats-table", "data-player", "human:Anna", "[data-col='average']") == shown(avg, "en")
    screenshot(page, "stats-en-desktop")
    page.click("#stats-more")
    assert page.locator("#stats-history li").count() == 99
    assert page.locator("#stats-history li").last.get_attribute("data-stat-id") == "s001"

    # export: every kept game as JSON
    with page.expect_download() as info:
        page.click("#stats-export")
    exported = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert exported["format"] == "urzeit-stats" and len(exported["games"]) == 100
    assert {r["id"] for r in exported["games"]} == {k.removeprefix("urzeit.stat.") for k in keys} - {"broken", "odd"}

    # delete one game: asked first, cancel keeps it
    page.select_option("#stats-game", "elawa")
    entry = "#stats-history [data-stat-id='elawa1']"
    page.click(f"{entry} .stats-delete")
    assert "Really delete this game" in page.locator(f"{entry} .stats-confirm").inner_text()
    page.click(f"{entry} .stats-cancel")
    assert "urzeit.stat.elawa1" in stat_keys(page) and page.locator(f"{entry} .stats-delete").is_visible()
    page.click(f"{entry} .stats-delete")
    page.click(f"{entry} .stats-yes")
    assert "urzeit.stat.elawa1" not in stat_keys(page)
    assert page.locator("#stats-game").input_value() == "sammler"  # no Elawa game left

    # watching the finished game again is a replay: it is not counted again
    page.click("#stats-back")
    page.click("#saved-list [data-save-id='elawa1'] .saved-watch")
    page.wait_for_selector("#app[data-mode='replay']")
    page.click("#replay-last")
    page.wait_for_selector("#end-screen:not([hidden])")
    assert "urzeit.stat.elawa1" not in stat_keys(page)

    # delete all, the unreadable entries too
    page.click("#back-button")
    page.click("#stats-button")
    page.click("#stats-delete-all")
    assert "101" in page.locator(".stats-confirm").inner_text()
    page.click(".stats-yes")
    assert stat_keys(page) == []
    assert page.locator("#stats-empty").is_visible() and page.locator("#stats-export").is_disabled()
    # a tab that still shows the deleted game's end screen (its save lives on) is reloaded: the
    # game is not kept again
    page.evaluate("() => sessionStorage.setItem('urzeit.table', 'elawa1')")
    page.reload()
    page.wait_for_selector("#end-screen:not([hidden])", timeout=READY)
    assert stat_keys(page) == []
    page.watch.assert_clean()
