// The test game's rules, for the rules dialog.
export const RULES = {
  de: "<h3>Nim mit verdeckten Karten</h3><p>Spiele eine Karte und nimm so viele Steine. Wer den letzten nimmt, gewinnt.</p>",
  en: "<h3>Hidden-hand Nim</h3><p>Play a card and take that many stones. Whoever takes the last one wins.</p>",
};
