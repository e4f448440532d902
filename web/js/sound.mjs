// Short generated sounds (Web Audio, no files): "your turn" and "points scored". Off by
// default; the AudioContext is made only in a user gesture (a tap or key while sound is on),
// as browsers require, and never while sound is off. A friend elsewhere who moved is said with
// the same two notes when the turn alert is on (its default: a remote turn is easy to miss).

import { onSettingsChange, settings } from "./settings.mjs";

let audio = null;

// the turn alert's sound needs the audio only at a remote table (a fair or live game)
const remoteTable = () => document.getElementById("app").dataset.mode === "fair";
const wanted = () => settings().sound || (settings().turnAlert && remoteTable());

function ensureAudio() {
  if (audio || !wanted()) return audio;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  try { audio = new Ctx(); } catch { audio = null; }
  return audio;
}

/** Listens for the player's gestures: the first one with sound on opens the audio. */
export function bindSound() {
  const gesture = () => { if (wanted() && ensureAudio() && audio.state === "suspended") audio.resume().catch(() => {}); };
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, gesture, true);
  onSettingsChange(({ name, value }) => {
    if ((name === "sound" || name === "turnAlert") && !wanted() && audio) audio.suspend().catch(() => {});
  });
}

function tone(freq, at, length, gain = 0.12, type = "sine") {
  const osc = audio.createOscillator();
  const amp = audio.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.015);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(amp).connect(audio.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

function play(notes, allowed = settings().sound) {
  if (!allowed || !audio || audio.state === "closed") return false;
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const t0 = audio.currentTime + 0.01;
  for (const [freq, delay, length, type] of notes) tone(freq, t0 + delay, length, 0.12, type);
  return true;
}

// two soft rising notes: it is your turn
export const soundYourTurn = () => play([[523, 0, 0.12], [784, 0.1, 0.18]]);
// the same for a friend's move that makes it your turn (the turn alert)
export const soundRemoteTurn = () => play([[523, 0, 0.12], [784, 0.1, 0.18]], settings().turnAlert);
// a bright little chime: points scored
export const soundScore = () => play([[880, 0, 0.08, "triangle"], [1175, 0.07, 0.08, "triangle"], [1568, 0.14, 0.16, "triangle"]]);
/** Sound was just turned on (in a click): open the audio and play a sample. */
export function soundStart() {
  if (ensureAudio()) soundYourTurn();
}
/** Sound is on and open (for tests). */
export const soundReady = () => Boolean(audio) && settings().sound;
