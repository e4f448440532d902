// Every text of the page in German and English. The default follows the browser.
const TEXTS = {
  de: {
    engineLoading: "Engine lädt …", engineReady: "Engine bereit", engineFailed: "Engine-Fehler: ",
    chooseGame: "Spiel wählen", seats: "Plätze", playerCount: "Anzahl Spieler", start: "Spiel starten",
    menu: "Menü", yourOptions: "Deine Möglichkeiten", log: "Verlauf", players: "Spieler",
    inPreparation: "in Vorbereitung", human: "Mensch", computer: "Computer", name: "Name",
    level: "Stufe", levels: { random: "Zufall", easy: "Leicht", medium: "Mittel", hard: "Schwer" },
    waitEngine: "Warte auf die Engine …", chooseFirst: "Bitte zuerst ein Spiel wählen.",
    turnOf: (n) => `${n} ist am Zug`, thinking: (n) => `${n} denkt nach …`, gameOver: "Spielende",
    winner: (n) => `${n} gewinnt!`, draw: "Unentschieden", noOptions: "Warte auf die anderen …",
    seatName: (i, human) => human ? `Spieler ${i}` : `Computer ${i}`, points: "Punkte",
    savedGames: "Gespeicherte Spiele", importReplay: "Spiel oder Wiederholung laden …", resume: "Fortsetzen",
    watch: "Ansehen", remove: "Löschen", unreadable: "Unlesbarer Spielstand", finished: "beendet",
    undo: "Rückgängig", export: "Exportieren", step: (k, n) => `Schritt ${k} / ${n}`,
    passTo: (n) => `Gib das Gerät an ${n} weiter.`, passReady: (n) => `Ich bin ${n}`,
    badFile: "Diese Datei ist kein Urzeit-Spielstand: ", storageFull: "Der Spielstand konnte nicht gespeichert werden (Speicher voll oder gesperrt).",
    replay: "Wiederholung",
    errors: { illegal_action: "Dieser Zug ist nicht erlaubt", stale_state: "Das Spiel hat sich inzwischen geändert",
              not_your_turn: "Du bist nicht am Zug", bad_save: "Der Spielstand ist ungültig",
              unknown_match: "Dieses Spiel ist nicht mehr geladen", bad_request: "Ungültige Anfrage",
              engine_failed: "Die Engine antwortet nicht", unknown_game: "Unbekanntes Spiel" },
    hint: "Tipp", hintIs: (a) => `Tipp (Stufe schwer): ${a}`,
    share: "Teilen", rules: "Regeln", close: "Schließen", copy: "Kopieren", copied: "Kopiert.",
    shareTitle: "Spiel per Link weitergeben", badLink: "Dieser Link enthält kein gültiges Spiel: ",
    engineCrashed: "Die Engine antwortet nicht mehr – sie wird neu gestartet und das Spiel wiederhergestellt …",
    engineRestored: "Die Engine wurde neu gestartet; das Spiel ist wiederhergestellt.",
  },
  en: {
    engineLoading: "Engine loading …", engineReady: "Engine ready", engineFailed: "Engine failed: ",
    chooseGame: "Choose a game", seats: "Seats", playerCount: "Number of players", start: "Start game",
    menu: "Menu", yourOptions: "Your options", log: "Log", players: "players",
    inPreparation: "in preparation", human: "Human", computer: "Computer", name: "Name",
    level: "Level", levels: { random: "Random", easy: "Easy", medium: "Medium", hard: "Hard" },
    waitEngine: "Waiting for the engine …", chooseFirst: "Choose a game first.",
    turnOf: (n) => `${n} to move`, thinking: (n) => `${n} is thinking …`, gameOver: "Game over",
    winner: (n) => `${n} wins!`, draw: "A draw", noOptions: "Waiting for the others …",
    seatName: (i, human) => human ? `Player ${i}` : `Computer ${i}`, points: "points",
    savedGames: "Saved games", importReplay: "Load a game or replay …", resume: "Resume",
    watch: "Watch", remove: "Delete", unreadable: "Unreadable saved game", finished: "finished",
    undo: "Undo", export: "Export", step: (k, n) => `Step ${k} / ${n}`,
    passTo: (n) => `Pass the device to ${n}.`, passReady: (n) => `I am ${n}`,
    badFile: "This file is not an Urzeit save: ", storageFull: "The game could not be saved (storage full or blocked).",
    replay: "Replay",
    errors: { illegal_action: "That move is not allowed", stale_state: "The game has changed meanwhile",
              not_your_turn: "It is not your turn", bad_save: "The saved game is invalid",
              unknown_match: "This game is no longer loaded", bad_request: "Invalid request",
              engine_failed: "The engine does not answer", unknown_game: "Unknown game" },
    hint: "Hint", hintIs: (a) => `Hint (hard level): ${a}`,
    share: "Share", rules: "Rules", close: "Close", copy: "Copy", copied: "Copied.",
    shareTitle: "Pass the game on by link", badLink: "This link holds no valid game: ",
    engineCrashed: "The engine stopped answering – restarting it and restoring your game …",
    engineRestored: "The engine was restarted; your game is restored.",
  },
};

let lang = (() => {
  try {
    const stored = localStorage.getItem("urzeit.lang");
    if (stored === "de" || stored === "en") return stored;
  } catch { /* storage may be blocked */ }
  return (navigator.language || "de").toLowerCase().startsWith("de") ? "de" : "en";
})();

export function getLang() { return lang; }

export function setLang(value) {
  lang = value;
  try { localStorage.setItem("urzeit.lang", value); } catch { /* ignore */ }
  document.documentElement.lang = value;
}

export function t(key, ...args) {
  const value = TEXTS[lang][key] ?? TEXTS.de[key] ?? key;
  return typeof value === "function" ? value(...args) : value;
}

export function applyStaticTexts(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
