// Placing the tile: a tap on a spot chooses it (turned to fit when it must be), rotate turns the
// tile (in place on a chosen spot), then confirm places it — at once when the settings skip
// the confirm step. A tap where the tile fits nowhere says so over the board. s is the
// renderer's match state (renderer.mjs): s.view, s.rot, s.pending, s.api, s.toast; showPanel
// draws the panel's buttons anew.

import { settings } from "../common.mjs";
import { alias, legalAt, rotationsAt } from "./board.mjs";
import { text } from "./panel.mjs";

export function createPlacing(s, showPanel) {
  // A tap on the cell (x, y) at the screen point (sx, sy), in the tile step.
  function tapCell(x, y, sx, sy) {
    if (legalAt(s, x, y, s.rot)) {
      s.pending = { x, y, rotation: s.rot };
    } else {
      const rotations = rotationsAt(s, x, y);
      if (rotations.length) {
        s.rot = rotations[0];
        s.pending = { x, y, rotation: s.rot };
      } else {
        s.api.message(text(s.api.lang()).noFit);
        showToast(text(s.api.lang()).noFit, sx, sy);
        return;
      }
    }
    s.api.message("");
    if (!settings().confirm) { confirm(); return; }  // the settings: no confirm step
    showPanel();
    s.dirty = true;
  }

  function rotate(dir) {
    if (!s.view || !s.view.tile_to_place) return;
    const pending = s.pending;
    if (pending) {
      // rotate in place: the next turn of the tile that fits the chosen spot (the spot stays)
      const rotations = rotationsAt(s, pending.x, pending.y);
      for (let k = 1; k <= 4; k++) {
        const r = (pending.rotation + dir * k + 8) % 4;
        if (rotations.includes(r)) { s.rot = r; pending.rotation = r; break; }
      }
    } else s.rot = (s.rot + dir + 4) % 4;
    showPanel();
    s.dirty = true;
  }

  function confirm() {
    const pending = s.pending;
    if (!pending) return;
    const action = { type: "place_tile", x: pending.x, y: pending.y, rotation: alias(s, s.view.tile_to_place, pending.rotation) };
    s.pending = null;
    s.api.act(action);
  }

  function cancel() {
    s.pending = null;
    showPanel();
    s.dirty = true;
  }

  // A short note over the board where the finger is (a wrong tap): gone after a few seconds.
  let toastTimer = 0;
  function showToast(words, sx, sy) {
    const toast = s.toast;
    clearTimeout(toastTimer);
    toast.textContent = words;
    toast.hidden = false;
    const [w, h] = s.cam.size();
    const tw = toast.offsetWidth, th = toast.offsetHeight;
    toast.style.left = Math.max(4, Math.min(w - tw - 4, sx - tw / 2)) + "px";
    toast.style.top = (sy - th - 16 >= 4 ? sy - th - 16 : Math.min(h - th - 4, sy + 16)) + "px";
    toastTimer = setTimeout(() => { toast.hidden = true; }, 2500);
  }

  const stop = () => clearTimeout(toastTimer);

  return { tapCell, rotate, confirm, cancel, stop };
}
