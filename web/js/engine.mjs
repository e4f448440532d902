// Main-thread client of the engine worker: requests become promises.

export class EngineError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

export class Engine {
  constructor(onStatus) {
    this.onStatus = onStatus;
    this.pending = new Map();
    this.nextId = 1;
    this.status = "loading";
    this.hello = null;
    this.readyMs = null;
    this.worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(event.message || "the engine worker could not start");
    };
  }

  receive(msg) {
    if (msg.type === "status") {
      if (msg.status === "ready") {
        this.status = "ready";
        this.hello = msg.hello;
        this.readyMs = msg.ms;
        this.onStatus("ready", msg);
      } else {
        this.fail(msg.reason);
      }
      return;
    }
    const waiter = this.pending.get(msg.id);
    if (!waiter) return;
    this.pending.delete(msg.id);
    if (msg.error) {
      waiter.reject(new EngineError("engine_failed", msg.error));
      return;
    }
    const reply = JSON.parse(msg.reply);
    if (reply.ok) waiter.resolve(reply.result);
    else waiter.reject(new EngineError(reply.error.code, reply.error.message));
  }

  fail(reason) {
    this.status = "failed";
    this.onStatus("failed", { reason });
    for (const waiter of this.pending.values()) waiter.reject(new EngineError("engine_failed", reason));
    this.pending.clear();
  }

  request(obj) {
    if (this.status === "failed") return Promise.reject(new EngineError("engine_failed", "the engine failed to start"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, request: JSON.stringify(obj) });
    });
  }
}
