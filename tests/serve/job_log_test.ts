/** Job log fan-out and the SSE hub: backlog replay, resume, done, keepalives, closeAll. */
import assert from "node:assert/strict";
import { JobLog } from "../../src/serve/job_log.ts";
import { formatSse, KEEPALIVE, SseHub } from "../../src/serve/sse_hub.ts";
import { flush, ManualTicker } from "./helpers.ts";

Deno.test("a late subscriber gets the backlog, then live lines, then done, in order", () => {
  const log = new JobLog<{ n: number }>();
  log.append("a");
  log.append("b");
  const seen: string[] = [];
  let closed = false;
  log.subscribe({
    send: (e) => seen.push(e.type === "log" ? `${e.index}:${e.line}` : `done:${e.view.n}`),
    close: () => (closed = true),
  });
  log.append("c");
  log.finish({ n: 3 });
  log.append("ignored after done");
  assert.deepEqual(seen, ["0:a", "1:b", "2:c", "done:3"]);
  assert.ok(closed);
  assert.equal(log.subscriberCount, 0);
  const after: string[] = [];
  log.subscribe({ send: (e) => after.push(e.type), close: () => {} }, 1);
  assert.deepEqual(after, ["log", "log", "done"], "resume from line 1 of a finished log");
});

Deno.test("SSE wire format", () => {
  assert.equal(
    formatSse({ type: "log", index: 4, line: "▶ x" }),
    "id: 4\nevent: log\ndata: ▶ x\n\n",
  );
  assert.equal(
    formatSse({ type: "done", view: { ok: true } }),
    'event: done\ndata: {"ok":true}\n\n',
  );
});

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return await new Response(stream).text();
}

Deno.test("an SSE stream sends keepalives only after an idle period and ends with done", async () => {
  const ticker = new ManualTicker();
  const hub = new SseHub(1000, ticker);
  const log = new JobLog<{ status: string }>();
  log.append("first");
  const stream = hub.stream(log);
  const text = readAll(stream);
  await flush();
  assert.equal(hub.openCount, 1);
  ticker.tick(); // the replay wrote in this period: no keepalive
  ticker.tick(); // idle for a whole period: keepalive
  log.append("second");
  ticker.tick(); // not idle
  log.finish({ status: "done" });
  const body = await text;
  assert.equal(
    body,
    ":ok\n\n" + "id: 0\nevent: log\ndata: first\n\n" + KEEPALIVE +
      "id: 1\nevent: log\ndata: second\n\n" + 'event: done\ndata: {"status":"done"}\n\n',
  );
  assert.equal(hub.openCount, 0);
  assert.equal(ticker.active, 0, "the keepalive ticker stopped");
});

Deno.test("closeAll ends open streams; a client going away unsubscribes", async () => {
  const ticker = new ManualTicker();
  const hub = new SseHub(1000, ticker);
  const log = new JobLog<unknown>();
  const a = readAll(hub.stream(log));
  const b = hub.stream(log);
  await flush();
  assert.equal(log.subscriberCount, 2);
  await b.cancel();
  assert.equal(log.subscriberCount, 1);
  hub.closeAll();
  assert.equal(await a, ":ok\n\n");
  assert.equal(hub.openCount, 0);
  assert.equal(log.subscriberCount, 0);
  assert.equal(ticker.active, 0);
});
