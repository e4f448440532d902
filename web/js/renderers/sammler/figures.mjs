// The figure choice: a circle on the canvas for each legal place_figure action, where the figure
// would stand (choices.mjs lays them out), and a tap on one plays it. s is the renderer's match
// state (renderer.mjs); framing gives the zoom buttons' box and whether the screen is a phone's.

import { layoutChoices } from "./choices.mjs";
import { figurePlace } from "./draw.mjs";
import { figureActions, tileAt } from "./board.mjs";

export function createFigureChoice(s, framing) {
  const { cam, camera } = s;
  // A figure choice is a circle this large (a finger's width on a touch screen) ...
  const markerBase = () => (framing.touchy() ? 17 : 15);
  const markerRadius = () => Math.max(markerBase(), Math.min(22, camera.scale * 0.09));
  // ... and two of them keep this far apart, centre to centre.
  const markerGap = () => 2 * markerRadius() + 4;

  let markerCache = { key: "", list: [] };

  // [{sx, sy, r, action, ...}] on the canvas, for the view's figure step
  function markers() {
    const view = s.view;
    if (!view || view.phase !== "figure" || !s.geometry) return [];
    const key = `${view.state_id}|${camera.x}|${camera.y}|${camera.scale}|${cam.size()}`;
    if (markerCache.key === key) return markerCache.list;
    const last = view.last_placed;
    const tile = tileAt(s, last.x, last.y);
    const byZone = new Map();
    for (const a of figureActions(s)) {
      if (!byZone.has(a.zone)) byZone.set(a.zone, []);
      byZone.get(a.zone).push(a);
    }
    // each choice where the figure would stand, beside the tile's animals
    const zones = [...byZone].map(([zone, actions]) => {
      const { sx, sy } = figurePlace(cam, s.geometry, tile, zone);
      return [[sx, sy], actions];
    });
    const [x0, y0] = cam.toScreen(tile.x, tile.y);
    const box = framing.zoomBox();
    const underButtons = (x, y, r) => x + r > box.left && y - r < box.bottom;
    const list = layoutChoices(zones, markerRadius(), markerGap(), [x0, y0, camera.scale], cam.size(), underButtons, framing.touchy());
    markerCache = { key, list };
    return list;
  }

  // the choice under the screen point (sx, sy), or undefined
  const markerAt = (sx, sy) => markers().find((m) => Math.hypot(m.sx - sx, m.sy - sy) <= m.r + 2);

  return { markers, markerAt };
}
