/**
 * The run's signal watcher with real signals, in a child process (tests/runner/signals_child.ts):
 * the first signal cancels, later SIGTERMs/SIGHUPs are ignored, a second SIGINT asks for an abort,
 * the deadline fires once; a main thread that never yields still sees the cancel event, and still
 * dies at the deadline and at a forced abort.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { tempPathFor } from "../../src/evidence/atomic_write.ts";

const CHILD = new URL("./signals_child.ts", import.meta.url).pathname;

interface ChildOptions {
  deadline: "report" | "reraise";
  graceS: number;
  slackS?: number;
  abortFallbackMs?: number;
  cleanupDir?: string;
}

/** The watcher's process: its stdout lines, commands on stdin, signals. */
class Watched {
  #child: Deno.ChildProcess;
  #lines: string[] = [];
  #waiters: { line: string; resolve: (seen: boolean) => void }[] = [];
  #ended: Promise<void>;
  #stdin: WritableStreamDefaultWriter<Uint8Array>;

  constructor(opts: ChildOptions) {
    this.#child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        CHILD,
        opts.deadline,
        String(opts.graceS),
        String(opts.slackS ?? 0),
        // Only the forced-abort test wants the fallback: elsewhere a loaded machine may take
        // more than a second to acknowledge an abort, and the fallback would end the child.
        String(opts.abortFallbackMs ?? 60_000),
        ...(opts.cleanupDir ? [opts.cleanupDir] : []),
      ],
      stdin: "piped",
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    this.#stdin = this.#child.stdin.getWriter();
    this.#ended = this.#read();
  }

  async #read(): Promise<void> {
    let buffered = "";
    for await (const chunk of this.#child.stdout.pipeThrough(new TextDecoderStream())) {
      buffered += chunk;
      const parts = buffered.split("\n");
      buffered = parts.pop()!;
      for (const line of parts) {
        this.#lines.push(line);
        this.#waiters = this.#waiters.filter((w) => {
          if (w.line !== line) return true;
          w.resolve(true);
          return false;
        });
      }
    }
    for (const w of this.#waiters) w.resolve(false);
  }

  /** Resolves true once the child printed `line`, false if it ended without. */
  waitFor(line: string): Promise<boolean> {
    if (this.#lines.includes(line)) return Promise.resolve(true);
    return new Promise((resolve) => this.#waiters.push({ line, resolve }));
  }

  get pid(): number {
    return this.#child.pid;
  }

  kill(): void {
    try {
      this.#child.kill("SIGKILL");
    } catch { /* already gone */ }
  }

  async send(signal: Deno.Signal, thenLine?: string): Promise<void> {
    Deno.kill(this.#child.pid, signal);
    if (thenLine) assert.ok(await this.waitFor(thenLine), `${signal} → ${thenLine}`);
  }

  async command(text: string): Promise<void> {
    await this.#stdin.write(new TextEncoder().encode(text + "\n"));
  }

  /** Closes stdin (the child then exits on its own unless wedged) and collects the outcome. */
  async end(): Promise<{ lines: string[]; status: Deno.CommandStatus }> {
    await this.#stdin.close().catch(() => {});
    return await this.exited();
  }

  /** The outcome once the child ends by itself (stdin stays open: no normal exit is asked for). */
  async exited(): Promise<{ lines: string[]; status: Deno.CommandStatus }> {
    const status = await this.#child.status;
    await this.#ended;
    return { lines: this.#lines, status };
  }
}

async function started(opts: ChildOptions): Promise<Watched> {
  const w = new Watched(opts);
  assert.ok(await w.waitFor("ready"), "the watcher started");
  return w;
}

Deno.test("SIGTERM cancels once; later SIGTERM and SIGHUP are ignored; the deadline fires once", async () => {
  const w = await started({ deadline: "report", graceS: 0.3 });
  await w.send("SIGTERM", "cancel SIGTERM");
  await w.send("SIGTERM");
  await w.send("SIGHUP");
  assert.ok(await w.waitFor("deadline SIGTERM"));
  const { lines, status } = await w.end();
  assert.deepEqual(lines, ["ready", "cancel SIGTERM", "deadline SIGTERM"]);
  assert.equal(status.code, 0);
});

Deno.test("SIGINT cancels; a second SIGINT asks for an abort, a third changes nothing", async () => {
  const w = await started({ deadline: "report", graceS: 60 });
  await w.send("SIGINT", "cancel SIGINT");
  await w.send("SIGINT", "abort");
  await w.send("SIGINT");
  await w.command("dispose");
  assert.ok(await w.waitFor("disposed"));
  const { lines, status } = await w.end();
  assert.deepEqual(lines, ["ready", "cancel SIGINT", "abort", "disposed"]);
  assert.equal(status.code, 0);
});

Deno.test("SIGHUP cancels like SIGTERM; a Ctrl-C afterwards aborts", async () => {
  const w = await started({ deadline: "report", graceS: 60 });
  await w.send("SIGHUP", "cancel SIGHUP");
  await w.send("SIGHUP");
  await w.send("SIGINT", "abort");
  const { lines } = await w.end();
  assert.deepEqual(lines, ["ready", "cancel SIGHUP", "abort"]);
});

Deno.test("a main thread that never yields still sees the cancel event (shared memory)", async () => {
  const w = await started({ deadline: "report", graceS: 60 });
  await w.command("spin");
  assert.ok(await w.waitFor("spun cancelled=true onCancelRan=false"));
  assert.ok(await w.waitFor("cancel SIGTERM"), "the main thread's turn comes after the spin");
  await w.end();
});

Deno.test("after dispose a signal takes its default disposition again", async () => {
  const w = await started({ deadline: "report", graceS: 60 });
  await w.command("dispose");
  assert.ok(await w.waitFor("disposed"));
  await w.send("SIGTERM");
  // Deno acts on a signal nobody listens to from its own signal thread; closing stdin here would
  // race a normal exit against it, so the child is left to the signal alone.
  const { lines, status } = await diesWithin(w, 20_000, "exited");
  assert.equal(status.signal, "SIGTERM", JSON.stringify(status));
  assert.deepEqual(lines, ["ready", "disposed"]);
});

/** The child's status, or a failure if it is still alive after `boundMs` (then it is killed). */
async function diesWithin(w: Watched, boundMs: number, how: "end" | "exited" = "end") {
  const timer = setTimeout(() => w.kill(), boundMs);
  try {
    return await (how === "end" ? w.end() : w.exited());
  } finally {
    clearTimeout(timer);
  }
}

Deno.test("dispose resolves only once the listeners are gone: a SIGTERM sent right after it ends the process", async () => {
  const w = await started({ deadline: "report", graceS: 60 });
  await w.command("dispose-kill");
  const { lines, status } = await diesWithin(w, 20_000);
  assert.equal(status.signal, "SIGTERM");
  assert.deepEqual(lines, ["ready"]);
});

/** In `dir`: a temp file of the watched process and one of another process (pid 1). */
async function plantTempFiles(dir: string, pid: number): Promise<{ ours: string; theirs: string }> {
  await Deno.mkdir(join(dir, "00-a"));
  const ours = tempPathFor(join(dir, "00-a", "before.png"), pid);
  const theirs = tempPathFor(join(dir, "index.html"), 1);
  await Deno.writeTextFile(ours, "png");
  await Deno.writeTextFile(theirs, "<");
  return { ours, theirs };
}

Deno.test("a wedged main thread still dies at the deadline, by the signal that cancelled it, leaving no temp file of ours", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-signals-" });
  try {
    const w = await started({ deadline: "reraise", graceS: 0.3, cleanupDir: dir });
    // A write the wedged main thread can never finish: its temp file is already on disk.
    const { ours, theirs } = await plantTempFiles(dir, w.pid);
    await w.send("SIGTERM", "cancel SIGTERM");
    await w.command("block");
    assert.ok(await w.waitFor("blocking"));
    const { status } = await diesWithin(w, 20_000);
    assert.equal(status.signal, "SIGTERM");
    await assert.rejects(Deno.stat(ours), Deno.errors.NotFound);
    assert.ok((await Deno.stat(theirs)).isFile, "another process's temp file is left alone");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a second Ctrl-C to a wedged main thread: the watcher removes our temp files and re-raises SIGINT", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-signals-" });
  try {
    const w = await started({
      deadline: "reraise",
      graceS: 60,
      abortFallbackMs: 200,
      cleanupDir: dir,
    });
    const { ours, theirs } = await plantTempFiles(dir, w.pid);
    await w.send("SIGINT", "cancel SIGINT");
    await w.command("block");
    assert.ok(await w.waitFor("blocking"));
    await w.send("SIGINT");
    const { lines, status } = await diesWithin(w, 20_000);
    assert.equal(status.signal, "SIGINT");
    assert.ok(!lines.includes("abort"), "the wedged main thread never took the abort");
    await assert.rejects(Deno.stat(ours), Deno.errors.NotFound);
    assert.ok((await Deno.stat(theirs)).isFile, "another process's temp file is left alone");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
