import assert from "node:assert/strict";
import { installSigterm } from "../../src/runner/sigterm.ts";

Deno.test("SIGTERM sets the cancel event; a second one is ignored; the deadline fires once past the grace", async () => {
  let cancels = 0;
  let deadline = 0;
  let resolveDeadline!: () => void;
  const fired = new Promise<void>((r) => (resolveDeadline = r));
  const handle = installSigterm({
    graceS: 0.05,
    slackS: 0,
    onCancel: () => cancels++,
    onDeadline: () => {
      deadline++;
      resolveDeadline();
    },
  });
  try {
    assert.equal(handle.cancel.cancelled, false);
    // Signal listeners do not keep the event loop alive; this timer does until the deadline.
    const keepAlive = setInterval(() => {}, 10);
    Deno.kill(Deno.pid, "SIGTERM");
    Deno.kill(Deno.pid, "SIGTERM");
    await fired;
    clearInterval(keepAlive);
    assert.equal(handle.cancel.cancelled, true);
    assert.equal(cancels, 1);
    assert.equal(deadline, 1);
  } finally {
    handle.dispose();
  }
});

Deno.test("SIGTERM handler: dispose before the deadline cancels the timer", async () => {
  let deadline = 0;
  const handle = installSigterm({ graceS: 0.05, slackS: 0, onDeadline: () => deadline++ });
  const seen = new Promise<void>((r) => {
    const poll = setInterval(() => {
      if (handle.cancel.cancelled) {
        clearInterval(poll);
        r();
      }
    }, 5);
  });
  Deno.kill(Deno.pid, "SIGTERM");
  await seen;
  handle.dispose();
  await new Promise((r) => setTimeout(r, 120));
  assert.equal(deadline, 0);
});
