export function qrSvg() { throw new Error("not yet"); }
