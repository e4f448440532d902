// What carries a fair game's messages between browsers (docs/architecture.md, "Transports, not
// modes"). A fair session and its live room never ask which transport they have.
//
// A frame transport (one per other browser: a WebRTC data channel, net/peer.mjs `Peer`; a
// relay channel with the same members) has:
/**
 * @typedef {Object} FrameTransport
 * @property {string} kind                   "channel" | "relay": for the page's words only
 * @property {(frame: object) => boolean} send   a JSON frame to the other side (false: not open)
 * @property {(frame: object|null, problem: string|null) => void} onFrame   set by the room: a
 *   checked frame from the other side, or why one was refused (too big, malformed, flood)
 * @property {(state: string, reason: string|null) => void} onState   set by the room
 * @property {string} state                  "new" | "connecting" | "open" | "closed" | "failed"
 * @property {(reason?: string) => void} close
 */
//
// The link transport (transports/link.mjs `LinkTransport`) hands this seat's messages to the
// player as a link for one seat (`share(to)`); a link that comes back is opened by
// screens/fair-open.mjs and goes to the same `session.receive` as a frame's messages.
export const FRAME_KINDS = ["have", "m", "h", "seats", "rematch", "chat"];
