/**
 * A real `bajutsu run` process for signal tests: started in a process group of its own (so a
 * signal to "its group" is what Ctrl-C in a terminal sends, and never reaches the test runner),
 * its stderr watched for progress lines, its outcome collected. Plus the checks every signal
 * test makes on what a run left behind.
 */
import { join } from "node:path";
import { tempFileOwner } from "../../src/evidence/atomic_write.ts";

export const ROOT = new URL("../../", import.meta.url).pathname;

export interface Outcome {
  code: number;
  signal: Deno.Signal | null;
  stdout: string;
  stderr: string;
}

/** A running `bajutsu run`. */
export class RunProcess {
  readonly pid: number;
  #child: Deno.ChildProcess;
  #stdout: Promise<string>;
  #stderr = "";
  #ended: Promise<void>;
  #waiters: { test: (s: string) => boolean; resolve: (seen: boolean) => void }[] = [];

  private constructor(child: Deno.ChildProcess) {
    this.#child = child;
    this.pid = child.pid;
    this.#stdout = new Response(child.stdout).text();
    this.#ended = this.#pump(child.stderr);
  }

  /** Starts `deno run -A main.ts run <args>` as the leader of a new process group. */
  static start(args: string[], env: Record<string, string>): RunProcess {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", join(ROOT, "main.ts"), "run", ...args],
      env: { NO_COLOR: "1", ...env },
      cwd: ROOT,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      // A new session and process group: the pgid is the child's pid.
      detached: true,
    }).spawn();
    return new RunProcess(child);
  }

  async #pump(stream: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<void> {
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      this.#stderr += chunk;
      this.#waiters = this.#waiters.filter((w) => {
        if (!w.test(this.#stderr)) return true;
        w.resolve(true);
        return false;
      });
    }
    for (const w of this.#waiters) w.resolve(false);
    this.#waiters = [];
  }

  /** Resolves true once stderr contains `marker`, false if the process ends first. */
  waitForStderr(marker: string | RegExp): Promise<boolean> {
    const test = (s: string) => typeof marker === "string" ? s.includes(marker) : marker.test(s);
    if (test(this.#stderr)) return Promise.resolve(true);
    return new Promise((resolve) => this.#waiters.push({ test, resolve }));
  }

  /** Sends `signal` to the process, or to its whole process group (`kill -SIG -<pgid>`). */
  signal(signal: Deno.Signal, target: "process" | "group" = "process"): void {
    try {
      Deno.kill(target === "group" ? -this.pid : this.pid, signal);
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err; // already gone
    }
  }

  async finish(): Promise<Outcome> {
    const status = await this.#child.status;
    await this.#ended;
    return {
      code: status.code,
      signal: status.signal,
      stdout: await this.#stdout,
      stderr: this.#stderr,
    };
  }
}

/** Every file below `dir` (relative paths). */
export async function filesBelow(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory) out.push(...await filesBelow(join(dir, e.name), rel));
    else out.push(rel);
  }
  return out;
}

/** Temp files of an atomic write (any process) below `dir`. */
export async function tempFilesBelow(dir: string): Promise<string[]> {
  return (await filesBelow(dir)).filter((f) =>
    tempFileOwner(f.split("/").at(-1)!) !== null || f.endsWith(".tmp")
  );
}

/** The one run folder in `runsDir` and its manifest text (null when none was written). */
export async function manifestTextOf(runsDir: string): Promise<string | null> {
  for await (const e of Deno.readDir(runsDir)) {
    if (!e.isDirectory) continue;
    try {
      return await Deno.readTextFile(join(runsDir, e.name, "manifest.json"));
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) return null;
      throw err;
    }
  }
  return null;
}

export interface ProcessInfo {
  pid: number;
  ppid: number;
  argv: string[];
}

/** Live processes whose command line mentions `needle` (Linux /proc). */
export function processesMentioning(needle: string): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const cmdline = Deno.readTextFileSync(`/proc/${e.name}/cmdline`);
      if (!cmdline.includes(needle)) continue;
      const stat = Deno.readTextFileSync(`/proc/${e.name}/stat`);
      // Fields after the parenthesised command name: state, ppid, …
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      out.push({ pid: Number(e.name), ppid, argv: cmdline.split("\0").filter(Boolean) });
    } catch { /* exited while we looked */ }
  }
  return out;
}

/**
 * Waits (bounded) until no process mentions `needle`; returns those still alive. Only a hard exit
 * needs the wait: the browser notices its closed pipe and exits on its own.
 */
export async function survivorsMentioning(needle: string, waitMs = 5000): Promise<ProcessInfo[]> {
  const until = performance.now() + waitMs;
  for (;;) {
    const alive = processesMentioning(needle);
    if (alive.length === 0 || performance.now() > until) return alive;
    await new Promise((r) => setTimeout(r, 50));
  }
}
