/**
 * 50 concurrent SSE subscribers of one job, joining before, during and after its output, all
 * receive the same complete log, in order, and the same final `done` view.
 */
import assert from "node:assert/strict";
import { call, FakeControl, type FakeProcess, flush, startTestServe } from "./helpers.ts";

interface Received {
  lines: string[];
  done: Record<string, unknown> | null;
}

/** Reads one SSE stream to its end into log lines and the done view. */
async function subscribe(url: string): Promise<Received> {
  const res = await fetch(url);
  assert.equal(res.status, 200);
  const text = await res.text();
  const out: Received = { lines: [], done: null };
  for (const block of text.split("\n\n")) {
    const event = /^event: (\w+)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (event === "log") out.lines.push(data ?? "");
    if (event === "done") out.done = JSON.parse(data!);
  }
  return out;
}

Deno.test("50 concurrent subscribers receive the same complete log", async () => {
  const control = new FakeControl();
  const s = await startTestServe({ control, bajutsu: ["bajutsu"], wait: () => Promise.resolve() });
  try {
    const { body } = await call(`${s.url}/api/run`, {
      method: "POST",
      body: JSON.stringify({ target: "app", scenario: "quick.yaml" }),
    });
    const events = `${s.url}/api/jobs/${body.jobId}/events`;
    const proc = control.procs[0] as FakeProcess;
    const expected: string[] = [];
    const print = (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const line = `line ${i} ▶ ${"x".repeat(i % 40)}`;
        expected.push(line);
        proc.print(line);
      }
    };
    const subscribers: Promise<Received>[] = [];
    const join = async (n: number) => {
      for (let i = 0; i < n; i++) subscribers.push(subscribe(events));
      // Let the requests reach the server before more output arrives.
      while (s.server.context.sse.openCount < subscribers.length) await flush(1);
    };
    await join(20); // before any output
    print(0, 300);
    await join(20); // in the middle: backlog replay, then live lines
    print(300, 600);
    await join(10);
    print(600, 1000);
    proc.print("FAIL  runs/20240101-000000/manifest.json");
    expected.push("FAIL  runs/20240101-000000/manifest.json");
    proc.exit(1);
    const received = await Promise.all(subscribers);
    assert.equal(received.length, 50);
    for (const [i, r] of received.entries()) {
      assert.equal(r.lines.length, expected.length, `subscriber ${i}: line count`);
      assert.deepEqual(r.lines, expected, `subscriber ${i}`);
      assert.deepEqual(r.done, received[0].done, `subscriber ${i}: done view`);
    }
    assert.equal(received[0].done?.exitCode, 1);
    assert.equal(received[0].done?.runId, "20240101-000000");
    assert.equal(s.server.context.sse.openCount, 0, "every stream closed after done");
    // A subscriber arriving after the end still gets everything.
    assert.deepEqual((await subscribe(events)).lines, expected);
  } finally {
    await s.stop();
  }
});
