// Main-thread client of the engine worker: requests become promises. A watchdog notices a
// worker that crashed or stopped answering; restart() boots a fresh one.

export class EngineError extends Error {
  // reason + params: the engine's key for the player's wording (i18n reasonText)
  constructor(code, message, reason = null, params = {}) {
    super(message);
    this.code = code;
    this.reason = reason;
    this.params = params || {};
  }
}

export class Engine {
  constructor(onStatus = null) {
    this.listener = onStatus;
    this.lastStatus = null;
    this.pending = new Map();
    this.progressCount = 0;
    this.nextId = 1;
    // No answer for this long means a dead or hung worker. A thinking bot is no hang: the
    // worker runs the search in short slices and reports progress after each one.
    this.watchdogMs = 15_000;
    this.start();
  }

  // Status events before the page listens are kept and handed over when it does.
  onStatus(status, info) {
    this.lastStatus = [status, info];
    if (this.listener) this.listener(status, info);
  }

  listen(fn) {
    this.listener = fn;
    if (this.lastStatus) fn(...this.lastStatus);
  }

  start() {
    this.status = "loading";
    this.hello = null;
    this.readyMs = null;
    this.boot = null;  // "normal", "snapshot" (a repeat visit) or "fallback" (a snapshot refused)
    this.snapshot = null;  // what became of the snapshot this boot made: {stored, bytes, reason}
    const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
    this.worker = worker;
    worker.onmessage = (event) => { if (worker === this.worker) this.receive(event.data); };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker === this.worker) this.fail(event.message || "the engine worker could not start");
    };
  }

  restart() {
    if (this.worker) this.worker.terminate();
    this.rejectAll("the engine was restarted");
    this.start();
    this.onStatus("loading", {});
  }

  receive(msg) {
    if (msg.type === "status") {
      if (msg.status === "ready") {
        this.status = "ready";
        this.hello = msg.hello;
        this.readyMs = msg.ms;
        this.boot = msg.boot;
        this.onStatus("ready", msg);
      } else {
        this.fail(msg.reason);
      }
      return;
    }
    if (msg.type === "snapshot") {
      this.snapshot = msg;
      return;
    }
    const waiter = this.pending.get(msg.id);
    if (!waiter) return;
    if (msg.progress) {  // still thinking, and alive: restart the watchdog
      clearTimeout(waiter.timer);
      waiter.timer = this.watchdog();
      this.progressCount++;
      return;
    }
    this.pending.delete(msg.id);
    clearTimeout(waiter.timer);
    if (msg.error) {
      waiter.reject(new EngineError("engine_failed", msg.error));
      return;
    }
    const reply = JSON.parse(msg.reply);
    if (reply.ok) waiter.resolve(reply.result);
    else waiter.reject(new EngineError(reply.error.code, reply.error.message, reply.error.reason || null, reply.error.params));
  }

  rejectAll(reason) {
    for (const waiter of this.pending.values()) {
      clearTimeout(waiter.timer);
      waiter.reject(new EngineError("engine_failed", reason));
    }
    this.pending.clear();
  }

  fail(reason, status = "failed") {
    this.status = status;
    this.rejectAll(reason);
    this.onStatus(status, { reason });
  }

  watchdog() {
    // no answer: the worker crashed or hangs
    return setTimeout(() => this.fail("the engine stopped answering", "crashed"), this.watchdogMs);
  }

  request(obj) {
    if (this.status === "failed" || this.status === "crashed") {
      return Promise.reject(new EngineError("engine_failed", "the engine is not running"));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = this.watchdog();
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ id, request: JSON.stringify(obj) });
    });
  }
}
