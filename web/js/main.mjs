// The page: wires the screens (menu, table, end, dialogs) to the engine and to each other.
// It knows no game by name: games come from the registry (games.mjs).
import { engine } from "./boot.mjs";
import { applyStaticTexts, getLang, setEngineMessages, setLang, t } from "./i18n.mjs";
import { linkGameStyles } from "./games.mjs";
import { listSaves, newSaveId } from "./storage.mjs";
import { $, TEST_MODE, app, match, nav, showError } from "./screens/shared.mjs";
import { importFile, renderMenu, renderSaved, selectedGame, showSetup } from "./screens/menu.mjs";
import { act, autoActionOf, bindTable, fail, isHumanTurn, leaveTable, relabel, say, setView } from "./screens/table.mjs";
import { bindDialogs, showRules, unpack } from "./screens/dialogs.mjs";
import { openFairLink, openSavedFair, startFair } from "./screens/fair-open.mjs";
import { hideStats, relabelStats, showStats } from "./screens/stats.mjs";
import { bindSettings, renderSettings } from "./screens/settings.mjs";
import { onSettingsChange, settings } from "./settings.mjs";
import { setHighContrast } from "./seats.mjs";
import { bindSound, soundReady } from "./sound.mjs";
import { flightsRunning, motionLog, motionMs } from "./motion.mjs";
import { earlyLinks, liveTest, openLiveLink, resumeLive, startLive } from "./screens/live-invite.mjs";
import { currentRoom, takeLeftRoom } from "./sessions/live.mjs";
import { LessonSession, lessonState } from "./sessions/lesson.mjs";
import { LocalSession } from "./sessions/local.mjs";
import { ReplaySession } from "./sessions/replay.mjs";
import { FairSession } from "./sessions/fair.mjs";
import { rememberTable, tableAfterReload } from "./sessions/remember.mjs";
import { loadFair } from "./fair-store.mjs";
import { alertLog, clearTurnAlert } from "./turn-alert.mjs";
import { stopWatching } from "./screens/menu-watch.mjs";
import { notePageCapabilities, relabelNotes } from "./capabilities.mjs";

let restoring = null;  // the save to restore once a restarted engine is ready
let linkChecked = false;

function randomSeed() {
  const fixed = new URLSearchParams(location.search).get("seed");
  if (TEST_MODE && fixed !== null) return Number(fixed);  // tests replay exact games
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

// Every way to a table: each opens a session (sessions/), which the table screen asks.
const openMatch = (result, opts = {}) => LocalSession.open(result, opts);
const openReplay = (replay) => ReplaySession.open(replay);
const startLesson = (game, name, opts) => LessonSession.start(game, name, opts);
nav.openMatch = openMatch;
nav.openReplay = openReplay;
nav.startLesson = startLesson;
nav.newGame = async ({ game, seats, options, coach = false }) => {
  const result = await engine.request({ op: "new", game, seats, seed: randomSeed(), options });
  openMatch(result, { saveId: newSaveId(), coach });  // coach: the real game after a lesson
};
nav.newFairGame = startFair;
nav.newLiveGame = startLive;
// a running live game this tab left for the menu opens live again (the pages find each other
// through the relays); any other from its storage
nav.openFair = async (gid, seat) => {
  const left = takeLeftRoom(gid, seat);
  if (left && await resumeLive(resumeFairSeat, left)) return;
  return openSavedFair(gid, seat);
};
nav.showTableError = fail;
// A live room belongs to the table it was opened with: another table closes it.
nav.tableOpened = (session) => {
  stopWatching();    // the menu's look at the relays ends with the menu
  clearTurnAlert();  // an alert the menu rang; a fair table rings its own
  const room = currentRoom();
  if (room && room !== session.room) room.close();
};
function closeRoom() {
  const room = currentRoom();
  if (room) room.close();
}
nav.toMenu = ({ keepGame = null } = {}) => {
  leaveTable();
  rememberTable(null);  // a reload now shows the menu, where the player went
  closeRoom();
  hideStats();
  $("menu").hidden = false;
  renderSaved();
  window.scrollTo(0, 0);
  if (keepGame) showSetup(keepGame);
};
nav.toStats = (game = null) => {
  leaveTable();
  rememberTable(null);
  closeRoom();
  $("menu").hidden = true;
  showStats(game);
};

engine.lang = getLang;  // the engine words views and moves in the page's language
linkGameStyles();

engine.listen((status, info) => {
  app.dataset.engine = status;
  app.dataset.ready = String(status === "ready");
  if (status === "ready") {
    performance.mark("urzeit-engine-ready");
    setEngineMessages(engine.hello && engine.hello.messages);
  }
  if (status === "failed" || status === "crashed") app.dataset.engineError = info.reason;
  if (status === "crashed") recoverFromCrash();
  if (status === "ready" && restoring) restoreAfterCrash();
  if (status === "ready" && !linkChecked) {
    linkChecked = true;
    if (/^#[gfla]=/.test(location.hash)) openSharedLink();
    else resumeLive(resumeFairSeat).then((live) => live || returnToTable()).catch((err) => showError($("import-message"), err));
    registerServiceWorker();
  }
  renderStatus();
  renderMenu();
  relabelStats();  // its "watch" buttons wait for the engine
});

function recoverFromCrash() {
  // The worker died or hangs: tell the player, start a new engine, restore the game from
  // its autosave (every action is saved, so nothing is lost).
  const s = match.session;
  restoring = s && s.kind === "local" && !$("game").hidden ? { saveId: s.saveId } : null;
  match.generation++;
  $("message").textContent = t("engineCrashed");
  app.dataset.recovering = "true";
  engine.restart();
}

async function restoreAfterCrash() {
  const want = restoring;
  restoring = null;
  const saved = want && want.saveId && listSaves().find((s) => s.id === want.saveId && s.ok);
  app.dataset.recovering = "false";
  if (!saved) {
    nav.toMenu();
    return;
  }
  try {
    openMatch(await engine.request({ op: "load", save: saved.record.replay }), { saveId: saved.id });
    $("message").textContent = t("engineRestored");
  } catch (err) {
    showError($("message"), err);
  }
}

function renderStatus() {
  const text = $("engine-text");
  if (engine.status === "ready") text.textContent = t("engineReady");
  else if (engine.status === "failed" || engine.status === "crashed") text.textContent = t("engineFailed") + (app.dataset.engineError || "");
  else text.textContent = engine.progressText(t) || t("engineLoading");  // bytes, then the steps
}
engine.onProgress = renderStatus;

function toggleLang() {
  setLang(getLang() === "de" ? "en" : "de");
  $("lang-toggle").textContent = getLang() === "de" ? "EN" : "DE";
  applyStaticTexts();
  $("settings-button").title = t("settings");
  renderStatus();
  renderMenu();
  renderSettings();
  relabel();
  relabelStats();
  relabelNotes();
}

// High contrast: the seats' palette is swapped in place and everything drawn again.
function applyContrast() {
  setHighContrast(settings().contrast);
  app.dataset.contrast = String(settings().contrast);
}
onSettingsChange(({ name }) => {
  app.dataset.motion = settings().motion;
  if (name !== "contrast") return;
  applyContrast();
  renderMenu();
  if (match.view && match.session && !$("game").hidden) setView(match.view);
});

// A live table after a reload: this seat's party from its own storage (null if none).
async function resumeFairSeat(gid, seat, room) {
  const saved = loadFair(gid, seat);
  return saved ? FairSession.restore(saved, { room, autoShare: false }) : null;
}

// A reload returns to the game that was at the table (the menu is one tap away).
async function returnToTable() {
  const id = tableAfterReload();
  const lesson = id && /^lesson:([\w-]+)\/([\w-]+)$/.exec(id);
  if (lesson) {  // the lesson resumes from its kept progress
    if ($("game").hidden) startLesson(lesson[1], lesson[2]).catch((err) => showError($("import-message"), err));
    return;
  }
  const saved = id && listSaves().find((s) => s.id === id && s.ok);
  if (!saved || !$("game").hidden) return;
  try {
    openMatch(await engine.request({ op: "load", save: saved.record.replay }), { saveId: saved.id });
  } catch (err) {
    showError($("import-message"), err);  // the save stays in the menu's list
  }
}

// A link that opens another table: the one before it ends first.
function leaveToMenu() {
  if (!$("game").hidden || currentRoom()) nav.toMenu();
}

async function openSharedLink() {
  const hash = location.hash;
  if (/^#[fgla]=/.test(hash)) hideStats();  // a link opens over any screen
  if (hash.startsWith("#l=") || hash.startsWith("#a=")) {  // live play: an invite or its answer
    history.replaceState(null, "", location.pathname + location.search);
    if (hash.startsWith("#l=")) leaveToMenu();  // the table before it ends (its session, its room)
    $("import-message").textContent = "";
    app.dataset.liveLink = "opening";
    try {
      await openLiveLink(hash, $("import-message"));
    } catch (err) {
      showError($("import-message"), err, t("badLink"));
    } finally {
      app.dataset.liveLink = "done";
    }
    return;
  }
  if (hash.startsWith("#f=")) {
    history.replaceState(null, "", location.pathname + location.search);
    const room = currentRoom();
    if (room && !room.session) room.close();  // a live invite still waiting for its answer
    $("import-message").textContent = "";
    app.dataset.fairLink = "opening";
    try {
      await openFairLink(hash.slice(3), $("import-message"));
    } catch (err) {
      showError($("import-message"), err, t("badLink"));
    } finally {
      app.dataset.fairLink = "done";
    }
    return;
  }
  if (!hash.startsWith("#g=")) return;
  history.replaceState(null, "", location.pathname + location.search);
  try {
    let replay;
    try {
      replay = JSON.parse(await unpack(hash.slice(3)));
    } catch {
      throw Object.assign(new Error("the link is damaged"), { code: "bad_link" });
    }
    const result = await engine.request({ op: "load", save: replay });
    // a finished game is shown in the replay viewer: every turn and, first, how it ended
    if (result.view.over) {
      await engine.request({ op: "close", match: result.match });
      await ReplaySession.open(replay, { atEnd: true });
    } else {
      openMatch(result, { saveId: newSaveId() });
    }
  } catch (err) {
    showError($("import-message"), err, t("badLink"));  // other saves stay untouched
  }
}

// Offline: the service worker precaches the build after the first visit. It is registered
// once the engine is up, so its downloads do not slow the first boot.
function registerServiceWorker() {
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").catch(() => { /* no offline support here */ });
  }
}

window.addEventListener("hashchange", () => { if (engine.status === "ready") openSharedLink(); });
$("rules-button").addEventListener("click", () => showRules(match.game));
$("menu-rules-button").addEventListener("click", () => showRules(selectedGame()));
$("import-file").addEventListener("change", (ev) => { if (ev.target.files[0]) importFile(ev.target.files[0]); ev.target.value = ""; });
$("lang-toggle").addEventListener("click", toggleLang);
$("stats-button").addEventListener("click", () => nav.toStats());
earlyLinks();
bindTable();
bindDialogs();
bindSettings();
bindSound();
applyContrast();
app.dataset.motion = settings().motion;
setLang(getLang());
$("lang-toggle").textContent = getLang() === "de" ? "EN" : "DE";
applyStaticTexts();
$("settings-button").title = t("settings");
renderStatus();
renderMenu();
notePageCapabilities($("menu"));  // storage blocked or full, no service worker: said on the menu
performance.mark("urzeit-menu-painted");

if (TEST_MODE) {
  window.urzeit = {
    get view() { return match.view; },
    // the moves the player chooses from (none while the page plays a step by itself, e.g. "no figure")
    get legal() { return match.view && isHumanTurn(match.view) && !autoActionOf(match.view) ? match.view.legal : []; },
    get engineStatus() { return engine.status; },
    get progressCount() { return engine.progressCount; },
    get searches() { return match.searches; },
    act,
    request: (obj) => engine.request(obj),
    get board() { return match.renderer && match.renderer.hook; },
    loadSave: async (save) => { openMatch(await engine.request({ op: "load", save })); },
    openReplay: async (replay) => { await openReplay(replay); },
    startFair: async (opts) => { await startFair(opts); },  // a fair game with options the menu does not offer (a short stack)
    startLive: async (opts) => { await startLive(opts); },
    startLesson: async (...args) => { await startLesson(...args); },
    get session() {
      const s = match.session;
      const box = s && s.mailbox;
      return s && { kind: s.kind, matchId: s.matchId, relays: box ? { state: box.state, read: box.read, unsent: box.unsent.length + box.inflight } : null };
    },
    get lesson() { return lessonState(); },
    live: liveTest,
    say,
    killWorker: () => engine.worker.terminate(),
    setWatchdog: (ms) => { engine.watchdogMs = ms; },
    settings,
    motionMs,
    motionLog,
    turnAlerts: alertLog,
    flightsRunning,
    get soundReady() { return soundReady(); },
    timings: () => ({ engineReadyMs: engine.readyMs, marks: engine.lastStatus && engine.lastStatus[1].marks }),
  };
}
