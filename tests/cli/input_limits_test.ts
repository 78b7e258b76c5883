/**
 * Hostile input through the real CLI, each in its own process (docs/input-limits.md): a
 * regression here means gigabytes of memory or a read that blocks forever, which must fail
 * this test rather than take the test runner down with it. Every process runs with a 64 MB V8
 * heap (an alias bomb needs gigabytes) and is killed if it is still running after
 * `HANG_GUARD_MS` — a guard against hanging, far above the well-under-a-second these take.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ALIAS_BOMB } from "../scenario/hostile_yaml.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const LOGIN_APP = new URL("../fixtures/fake_apps/login_app.yaml", import.meta.url).pathname;
const HANG_GUARD_MS = 60_000;

interface Exit {
  code: number;
  stdout: string[];
  stderr: string;
  /** True when the hang guard had to kill the process. */
  killed: boolean;
}

async function bajutsu(args: string[], cwd: string): Promise<Exit> {
  const guard = new AbortController();
  const timer = setTimeout(() => guard.abort(), HANG_GUARD_MS);
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--v8-flags=--max-old-space-size=64", MAIN, ...args],
      cwd,
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
      signal: guard.signal,
    }).output();
    const text = (b: Uint8Array) => new TextDecoder().decode(b);
    return {
      code: out.code,
      stdout: text(out.stdout).split("\n").filter((l) => l !== ""),
      stderr: text(out.stderr),
      killed: guard.signal.aborted,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** A config with one fake target; `app` defaults to the login fixture. */
const fakeConfig = (app = LOGIN_APP) =>
  `targets:\n  app:\n    platform: fake\n    app: ${app}\n    scenarios: scenarios\n`;

async function runFolders(runsDir: string): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const e of Deno.readDir(runsDir)) names.push(e.name);
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return names;
}

const BOMB_ERROR = /:5:8: E_ALIAS_LIMIT alias \*d: aliases expand this document by more than/;

Deno.test("an alias bomb is one coded error in lint and run, whatever file it is", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-bomb-" });
  try {
    await Deno.writeTextFile(join(dir, "bomb.yaml"), ALIAS_BOMB);
    await Deno.mkdir(join(dir, "scenarios"));
    await Deno.writeTextFile(join(dir, "scenarios/ok.yaml"), "- name: ok\n  steps: []\n");
    await Deno.writeTextFile(join(dir, "good.config.yaml"), fakeConfig());
    await Deno.writeTextFile(join(dir, "bomb_app.config.yaml"), fakeConfig("bomb.yaml"));
    const noOutOfMemory = (r: Exit) => {
      assert.ok(!r.killed, "killed by the hang guard");
      assert.ok(!/out of memory|heap limit/i.test(r.stderr), r.stderr.slice(0, 500));
    };

    await t.step("lint of the scenario file", async () => {
      const r = await bajutsu(["lint", "bomb.yaml"], dir);
      noOutOfMemory(r);
      assert.equal(r.code, 1, r.stderr);
      assert.equal(r.stdout.length, 1);
      assert.match(r.stdout[0], new RegExp(`^bomb\\.yaml${BOMB_ERROR.source}`));
    });
    await t.step("run of the scenario file", async () => {
      const r = await bajutsu(
        ["run", "--config", "good.config.yaml", "--scenario", "bomb.yaml", "--runs-dir", "runs"],
        dir,
      );
      noOutOfMemory(r);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, BOMB_ERROR);
    });
    await t.step("run with the bomb as the config file", async () => {
      const r = await bajutsu(["run", "--config", "bomb.yaml", "--runs-dir", "runs"], dir);
      noOutOfMemory(r);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, BOMB_ERROR);
    });
    await t.step("run with the bomb as the fake target's app file", async () => {
      const r = await bajutsu(
        ["run", "--config", "bomb_app.config.yaml", "--runs-dir", "runs"],
        dir,
      );
      noOutOfMemory(r);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, BOMB_ERROR);
      assert.ok(!/\n\s+at /.test(r.stderr), `no stack trace: ${r.stderr}`);
    });
    assert.deepEqual(await runFolders(join(dir, "runs")), [], "no run started");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a FIFO given as scenario or config fails at once with one line", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-fifo-" });
  try {
    const made = await new Deno.Command("mkfifo", { args: [join(dir, "pipe.yaml")] }).output();
    assert.equal(made.code, 0, "mkfifo");
    await Deno.mkdir(join(dir, "scenarios"));
    await Deno.writeTextFile(join(dir, "scenarios/ok.yaml"), "- name: ok\n  steps: []\n");
    await Deno.writeTextFile(join(dir, "good.config.yaml"), fakeConfig());
    const FIFO_ERROR = "pipe.yaml:1:1: E_IO not read: a FIFO (named pipe); give a regular file";

    await t.step("lint", async () => {
      const r = await bajutsu(["lint", "pipe.yaml"], dir);
      assert.ok(!r.killed, "blocked on the FIFO");
      assert.equal(r.code, 1, r.stderr);
      assert.deepEqual(r.stdout, [FIFO_ERROR]);
    });
    await t.step("run --config", async () => {
      const r = await bajutsu(["run", "--config", "pipe.yaml", "--runs-dir", "runs"], dir);
      assert.ok(!r.killed, "blocked on the FIFO");
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stderr.trim(), FIFO_ERROR);
    });
    await t.step("run --scenario", async () => {
      const r = await bajutsu(
        ["run", "--config", "good.config.yaml", "--scenario", "pipe.yaml", "--runs-dir", "runs"],
        dir,
      );
      assert.ok(!r.killed, "blocked on the FIFO");
      assert.equal(r.code, 2, r.stderr);
      assert.ok(r.stderr.includes(`${join(dir, FIFO_ERROR)}\n`), r.stderr);
    });
    assert.deepEqual(await runFolders(join(dir, "runs")), [], "no run started");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
