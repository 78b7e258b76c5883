/**
 * A bounded command: its output and exit code, the kill at its deadline, and the kill when its
 * caller's signal aborts (nothing of it left running).
 */
import assert from "node:assert/strict";
import { runBounded } from "../../src/process/bounded_command.ts";
import { processAlive } from "../support/process_alive.ts";

Deno.test("a bounded command's output and exit code", async () => {
  const r = await runBounded("sh", ["-c", "echo out; echo err >&2; exit 3"], { timeoutS: 30 });
  assert.deepEqual(r, {
    code: 3,
    stdout: "out\n",
    stderr: "err\n",
    timedOut: false,
    aborted: false,
  });
});

Deno.test("an aborted signal kills the command at once; the child is gone when it returns", async () => {
  const giveUp = new AbortController();
  // The shell prints its pid and then execs the sleep (same pid): the process to be killed.
  const running = runBounded("sh", ["-c", "echo $$ >&2; exec sleep 30"], {
    timeoutS: 60,
    signal: giveUp.signal,
  });
  const t0 = performance.now();
  setTimeout(() => giveUp.abort(new Error("gave up")), 200);
  const r = await running;
  assert.ok(performance.now() - t0 < 10_000);
  assert.equal(r.aborted, true);
  assert.equal(r.timedOut, false);
  assert.equal(r.code, -1);
  const pid = Number(r.stderr.trim());
  assert.ok(pid > 0, r.stderr);
  assert.equal(processAlive(pid), false);
});

Deno.test("a signal aborted before the call starts nothing", async () => {
  const giveUp = new AbortController();
  giveUp.abort();
  const r = await runBounded("sh", ["-c", "exit 0"], { timeoutS: 30, signal: giveUp.signal });
  assert.deepEqual(r, { code: -1, stdout: "", stderr: "", timedOut: false, aborted: true });
});
