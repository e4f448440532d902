"""Fair games kept in the browser do not fill its storage: finished ones beyond the newest
twenty are dropped, and when the storage is full the oldest finished ones make room for the
game being played. Unfinished games (their keys) are never dropped."""

import pytest

pytestmark = pytest.mark.browser

READY = 60_000

# entries as screens/fair.mjs writes them; `pad` stands for a record's messages
SETUP = """async ({finished, unfinished, pad}) => {
    localStorage.clear();
    // the n-th minute of November: a later n is a newer game
    const entry = (gid, seat, n, over) => ({version: 1, game: 'sammler', gid, seat, date: new Date(Date.UTC(2026, 10, 1) + n * 60000).toISOString(),
        private: {key: 'k'}, messages: [{kind: 'pad', text: 'x'.repeat(pad)}], names: ['Ada', 'Cy'], over});
    window.entry = entry;
    const put = (e) => { try { localStorage.setItem(`urzeit.fair.${e.gid}.${e.seat}`, JSON.stringify(e)); return true; } catch { return false; } };
    let stored = 0;
    for (let i = 0; i < unfinished; i++) put(entry(`open${i}`, 1, 1, false));
    for (let i = 0; i < finished; i++) if (put(entry(`done${i}`, 0, i, true))) stored++; else break;
    return stored;
}"""
COUNT = """async () => { const st = await import('./js/fair-store.mjs');
    const all = st.listFair();
    return {finished: all.filter((d) => d.over).map((d) => d.gid), open: all.filter((d) => !d.over).map((d) => d.gid)}; }"""
WRITE = """async ([gid, over]) => { const st = await import('./js/fair-store.mjs');
    return st.writeFair(window.entry(gid, 0, 1000, over)); }"""


def test_finished_fair_games_beyond_twenty_are_dropped_and_a_full_storage_makes_room(page, served_dist):
    page.goto(served_dist + "?test=1")
    page.wait_for_selector("#game-list .game-card", timeout=READY)
    # 25 finished games (done0 the oldest) and 2 unfinished: a move of a game in play drops nothing
    page.evaluate(SETUP, {"finished": 25, "unfinished": 2, "pad": 10})
    assert page.evaluate(WRITE, ["new", False]) is True
    kept = page.evaluate(COUNT)
    assert len(kept["finished"]) == 25 and sorted(kept["open"]) == ["new", "open0", "open1"]
    # when it ends, the newest 20 finished games stay, itself among them
    assert page.evaluate(WRITE, ["new", True]) is True
    kept = page.evaluate(COUNT)
    assert len(kept["finished"]) == 20
    assert set(kept["finished"]) == {"new"} | {f"done{i}" for i in range(6, 25)}  # the six oldest went
    assert sorted(kept["open"]) == ["open0", "open1"]

    # a storage filled to the brim with finished games (~400 kB each): the write still succeeds,
    # the oldest finished games made room, the unfinished ones stay
    stored = page.evaluate(SETUP, {"finished": 60, "unfinished": 2, "pad": 400_000})
    assert 5 <= stored < 60, stored  # the browser refused more: the storage is full
    before = page.evaluate(COUNT)
    assert page.evaluate("""async () => { const st = await import('./js/fair-store.mjs');
        const e = window.entry('big', 0, 1000, false); e.messages[0].text = 'y'.repeat(400000); return st.writeFair(e, 100); }""")
    after = page.evaluate(COUNT)
    assert sorted(after["open"]) == ["big", "open0", "open1"]
    dropped = set(before["finished"]) - set(after["finished"])
    assert 1 <= len(dropped) <= 3, dropped
    # the ones dropped are the oldest (listFair is newest first)
    assert before["finished"][-len(dropped):] == [g for g in before["finished"] if g in dropped]
    page.evaluate("() => localStorage.clear()")
