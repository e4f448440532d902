// One live connection to one other browser: a WebRTC data channel, no server of ours.
// The offer and answer travel as links (docs/fair-play.md "Live play"); only what WebRTC needs
// goes into them (ICE user fragment and password, DTLS fingerprint, candidates), the rest of
// the SDP is rebuilt here. What arrives is checked for size, shape and rate before anyone
// reads it; nothing from a peer is ever run or inserted as HTML.

import { b64url, unb64url } from "./b64.mjs";

export const MAX_FRAME = 64 * 1024;  // a frame holds a few signed messages (each ~0.3 kB)
export const FLOOD = { frames: 60, ms: 2000 };  // more frames than this in the window: cut off
export const FAIL_MS = 20_000;  // no channel this long after both sides have the other's offer/answer

const SETTINGS_KEY = "urzeit.settings";
export const DEFAULT_STUN = "stun:stun.l.google.com:19302";

// The STUN/TURN servers from the settings (`urzeit.settings` → `stun`: a URL, "" for none;
// `turn`: {urls, username, credential} or absent). Used only while a live game connects.
export function iceSettings() {
  let s = {};
  try { s = JSON.parse(localStorage.getItem(SETTINGS_KEY)) || {}; } catch { /* defaults */ }
  const stun = typeof s.stun === "string" ? s.stun.trim() : DEFAULT_STUN;
  const turn = s.turn && typeof s.turn.urls === "string" && s.turn.urls.trim() ? s.turn : null;
  return { stun, turn };
}

// For the settings panel: store the STUN server ("" turns it off) and an optional TURN server.
export function saveIceSettings({ stun, turn } = {}) {
  let s = {};
  try { s = JSON.parse(localStorage.getItem(SETTINGS_KEY)) || {}; } catch { /* start afresh */ }
  if (stun !== undefined) s.stun = String(stun).trim();
  if (turn !== undefined) s.turn = turn && turn.urls ? { urls: String(turn.urls), username: String(turn.username || ""), credential: String(turn.credential || "") } : null;
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
}

export function iceServers() {
  if (globalThis.urzeitLiveNoStun) return [];  // tests: loopback only
  const { stun, turn } = iceSettings();
  const list = [];
  if (stun) list.push({ urls: stun });
  if (turn) list.push({ urls: turn.urls, username: turn.username, credential: turn.credential });
  return list;
}

// ---- SDP: keep what is needed, rebuild the rest ----

// Chromium names a host candidate `<uuid>.local` (mDNS): 16 bytes, 22 characters in base64url.
const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;
function shortAddress(a) {
  const m = UUID.exec(a || "");
  return m ? "~" + b64url(m.slice(1).join("").match(/../g).map((h) => parseInt(h, 16))) : a;
}
function longAddress(a) {
  if (!a.startsWith("~")) return a;
  const hex = [...unb64url(a.slice(1))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
}
const PRIORITY = { host: 2113937151, srflx: 1686052607, prflx: 1845501695, relay: 41885439 };

export function trimSdp(sdp) {
  const line = (prefix) => (sdp.split(/\r?\n/).find((l) => l.startsWith(prefix)) || "").slice(prefix.length).trim();
  const fp = line("a=fingerprint:sha-256 ");
  const cands = sdp.split(/\r?\n/).filter((l) => l.startsWith("a=candidate:")).map((l) => {
    // foundation component proto priority address port typ type [raddr a rport p]: the address,
    // port, type (and related address) are all a peer needs; the rest is rebuilt
    const f = l.slice(12).trim().split(" ");
    if ((f[2] || "").toLowerCase() !== "udp") return null;
    const keep = [shortAddress(f[4]), f[5], f[7]];
    const r = f.indexOf("raddr");
    if (r > 0) keep.push(shortAddress(f[r + 1]), f[r + 3]);
    return keep.join(" ");
  }).filter(Boolean).slice(0, 8);
  if (!fp) throw new Error("no DTLS fingerprint in the offer");
  return { u: line("a=ice-ufrag:"), p: line("a=ice-pwd:"), f: b64url(fp.split(":").map((h) => parseInt(h, 16))),
           c: cands, s: line("a=setup:") === "active" ? "a" : "p" };
}

const TOKEN = /^[A-Za-z0-9+/=:._-]{1,256}$/;
const CAND = /^[A-Za-z0-9+/=:._~-]{1,64} [0-9]{1,5} (host|srflx|prflx|relay)( [A-Za-z0-9+/=:._~-]{1,64} [0-9]{1,5})?$/;

export function validTrimmed(o) {
  return o && typeof o === "object" && TOKEN.test(o.u) && TOKEN.test(o.p) && typeof o.f === "string" && /^[A-Za-z0-9_-]{43}$/.test(o.f)
    && Array.isArray(o.c) && o.c.length <= 8 && o.c.every((c) => typeof c === "string" && CAND.test(c)) && (o.s === "a" || o.s === "p");
}

export function rebuildSdp(o, type) {
  if (!validTrimmed(o)) throw new Error("the connection data is damaged");
  const fp = [...unb64url(o.f)].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const lines = ["v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...o.c.map((c, i) => {
      const [addr, port, type, raddr, rport] = c.split(" ");
      const related = raddr ? ` raddr ${longAddress(raddr)} rport ${rport}` : "";
      return `a=candidate:${i + 1} 1 udp ${PRIORITY[type] - i} ${longAddress(addr)} ${port} typ ${type}${related}`;
    }),
    `a=ice-ufrag:${o.u}`, `a=ice-pwd:${o.p}`, `a=fingerprint:sha-256 ${fp}`,
    `a=setup:${type === "offer" ? "actpass" : o.s === "a" ? "active" : "passive"}`, "a=mid:0", "a=sctp-port:5000",
    "a=max-message-size:262144", ""];
  return lines.join("\r\n");
}

// ---- the connection ----

// States: "new" → "connecting" (offer/answer exchanged) → "open" → "closed" | "failed".
// A frame transport (transports/transport.mjs).
export class Peer {
  constructor({ onFrame, onState, failMs = FAIL_MS } = {}) {
    this.kind = "channel";
    this.onFrame = onFrame || (() => {});
    this.onState = onState || (() => {});
    this.failMs = failMs;
    this.state = "new";
    this.reason = null;
    this.times = [];
    this.stats = { sent: 0, received: 0, bytesSent: 0, bytesReceived: 0 };
    this.pc = new RTCPeerConnection({ iceServers: iceServers() });
    // negotiated on both sides: no extra round trip to announce it
    this.dc = this.pc.createDataChannel("urzeit", { negotiated: true, id: 0, ordered: true });
    this.dc.onopen = () => this.set("open");
    this.dc.onclose = () => { if (this.state === "open") this.set("closed", "closed"); };
    this.dc.onmessage = (ev) => this.receive(ev.data);
    this.pc.onconnectionstatechange = () => {
      const s = this.pc.connectionState;
      if (s === "failed") this.set("failed", "ice_failed");
      if ((s === "disconnected" || s === "closed") && this.state === "open") this.set("closed", "closed");
    };
  }

  set(state, reason = null) {
    if (this.state === state || this.state === "failed" || (this.state === "closed" && state !== "open")) return;
    this.state = state;
    this.reason = reason;
    clearTimeout(this.timer);
    if (state === "failed" || state === "closed") this.pc.close();
    this.onState(state, reason);
  }

  async gathered() {
    if (this.pc.iceGatheringState === "complete") return;
    // with a STUN server gathering may take long: take what is there after 3 s
    await new Promise((resolve) => {
      const done = () => { if (this.pc.iceGatheringState === "complete") resolve(); };
      this.pc.addEventListener("icegatheringstatechange", done);
      setTimeout(resolve, 3000);
    });
  }

  async offer() {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await this.gathered();
    return trimSdp(this.pc.localDescription.sdp);
  }

  async answer(trimmedOffer) {
    await this.pc.setRemoteDescription({ type: "offer", sdp: rebuildSdp(trimmedOffer, "offer") });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await this.gathered();
    return trimSdp(this.pc.localDescription.sdp);
  }

  async accept(trimmedAnswer) {
    await this.pc.setRemoteDescription({ type: "answer", sdp: rebuildSdp(trimmedAnswer, "answer") });
    this.connecting();
  }

  // Both descriptions are in: the channel opens within a second on one network; if it has not
  // opened after failMs, say so (a network that needs a relay).
  connecting(ms = this.failMs) {
    if (this.state !== "new") return;
    this.set("connecting");
    this.timer = setTimeout(() => { if (this.state === "connecting") this.set("failed", "timeout"); }, ms);
  }

  send(frame) {
    if (this.state !== "open" || this.dc.readyState !== "open") return false;
    const text = JSON.stringify(frame);
    this.dc.send(text);
    this.stats.sent++;
    this.stats.bytesSent += text.length;
    return true;
  }

  receive(data) {
    if (this.state !== "open") return;
    const now = performance.now();
    this.times.push(now);
    while (this.times.length && now - this.times[0] > FLOOD.ms) this.times.shift();
    if (this.times.length > FLOOD.frames) {
      this.set("closed", "flood");
      return;
    }
    if (typeof data !== "string" || data.length > MAX_FRAME) {
      this.onFrame(null, "too_big");
      return;
    }
    this.stats.received++;
    this.stats.bytesReceived += data.length;
    let frame;
    try { frame = JSON.parse(data); } catch { frame = null; }
    if (!frame || typeof frame !== "object" || Array.isArray(frame) || typeof frame.t !== "string") {
      this.onFrame(null, "malformed");
      return;
    }
    this.onFrame(frame, null);
  }

  close(reason = "closed") {
    this.set("closed", reason);
  }
}
