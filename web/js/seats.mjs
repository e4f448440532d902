// Every seat has a colour and a shape, one definition for the shell and every renderer: the
// shape tells the seats apart where colours alone do not (colour blindness, a grey screen).
// High contrast takes the Okabe–Ito palette (safe for colour-blind eyes) and strong outlines.

export const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "star"];
const NORMAL = ["#c0392b", "#2e6fd1", "#e0b020", "#2f9e44", "#333333"];
const CONTRAST = ["#d55e00", "#0072b2", "#e69f00", "#009e73", "#cc79a7"];

// One live array: renderers hold it and read it when they draw, so a change of palette needs
// only a redraw.
export const SEAT_COLOURS = [...NORMAL];
let contrast = false;

export function setHighContrast(on) {
  contrast = Boolean(on);
  SEAT_COLOURS.splice(0, SEAT_COLOURS.length, ...(contrast ? CONTRAST : NORMAL));
}

export const highContrast = () => contrast;
export const seatShape = (seat) => SEAT_SHAPES[seat % SEAT_SHAPES.length];
/** The seat a colour of the current palette belongs to (-1 if none). */
export const seatOfColour = (colour) => SEAT_COLOURS.indexOf(colour);

// The shape as an SVG path in a 20×20 box centred on (10, 10).
const PATHS = {
  circle: "M10 2a8 8 0 1 0 0.01 0Z",
  square: "M3 3H17V17H3Z",
  triangle: "M10 1.5L18.5 17.5H1.5Z",
  diamond: "M10 1L19 10L10 19L1 10Z",
  star: "M10 1L12.6 7.2L19.2 7.6L14.1 11.8L15.8 18.4L10 14.8L4.2 18.4L5.9 11.8L0.8 7.6L7.4 7.2Z",
};

/** A seat's mark: its shape in its colour (an SVG element with data-seat and data-shape). */
export function seatMark(seat, { size = 14, className = "" } = {}) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", `seat-mark${className ? " " + className : ""}`);
  svg.dataset.seat = String(seat);
  svg.dataset.shape = seatShape(seat);
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", PATHS[seatShape(seat)]);
  path.setAttribute("fill", SEAT_COLOURS[seat % SEAT_COLOURS.length]);
  path.setAttribute("stroke", contrast ? "#000" : "#0007");
  path.setAttribute("stroke-width", contrast ? "2.2" : "1");
  path.setAttribute("stroke-linejoin", "round");
  svg.append(path);
  return svg;
}

/** The shape as the current path of a 2D context, centred on (x, y), about r in radius. */
export function shapePath(ctx, shape, x, y, r) {
  ctx.beginPath();
  if (shape === "circle") ctx.arc(x, y, r, 0, Math.PI * 2);
  else if (shape === "square") ctx.rect(x - r, y - r, 2 * r, 2 * r);
  else if (shape === "triangle") { ctx.moveTo(x, y - r * 1.15); ctx.lineTo(x + r * 1.1, y + r * 0.85); ctx.lineTo(x - r * 1.1, y + r * 0.85); ctx.closePath(); }
  else if (shape === "diamond") { ctx.moveTo(x, y - r * 1.25); ctx.lineTo(x + r * 1.1, y); ctx.lineTo(x, y + r * 1.25); ctx.lineTo(x - r * 1.1, y); ctx.closePath(); }
  else {
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5, rr = i % 2 ? r * 0.5 : r * 1.2;
      if (i) ctx.lineTo(x + rr * Math.cos(a), y + rr * Math.sin(a));
      else ctx.moveTo(x + rr * Math.cos(a), y + rr * Math.sin(a));
    }
    ctx.closePath();
  }
}
