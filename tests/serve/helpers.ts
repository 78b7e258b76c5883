/** Test doubles and helpers shared by the serve tests. */
import { join } from "node:path";
import type {
  ChildExit,
  GroupProcess,
  ProcessControl,
  SpawnRequest,
} from "../../src/process/process_group.ts";
import type { WaitFn } from "../../src/process/wait.ts";
import type { Ticker } from "../../src/serve/ticker.ts";
import { type RunningServe, type ServeOptions, startServe } from "../../src/serve/server.ts";

export const ROOT = new URL("../../", import.meta.url).pathname;
export const SERVE_FIXTURE = join(ROOT, "tests/fixtures/serve/bajutsu.config.yaml");

/** A process the test drives: it prints what the test says and exits when told. */
export class FakeProcess implements GroupProcess {
  readonly exited: Promise<ChildExit>;
  readonly outputDone: Promise<void>;
  #exit!: (e: ChildExit) => void;
  #outputDone!: () => void;
  outputStopped = false;
  constructor(
    readonly pid: number,
    readonly req: SpawnRequest,
    readonly control: FakeControl,
  ) {
    this.exited = new Promise((r) => (this.#exit = r));
    this.outputDone = new Promise((r) => (this.#outputDone = r));
  }
  print(...lines: string[]): void {
    for (const l of lines) this.req.onLine(l);
  }
  exit(code: number, signal: Deno.Signal | null = null, closeOutput = true): void {
    this.control.markExited(this.pid);
    this.#exit({ code, signal });
    if (closeOutput) this.#outputDone();
  }
  stopOutput(): void {
    this.outputStopped = true;
    this.#outputDone();
  }
}

/** Records signals; a process "exists" until the test says it exited. */
export class FakeControl implements ProcessControl {
  readonly procs: FakeProcess[] = [];
  readonly signals: [number, Deno.Signal][] = [];
  /** Groups that still have members after their leader exited (orphans). */
  readonly liveGroups = new Set<number>();
  onSpawn: (p: FakeProcess) => void = () => {};
  #next = 1000;
  spawn(req: SpawnRequest): GroupProcess {
    const p = new FakeProcess(this.#next++, req, this);
    this.procs.push(p);
    this.onSpawn(p);
    return p;
  }
  /** True while the leader `pid` runs or its group has orphans. */
  #exists(target: number): boolean {
    const pid = Math.abs(target);
    const leader = this.procs.some((p) => p.pid === pid && !this.#exited.has(pid));
    return leader || (target < 0 && this.liveGroups.has(pid));
  }
  signal(target: number, signal: Deno.Signal): boolean {
    this.signals.push([target, signal]);
    const existed = this.#exists(target);
    if (target < 0 && signal === "SIGKILL") this.liveGroups.delete(-target);
    return existed;
  }
  alive(target: number): boolean {
    return this.#exists(target);
  }
  /** Descendants the test declares per leader pid. */
  readonly tree = new Map<number, number[]>();
  descendants(pid: number): Promise<number[]> {
    return Promise.resolve(this.tree.get(pid) ?? []);
  }
  readonly #exited = new Set<number>();
  markExited(pid: number): void {
    this.#exited.add(pid);
  }
}

/** Waits that only end when the test fires them (or their abort signal fires). */
export class ManualWait {
  readonly pending: { ms: number; resolve: () => void }[] = [];
  readonly fn: WaitFn = (ms, abort) =>
    new Promise<void>((resolve) => {
      const entry = { ms, resolve };
      const done = () => {
        const i = this.pending.indexOf(entry);
        if (i >= 0) this.pending.splice(i, 1);
        resolve();
      };
      entry.resolve = done;
      if (abort?.aborted) return done();
      abort?.addEventListener("abort", done, { once: true });
      this.pending.push(entry);
    });
  /** Ends the oldest pending wait of `ms` (any when omitted). */
  fire(ms?: number): void {
    const e = this.pending.find((p) => ms === undefined || p.ms === ms);
    if (!e) {
      throw new Error(`no pending wait of ${ms} ms (pending: ${this.pending.map((p) => p.ms)})`);
    }
    e.resolve();
  }
}

/** Ticks only when the test says so. */
export class ManualTicker implements Ticker {
  readonly #fns = new Set<() => void>();
  every(_ms: number, fn: () => void): () => void {
    this.#fns.add(fn);
    return () => this.#fns.delete(fn);
  }
  tick(): void {
    for (const fn of [...this.#fns]) fn();
  }
  get active(): number {
    return this.#fns.size;
  }
}

/** Lets pending promise callbacks run. */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise((r) => setTimeout(r, 0));
}

/** A server on a free loopback port with a fresh runs folder, and its cleanup. */
export interface TestServe {
  server: RunningServe;
  url: string;
  runsDir: string;
  stop(): Promise<void>;
}

export async function startTestServe(opts: Partial<ServeOptions> = {}): Promise<TestServe> {
  const runsDir = opts.runsDir ?? await Deno.makeTempDir({ prefix: "bajutsu-serve-" });
  const server = await startServe({
    host: "127.0.0.1",
    port: 0,
    token: null,
    configPath: SERVE_FIXTURE,
    maxConcurrentRuns: 4,
    cancelGraceS: 5,
    retentionDays: 30,
    ...opts,
    runsDir,
  });
  return {
    server,
    url: server.url,
    runsDir,
    stop: async () => {
      await server.stop();
      await Deno.remove(runsDir, { recursive: true }).catch(() => {});
    },
  };
}

/** Sends `request` verbatim over TCP (fetch would normalise the path) and returns the status. */
export async function rawStatus(port: number, request: string): Promise<number> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await conn.write(new TextEncoder().encode(request));
    const buf = new Uint8Array(4096);
    let text = "";
    while (!text.includes("\r\n")) {
      const n = await conn.read(buf);
      if (n === null) break;
      text += new TextDecoder().decode(buf.subarray(0, n));
    }
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
    if (!m) throw new Error(`no status line in ${JSON.stringify(text.slice(0, 80))}`);
    return Number(m[1]);
  } finally {
    conn.close();
  }
}

/** A GET of a raw path (not normalised) with Host set. */
export function rawGet(port: number, path: string, extra = ""): Promise<number> {
  return rawStatus(
    port,
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${extra}Connection: close\r\n\r\n`,
  );
}

/** fetch + JSON body, the body always consumed. */
export async function call(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { text };
  }
  return { status: res.status, body, headers: res.headers };
}

/** Writes a minimal run folder (manifest.json, optionally report.html) for history tests. */
export async function writeRun(
  runsDir: string,
  id: string,
  scenarios: { name: string; ok: boolean; failure?: string; duration_s?: number }[],
  opts: { report?: boolean } = {},
): Promise<string> {
  const dir = join(runsDir, id);
  await Deno.mkdir(dir, { recursive: true });
  const manifest = {
    schemaVersion: 10,
    runId: id,
    ok: scenarios.every((s) => s.ok),
    backend: "fake",
    sourceName: null,
    scenarios: scenarios.map((s, i) => ({
      scenario: s.name,
      ok: s.ok,
      failure: s.failure ?? (s.ok ? null : "failed"),
      sid: `${String(i).padStart(2, "0")}-x`,
      duration_s: s.duration_s ?? 1,
      steps: [],
    })),
  };
  await Deno.writeTextFile(join(dir, "manifest.json"), JSON.stringify(manifest));
  if (opts.report !== false) {
    await Deno.writeTextFile(join(dir, "report.html"), "<!doctype html>old");
  }
  return dir;
}
