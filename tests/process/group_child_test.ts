/**
 * Long-lived helpers in their own process group: output to lines or a file, `stop()` ends the
 * leader and what it started, SIGKILL after the grace for a child that ignores SIGTERM.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnGroupChild } from "../../src/process/group_child.ts";
import { processAlive as alive } from "../support/process_alive.ts";

Deno.test("a group child's lines reach the callback and it runs in a group of its own", async () => {
  const lines: string[] = [];
  const child = spawnGroupChild({
    cmd: "sh",
    args: ["-c", "echo one; echo two >&2; exit 3"],
    output: { lines: (l) => lines.push(l) },
  });
  assert.notEqual(child.pid, Deno.pid);
  const exit = await child.exited;
  assert.equal(exit.code, 3);
  assert.deepEqual(lines.sort(), ["one", "two"]);
  assert.equal(child.running, false);
});

Deno.test("a group child writes its output to a file", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-group-" });
  try {
    const file = join(dir, "out.log");
    const child = spawnGroupChild({
      cmd: "sh",
      args: ["-c", "echo a; echo b >&2; echo c"],
      output: { file },
    });
    await child.exited;
    const text = await Deno.readTextFile(file);
    assert.deepEqual(text.trim().split("\n").sort(), ["a", "b", "c"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("stop() ends the leader and the grandchildren of its group", async () => {
  const pids: string[] = [];
  const child = spawnGroupChild({
    cmd: "sh",
    args: ["-c", "sleep 30 & echo $!; sleep 30"],
    output: { lines: (l) => pids.push(l) },
  });
  while (pids.length === 0) await new Promise((r) => setTimeout(r, 10));
  const grandchild = Number(pids[0]);
  assert.ok(alive(grandchild));
  const exit = await child.stop({ graceMs: 2000 });
  assert.equal(exit.signal, "SIGTERM");
  // The grandchild got the group signal too.
  for (let i = 0; i < 100 && alive(grandchild); i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(alive(grandchild), false);
});

Deno.test("a child that ignores SIGTERM is killed once the grace has passed", async () => {
  const ready: string[] = [];
  const child = spawnGroupChild({
    cmd: "sh",
    args: ["-c", "trap '' TERM; echo ready; while :; do sleep 0.05; done"],
    output: { lines: (l) => ready.push(l) },
  });
  while (ready.length === 0) await new Promise((r) => setTimeout(r, 10));
  const exit = await child.stop({ graceMs: 50 });
  assert.equal(exit.signal, "SIGKILL");
  assert.equal(await child.stop(), exit, "stop is idempotent");
});

Deno.test("a process that exits without stopping its group child takes the child down with it", async () => {
  const script = `
    import { spawnGroupChild } from ${
    JSON.stringify(new URL("../../src/process/group_child.ts", import.meta.url).href)
  };
    import process from "node:process";
    const child = spawnGroupChild({ cmd: "sleep", args: ["30"] });
    console.log(child.pid);
    setTimeout(() => process.exit(0), 100);
  `;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const pid = Number(new TextDecoder().decode(out.stdout).trim());
  assert.ok(pid > 0, new TextDecoder().decode(out.stderr));
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(alive(pid), false, "the sleeping child was killed at exit");
});
