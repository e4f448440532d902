// Main-thread client of the engine worker: requests become promises. A watchdog notices a
// worker that crashed or stopped answering; restart() boots a fresh one.
//
// Instant on return: on a visit that found no snapshot of this build, once the engine is ready
// and idle, a second worker (snapshot-worker.mjs) makes and keeps the memory snapshot that later
// visits boot from. Once per visit, in the background; its failure only lands in this.snapshot.

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
    this.onProgress = null;
    this.lastStatus = null;
    this.pending = new Map();
    this.progressCount = 0;
    this.nextId = 1;
    // No answer for this long means a dead or hung worker. A thinking bot is no hang: the
    // worker runs the search in short slices and reports progress after each one.
    this.watchdogMs = 15_000;
    // The snapshot worker starts after this long with no request in flight and none answered,
    // the page visible: it costs a second Pyodide boot's CPU and memory (phones).
    // (Browser tests that are not about the snapshot switch it off to spare the machine.)
    this.snapshotIdleMs = globalThis.urzeitTestNoSnapshot ? Infinity : 3_000;
    this.snapshotTimeoutMs = 300_000;
    this.snapshotState = "none";  // "none" (not in this visit), "waiting" (for idle), "making", "done"
    this.snapshot = null;  // its outcome: {stored, bytes, gzipBytes, bootMs, copyMs, storeMs, ...} or {stored: false, reason}
    this.snapshotWorker = null;
    this.lastActivity = performance.now();
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
    this.readyAt = null;
    this.boot = null;  // "normal", "shipped" (the build's snapshot), "snapshot" (one kept here) or "fallback" (a snapshot refused)
    this.early = [];  // [id, request] asked before hello: posted when it names the worded operations
    this.progress = null;
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

  // Loading progress: {step: "download" (done and total bytes) | "start" | "engine"}; the page
  // sets onProgress to show it.
  progressText(t) {
    const p = this.progress;
    if (!p || this.status !== "loading") return null;
    const mb = (n) => (n / 1e6).toLocaleString(this.lang ? this.lang() : undefined, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
    if (p.step === "download" && p.total) return t("loadingBytes", mb(p.done), mb(p.total));
    return (t("loadingStep") || {})[p.step] || null;
  }

  receive(msg) {
    if (msg.type === "progress") {
      this.progress = msg;
      if (this.onProgress) this.onProgress(msg);
      return;
    }
    if (msg.type === "status") {
      if (msg.status === "ready") {
        this.status = "ready";
        this.hello = msg.hello;
        this.readyMs = msg.ms;
        this.boot = msg.boot;
        this.readyAt = performance.now();
        for (const [id, obj] of this.early.splice(0)) if (this.pending.has(id)) this.post(id, obj);
        this.onStatus("ready", msg);
        if (msg.snapshotWanted && this.snapshotState === "none") this.snapshotWhenIdle();
      } else {
        this.fail(msg.reason);
      }
      return;
    }
    const waiter = this.pending.get(msg.id);
    if (!waiter) return;
    this.lastActivity = performance.now();
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
    this.early = [];
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
      if (this.hello) this.post(id, obj);
      else this.early.push([id, obj]);  // the worker would only queue it until it is ready
      this.lastActivity = performance.now();
    });
  }

  post(id, obj) {
    // The engine words views and moves in the page's language (the log in both): hello's
    // worded_ops are the operations that take it (docs/protocol.md).
    if (this.lang && this.hello.worded_ops.includes(obj.op) && obj.lang === undefined) obj = { ...obj, lang: this.lang() };
    this.worker.postMessage({ id, request: JSON.stringify(obj) });
  }

  snapshotWhenIdle() {
    this.snapshotState = "waiting";
    const check = () => {
      if (this.snapshotState !== "waiting") return;  // the page started it already
      const quiet = performance.now() - this.lastActivity;
      const visible = typeof document === "undefined" || document.visibilityState !== "hidden";
      if (this.status === "ready" && this.pending.size === 0 && quiet >= this.snapshotIdleMs && visible) this.makeSnapshot();
      else setTimeout(check, Math.min(60_000, Math.max(250, this.snapshotIdleMs - quiet)));
    };
    setTimeout(check, this.snapshotIdleMs);
  }

  // Also the page's to call when it knows it is idle; once per visit.
  makeSnapshot() {
    if (this.snapshotState === "making" || this.snapshotState === "done") return;
    const t0 = performance.now();
    const idleMs = this.readyAt ? Math.round(t0 - this.readyAt) : null;
    this.snapshotState = "making";
    // ~1 GB phones: a second interpreter and its 30 MB copy could push the page out of memory
    if (navigator.deviceMemory && navigator.deviceMemory < 2) {
      this.snapshot = { stored: false, reason: "skipped: little memory", idleMs };
      this.snapshotState = "done";
      return;
    }
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    this.snapshotWorker = worker;
    let timer = null;
    const finish = (result) => {
      if (this.snapshotWorker !== worker) return;
      clearTimeout(timer);
      worker.terminate();
      this.snapshotWorker = null;
      this.snapshot = { ...result, idleMs, workerMs: Math.round(performance.now() - t0) };
      this.snapshotState = "done";
    };
    timer = setTimeout(() => finish({ stored: false, reason: "timed out" }), this.snapshotTimeoutMs);
    worker.onmessage = (event) => { if (event.data && event.data.type === "snapshot") finish(event.data); };
    worker.onerror = (event) => {
      event.preventDefault();
      finish({ stored: false, reason: event.message || "the snapshot worker could not start" });
    };
  }
}
