// base64url without padding (RFC 4648 §5): the page's one spelling of bytes in links, codes and
// SDP, the same as the engine's (fair/crypto.py: b64). No dependency: also loads in Node.

const CHUNK = 0x8000;  // bytes per String.fromCharCode call: a long link must not overflow the stack

/** The text of `bytes` (a Uint8Array or an array of byte values). */
export function b64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += CHUNK) bin += String.fromCharCode(...bytes.slice(i, i + CHUNK));
  return btoa(bin).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The bytes of a b64url text; throws (atob's InvalidCharacterError) on text that is none. */
export function unb64url(text) {
  return Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
}
