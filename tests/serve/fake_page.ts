/**
 * Just enough of a browser to run the serve page's modules outside one: elements created on
 * demand by id (the shell's ids), `<select>` values that follow their options, listeners, and a
 * `fetch` whose answers the test releases one by one, in any order.
 */
import { join } from "node:path";
import { APP_ASSETS, PAGE_SHELL } from "../../src/serve/page/assets.ts";

type Listener = (event: { type: string; target: FakeElement }) => void;
type Child = FakeElement | string;

export class FakeElement {
  hidden = false;
  disabled = false;
  checked = false;
  className = "";
  dataset: Record<string, string> = {};
  scrollTop = 0;
  clientHeight = 100;
  scrollHeight = 100;
  max = 1;
  children: Child[] = [];
  parent: FakeElement | null = null;
  readonly attributes = new Map<string, string>();
  readonly listeners = new Map<string, Listener[]>();
  #value: string | null = null;

  constructor(readonly tagName: string) {}

  get textContent(): string {
    return this.children.map((c) => typeof c === "string" ? c : c.textContent).join("");
  }
  set textContent(text: string) {
    this.children = text === "" ? [] : [String(text)];
    this.#value = null;
  }
  get firstChild(): Child | null {
    return this.children[0] ?? null;
  }
  /** A `<select>` shows its chosen option, else its first one. */
  get value(): string {
    if (this.tagName !== "select") return this.#value ?? this.attributes.get("value") ?? "";
    const values = this.options().map((o) => o.value);
    if (this.#value !== null && values.includes(this.#value)) return this.#value;
    return values[0] ?? "";
  }
  set value(v: string) {
    this.#value = String(v);
  }
  options(): FakeElement[] {
    return this.children.filter((c): c is FakeElement => typeof c !== "string");
  }
  append(...nodes: Child[]): void {
    for (const n of nodes) {
      if (typeof n !== "string") n.parent = this;
      this.children.push(n);
    }
  }
  replaceChildren(...nodes: Child[]): void {
    for (const c of this.children) if (typeof c !== "string") c.parent = null;
    this.children = [];
    this.append(...nodes);
  }
  remove(): void {
    if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = null;
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
    if (name === "checked") this.checked = true;
    if (name === "disabled") this.disabled = true;
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }
  addEventListener(type: string, fn: Listener): void {
    this.listeners.set(type, [...this.listeners.get(type) ?? [], fn]);
  }
  /** What a user's click, choice or edit sends. */
  dispatch(type: string): void {
    for (const fn of this.listeners.get(type) ?? []) fn({ type, target: this });
  }
  descendants(): FakeElement[] {
    return this.options().flatMap((c) => [c, ...c.descendants()]);
  }
  focus(): void {}
  scrollIntoView(): void {}
}

/** The shell's elements by id: their tag and whether they start hidden. */
function shellElements(): Map<string, { tag: string; hidden: boolean }> {
  const out = new Map<string, { tag: string; hidden: boolean }>();
  for (const m of PAGE_SHELL.text.matchAll(/<(\w+)\s[^>]*?\bid="([^"]+)"[^>]*>/g)) {
    out.set(m[2], { tag: m[1], hidden: /\shidden[\s>]/.test(m[0]) });
  }
  return out;
}

export class FakeDocument {
  readonly byId = new Map<string, FakeElement>();
  readonly #shell = shellElements();
  getElementById(id: string): FakeElement {
    if (!this.byId.has(id)) {
      const shell = this.#shell.get(id);
      if (!shell) throw new Error(`fake document: the shell has no #${id}`);
      const node = new FakeElement(shell.tag);
      node.hidden = shell.hidden;
      this.byId.set(id, node);
    }
    return this.byId.get(id)!;
  }
  createElement(tag: string): FakeElement {
    return new FakeElement(tag);
  }
  /** Only the query the page makes: `#<id> <tag>:checked`. */
  querySelectorAll(selector: string): FakeElement[] {
    const m = /^#(\S+) (\w+):checked$/.exec(selector);
    if (!m) throw new Error(`fake document: unsupported selector ${selector}`);
    return this.getElementById(m[1]).descendants().filter((e) => e.tagName === m[2] && e.checked);
  }
}

/** One request the page made; `answer` releases its reply. */
export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  aborted: boolean;
  answer(data: unknown, status?: number): void;
}

/**
 * A `fetch` that holds every request until the test answers it; `next(path)` resolves with the
 * request once the page has made it. An aborted request rejects as a browser's fetch does.
 */
export class FakeServer {
  readonly calls: FakeCall[] = [];
  readonly #taken = new Set<FakeCall>();
  #waiters: { match: (c: FakeCall) => boolean; resolve: (c: FakeCall) => void }[] = [];

  fetch = (path: string, init: RequestInit = {}): Promise<Response> => {
    const reply = Promise.withResolvers<Response>();
    const call: FakeCall = {
      method: init.method ?? "GET",
      path,
      body: typeof init.body === "string" ? JSON.parse(init.body) : null,
      aborted: false,
      answer: (data, status = 200) => reply.resolve(new Response(JSON.stringify(data), { status })),
    };
    init.signal?.addEventListener("abort", () => {
      call.aborted = true;
      reply.reject(new DOMException("The operation was aborted.", "AbortError"));
    });
    this.calls.push(call);
    for (const w of this.#waiters.filter((w) => w.match(call))) {
      this.#waiters.splice(this.#waiters.indexOf(w), 1);
      w.resolve(call);
    }
    return reply.promise;
  };

  /** The first request for `path` not yet taken through here (waits for the page to make it). */
  async next(path: string, method = "GET"): Promise<FakeCall> {
    const match = (c: FakeCall) => c.path === path && c.method === method && !this.#taken.has(c);
    const call = this.calls.find(match) ??
      await new Promise<FakeCall>((resolve) => this.#waiters.push({ match, resolve }));
    this.#taken.add(call);
    return call;
  }
}

/** Yields to the page until `done()` holds (it only waits on promises the test settles). */
export async function until(done: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 200; turn++) {
    if (done()) return;
    await new Promise((r) => setTimeout(r, 0));
  }
  throw new Error(`the page never got there: ${what}`);
}

class FakeEventSource {
  static CLOSED = 2;
  readyState = 1;
  listeners: Record<string, (e: { data: string }) => void> = {};
  constructor(readonly url: string) {}
  addEventListener(type: string, fn: (e: { data: string }) => void): void {
    this.listeners[type] = fn;
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
}

/** The page's modules, loaded from a temp folder into the fake browser. */
export interface FakePage {
  document: FakeDocument;
  server: FakeServer;
  streams: FakeEventSource[];
  dir: string;
  import<T>(name: string): Promise<T>;
  /** Removes the temp folder and puts the real globals back. */
  close(): Promise<void>;
}

const GLOBALS = ["document", "fetch", "EventSource", "location", "window"] as const;

/**
 * Installs the fake browser and writes the page's modules to a temp folder. Importing main.js
 * (`page.import("main.js")`) starts the page the way a browser does.
 */
export async function openFakePage(): Promise<FakePage> {
  const g = globalThis as Record<string, unknown>;
  const saved = new Map(GLOBALS.map((k) => [k, Object.getOwnPropertyDescriptor(g, k)]));
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-page-" });
  for (const [name, asset] of Object.entries(APP_ASSETS)) {
    await Deno.writeTextFile(join(dir, name), asset.text);
  }
  const document = new FakeDocument();
  // The shell's initial state: "select all" is on, the workers field holds 1.
  document.getElementById("select-all").checked = true;
  document.getElementById("workers").value = "1";
  const server = new FakeServer();
  const page: FakePage = {
    document,
    server,
    streams: [],
    dir,
    import: (name) => import(`file://${join(dir, name)}`),
    close: async () => {
      for (const [k, d] of saved) {
        if (d) Object.defineProperty(g, k, d);
        else delete g[k];
      }
      await Deno.remove(dir, { recursive: true });
    },
  };
  const Source = class extends FakeEventSource {
    constructor(url: string) {
      super(url);
      page.streams.push(this);
    }
  };
  Object.assign(g, {
    document,
    fetch: server.fetch,
    EventSource: Source,
    location: { search: "" },
    window: { history: { replaceState() {} } },
  });
  return page;
}
