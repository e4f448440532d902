// The menu asks the relays whether a running fair game has messages this browser has not seen
// (a friend moved while this page was closed): the game's entry names who moved and the turn
// alert rings. One look per showing of the menu, at most a few games; every room it opened is
// closed when the look ends, the menu is drawn again or a table opens.
import { joinConfigured } from "../net/relay-room.mjs";
import { loadFair } from "../fair-store.mjs";

const MAX_GAMES = 5;
let current = null;

export function stopWatching() {
  if (!current) return;
  current.stopped = true;
  for (const room of current.rooms) room.close();
  current = null;
}

/** `onNews(entry, seats, names)`: the seats with messages not in this browser's copy of the
 * game, and the names the frames gave the seats (a friend who joined after this page closed). */
export function watchRunningGames(entries, onNews) {
  stopWatching();
  const watch = { stopped: false, rooms: new Set() };
  current = watch;
  const running = entries.filter((f) => !f.over && typeof f.room === "string" && f.room).slice(0, MAX_GAMES);
  return Promise.all(running.map((f) => look(watch, f, onNews)));
}

async function look(watch, f, onNews) {
  let room;
  try {
    room = await joinConfigured(f.room, { me: `menu${f.seat}` });
  } catch { return; }  // relays off or the key unreadable: the entry says what it knew
  if (watch.stopped) { room.close(); return; }
  watch.rooms.add(room);
  try {
    const stored = await room.history(0);
    if (watch.stopped) return;
    const { seats, names } = unseen(f, stored);
    if (seats.length) onNews(f, seats, names);
  } catch { /* no relay answered: nothing to say */ } finally {
    watch.rooms.delete(room);
    room.close();
  }
}

// Only the players hold the room key, so a frame that opened is a player's; what it says is
// checked by the game when it is opened — here it only counts who sent something new.
function unseen(f, stored) {
  const held = loadFair(f.gid, f.seat);
  const known = new Set((held ? held.messages : []).map((m) => `${m.seat}.${m.n}`));
  const seats = new Set();
  const names = [];
  for (const frame of stored) {
    const b = frame && frame.body;
    if (!b || b.t !== "m" || b.g !== f.gid || !Array.isArray(b.m)) continue;
    for (const m of b.m) {
      // a seat's own frames name it (another's frames may hold a stand-in name for it)
      if (m && Number.isInteger(m.seat) && m.seat >= 0 && m.seat < 5 && Array.isArray(b.names)
          && typeof b.names[m.seat] === "string") names[m.seat] = b.names[m.seat].slice(0, 40);
      if (m && Number.isInteger(m.seat) && Number.isInteger(m.n) && m.seat !== f.seat && !known.has(`${m.seat}.${m.n}`)) seats.add(m.seat);
    }
  }
  return { seats: [...seats].sort((a, b) => a - b), names };
}
