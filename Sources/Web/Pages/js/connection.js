// tcnet/1 over WebSocket (docs/PROTOCOL.md section 16): one JSON message per text frame.
//
// The connection greets the host, keeps the resume token in this tab's sessionStorage, answers the
// idle timer with pings, matches replies to requests by id, and reconnects by itself after a drop
// or a reload, resuming the same player and seat.

const PROTOCOL = 1;
const CLIENT = "tcnet-web/1";
/** How long a connection may go without a welcome before it is closed and tried again. */
const GREETING_MS = 10000;

/** Why a request failed: the host's error (code, message) or the connection. */
export class RequestError extends Error {
  constructor(code, message, details = {}) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

export class Connection {
  /**
   * @param {object} options
   * @param {string} options.storageKey where this page keeps its resume token and name (per tab).
   * @param {(message: object) => void} options.onMessage messages that answer no request (table, state...).
   * @param {(status: string, detail?: string) => void} options.onStatus
   *   "connecting", "online", "reconnecting", "name-refused" or "closed".
   * @param {(welcome: object) => void} options.onWelcome a greeting accepted (new or resumed).
   */
  constructor({ storageKey = "tcnet", onMessage, onStatus, onWelcome }) {
    this.storageKey = storageKey;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.onWelcome = onWelcome;
    this.socket = null;
    this.nextId = 1;
    this.pending = new Map();
    this.welcome = null;
    this.attempt = 0;
    this.stopped = false;
    this.pingTimer = null;
    this.retryTimer = null;
    this.greetingTimer = null;
    this.unanswered = false;
  }

  /** The saved session of this tab: {name, token}, or null. */
  get saved() {
    try {
      return JSON.parse(sessionStorage.getItem(this.storageKey) || "null");
    } catch {
      return null;
    }
  }

  set saved(value) {
    if (value) sessionStorage.setItem(this.storageKey, JSON.stringify(value));
    else sessionStorage.removeItem(this.storageKey);
  }

  /** Connects and says hello with a name (or resumes the saved session when there is one). */
  start(name) {
    this.stopped = false;
    if (name !== undefined) this.saved = { name, token: null };
    this.open();
  }

  /** Leaves for good: no reconnecting, and the saved session is forgotten. */
  stop() {
    this.stopped = true;
    this.saved = null;
    clearTimeout(this.retryTimer);
    clearTimeout(this.greetingTimer);
    this.socket?.close(1000);
  }

  open() {
    clearTimeout(this.retryTimer);
    this.onStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws`);
    this.socket = socket;
    socket.onopen = () => this.greet();
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => this.closed(socket, event);
    // NB: R-9: a connection that opens and is not greeted, or never opens (a host that takes it and never
    // answers), is closed and tried again, as after a drop, instead of waiting for ever.
    clearTimeout(this.greetingTimer);
    this.unanswered = false;
    this.greetingTimer = setTimeout(() => {
      this.unanswered = true;
      socket.close();
    }, GREETING_MS);
  }

  greet() {
    const saved = this.saved || { name: "" };
    const hello = { type: "hello", protocol: PROTOCOL, name: saved.name, client: CLIENT };
    if (saved.token) hello.resume = saved.token;
    this.request("hello", hello).then(
      (welcome) => this.greeted(welcome),
      (error) => this.helloRefused(error),
    );
  }

  greeted(welcome) {
    clearTimeout(this.greetingTimer);
    this.welcome = welcome;
    this.attempt = 0;
    this.saved = { name: welcome.name, token: welcome.resumeToken };
    clearInterval(this.pingTimer);
    const every = Math.max(1000, Math.floor((welcome.idleTimeoutMs || 60000) / 3));
    this.pingTimer = setInterval(() => this.send({ type: "ping" }), every);
    this.onStatus("online");
    this.onWelcome(welcome);
  }

  helloRefused(error) {
    if (error.code === "bad-resume-token") {
      // The host forgot the session (its grace period ended): a new greeting with the same name.
      const saved = this.saved || { name: "" };
      this.saved = { name: saved.name, token: null };
      this.greet();
      return;
    }
    if (error.code === "invalid-name" || error.code === "name-taken") {
      this.stopped = true;
      this.saved = null;
      this.socket?.close(1000);
      this.onStatus("name-refused", error.message);
      return;
    }
    this.onStatus("reconnecting", error.message);
  }

  /**
   * Sends a request and resolves with the host's answer (the message whose "re" is its id), or
   * rejects with a RequestError carrying the host's error code.
   */
  request(type, members = {}) {
    const id = this.nextId++;
    const message = { ...members, type, id };
    return new Promise((resolve, reject) => {
      if (!this.send(message)) {
        reject(new RequestError("not-connected", "Not connected to the host: wait for it to come back"));
        return;
      }
      this.pending.set(id, { resolve, reject });
    });
  }

  /** Sends a message without waiting for an answer; false when there is no open connection. */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (!message || typeof message !== "object" || typeof message.type !== "string") return;
    const waiting = message.re !== undefined ? this.pending.get(message.re) : undefined;
    if (waiting) {
      this.pending.delete(message.re);
      if (message.type === "error") {
        waiting.reject(new RequestError(message.code, message.message, message));
      } else {
        waiting.resolve(message);
      }
      // NB: a reply is also news (a table, a state): the page updates from every message alike.
      if (message.type !== "error" && message.type !== "welcome" && message.type !== "pong") this.onMessage(message);
      return;
    }
    if (message.type === "error" && message.fatal) {
      this.fatal = message;
      return;
    }
    this.onMessage(message);
  }

  closed(socket, event) {
    if (socket !== this.socket) return;
    clearInterval(this.pingTimer);
    clearTimeout(this.greetingTimer);
    const unanswered = this.unanswered;
    this.unanswered = false;
    for (const { reject } of this.pending.values()) {
      reject(new RequestError("not-connected", "The connection to the host dropped"));
    }
    this.pending.clear();
    const fatal = this.fatal;
    this.fatal = null;
    if (fatal?.code === "session-replaced") {
      this.stopped = true;
      this.onStatus("closed", "This game goes on in another window or tab.");
      return;
    }
    if (this.stopped) {
      this.onStatus("closed", fatal?.message);
      return;
    }
    // NB: back off, but not far: in a classroom the host is usually back within seconds.
    this.attempt += 1;
    const delay = Math.min(4000, 250 * 2 ** Math.min(this.attempt, 4));
    const why = unanswered ? "The host did not answer" : event.code === 1006 ? "The host cannot be reached" : "";
    this.onStatus("reconnecting", fatal?.message || why);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }
}
