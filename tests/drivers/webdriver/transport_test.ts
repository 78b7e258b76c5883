// The transport rules, counted on a real loopback fake server: what is retried, what is never
// resent, backoff through the fake clock, hung and wedged detection, cancellation.
import assert from "node:assert/strict";
import { RunCancelled } from "../../../src/time/cancel.ts";
import { FakeClock } from "../../../src/time/clock.ts";
import { BackendCrashError } from "../../../src/drivers/driver.ts";
import { RunnerCrashError } from "../../../src/drivers/webdriver/errors.ts";
import { createSession } from "../../../src/drivers/webdriver/session.ts";
import { WebDriverClient } from "../../../src/drivers/webdriver/client.ts";
import { FakeW3CServer } from "../../support/fake_w3c/server.ts";
import { ok } from "../../support/fake_w3c/replies.ts";
import { clientFor, closedPort, deadlineOnHold } from "./helpers.ts";

const tapRoute = { "POST /tap": () => ok(null), "GET /tree": () => ok({ children: [] }) };

async function crashOf(p: Promise<unknown>): Promise<RunnerCrashError> {
  const err = await p.then(() => null, (e) => e);
  assert.ok(err instanceof RunnerCrashError, `expected RunnerCrashError, got ${err}`);
  assert.ok(err instanceof BackendCrashError);
  return err;
}

Deno.test("connection refused: three attempts with 0.5 s and 1 s backoff, then a crash", async () => {
  const clock = new FakeClock();
  const client = new WebDriverClient({
    endpoint: `http://127.0.0.1:${closedPort()}`,
    clock,
    serverName: "WebDriverAgent",
  });
  try {
    const err = await crashOf(client.post("/tap", { x: 1, y: 2 }));
    assert.deepEqual(clock.sleeps, [0.5, 1]);
    assert.equal(err.delivered, false);
    assert.equal(err.hung, false);
    assert.equal(err.method, "POST");
    assert.equal(err.path, "/tap");
    assert.match(err.message, /WebDriverAgent at http:\/\/127\.0\.0\.1:\d+: POST \/tap/);
    assert.match(err.message, /did not answer after 3 attempts \(connection refused\)/);
  } finally {
    client.close();
  }
});

Deno.test("an undelivered POST is sent again once the server is up, and only once", async () => {
  const port = closedPort();
  let server: FakeW3CServer | null = null;
  // The backoff sleep is where the server comes up: the retry finds it listening.
  const clock = new FakeClock();
  const sleep = clock.sleep.bind(clock);
  clock.sleep = (s: number) => {
    server ??= new FakeW3CServer({ port, routes: tapRoute });
    return sleep(s);
  };
  const client = new WebDriverClient({ endpoint: `http://127.0.0.1:${port}`, clock });
  try {
    assert.equal(await client.post("/tap", { x: 1, y: 2 }), null);
    assert.deepEqual(clock.sleeps, [0.5]);
    assert.equal(server!.count("POST", "/tap"), 1);
    assert.deepEqual(server!.requests[0].body, { x: 1, y: 2 });
  } finally {
    client.close();
    await (server as FakeW3CServer | null)?.close();
  }
});

Deno.test("a POST that hung is sent exactly once: write may have been lost", async () => {
  const server = new FakeW3CServer({ routes: tapRoute, faults: [{ at: 1, kind: "hang" }] });
  const { client, clock, requested } = clientFor(server);
  try {
    const err = await crashOf(client.post("/tap", { x: 1, y: 2 }));
    assert.equal(server.count("POST", "/tap"), 1, "never resent");
    assert.deepEqual(clock.sleeps, []);
    assert.equal(err.delivered, true);
    assert.equal(err.hung, true);
    assert.match(err.message, /write may have been lost \(no reply within 30s\); not resent/);
    assert.deepEqual(requested, [30], "POST per-attempt timeout");
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("a POST whose connection is reset mid-request is sent once, delivered, not hung", async () => {
  const server = new FakeW3CServer({ routes: tapRoute, faults: [{ at: 1, kind: "reset" }] });
  const { client, clock } = clientFor(server);
  try {
    const err = await crashOf(client.post("/tap", {}));
    assert.equal(server.count("POST", "/tap"), 1);
    assert.deepEqual(clock.sleeps, []);
    assert.equal(err.delivered, true);
    assert.equal(err.hung, false);
    assert.match(err.message, /write may have been lost \(connection closed before a reply\)/);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("a POST after a GET (a warm keep-alive pool) is still sent once when its connection is dropped", async () => {
  // Deno's fetch re-sends a request by itself when a reused connection closes under it; writes
  // must therefore never ride the pool, or the server would get this tap twice.
  for (const kind of ["reset", "die"] as const) {
    const server = new FakeW3CServer({ routes: tapRoute });
    const { client, clock } = clientFor(server);
    try {
      await client.get("/tree");
      server.addFaults([{ at: 1, kind, match: { method: "POST", path: "/tap" } }]);
      const err = await crashOf(client.post("/tap", {}));
      assert.equal(server.count("POST", "/tap"), 1, `${kind}: the tap reached the server once`);
      assert.equal(err.delivered, true, kind);
      assert.match(err.message, /write may have been lost/);
      assert.deepEqual(clock.sleeps, []);
    } finally {
      client.close();
      await server.close();
    }
  }
});

Deno.test("a GET whose connection is reset is retried after 0.5 s and succeeds", async () => {
  const server = new FakeW3CServer({ routes: tapRoute, faults: [{ at: 1, kind: "reset" }] });
  const { client, clock } = clientFor(server);
  try {
    assert.deepEqual(await client.get("/tree"), { children: [] });
    assert.equal(server.count("GET", "/tree"), 2);
    assert.deepEqual(clock.sleeps, [0.5]);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("a hung GET is retried; three hangs in a row are a wedged automation session", async () => {
  const server = new FakeW3CServer({
    routes: tapRoute,
    faults: [{ at: 1, kind: "hang", times: "always" }],
  });
  const { client, clock, requested } = clientFor(server);
  try {
    const err = await crashOf(client.get("/tree"));
    assert.equal(server.count("GET", "/tree"), 3);
    assert.deepEqual(clock.sleeps, [0.5, 1]);
    assert.deepEqual(requested, [15, 15, 15], "GET per-attempt timeout");
    assert.equal(err.hung, true);
    assert.match(err.message, /wedged automation session \(3 hung requests in a row/);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("hung requests count across calls; an answered one resets the count", async () => {
  const server = new FakeW3CServer({
    routes: tapRoute,
    faults: [
      { at: 1, kind: "hang", match: { method: "POST" } },
      { at: 3, kind: "hang", times: 3, match: { method: "POST" } },
    ],
  });
  const { client } = clientFor(server);
  try {
    const first = await crashOf(client.post("/tap"));
    assert.match(first.message, /write may have been lost/);
    assert.equal(client.transport.consecutiveHung, 1);
    assert.equal(await client.post("/tap"), null);
    assert.equal(client.transport.consecutiveHung, 0, "an answer resets the count");
    await crashOf(client.post("/tap"));
    await crashOf(client.post("/tap"));
    const third = await crashOf(client.post("/tap"));
    assert.match(third.message, /wedged automation session/);
    assert.equal(server.count("POST", "/tap"), 5, "each write sent once");
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("a liveness probe's hang does not count toward a wedged session", async () => {
  const server = new FakeW3CServer({
    flavor: "wda",
    faults: [{ at: 1, kind: "hang", times: 5, match: { path: "/health" } }],
  });
  const { client, clock, requested } = clientFor(server);
  try {
    for (let i = 0; i < 4; i++) {
      const err = await crashOf(
        client.getText("/health", { probe: true, attempts: 1, timeoutS: 10 }),
      );
      assert.match(err.message, /did not answer after 1 attempt \(no reply within 10s\)/);
    }
    assert.equal(client.transport.consecutiveHung, 0);
    assert.deepEqual(clock.sleeps, []);
    assert.deepEqual(requested, [10, 10, 10, 10]);
    assert.equal(server.count("GET", "/health"), 4);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("the server dying at request N: that write is lost, later calls are refused", async () => {
  const server = new FakeW3CServer({ routes: tapRoute, faults: [{ at: 2, kind: "die" }] });
  const { client, clock } = clientFor(server);
  try {
    assert.equal(await client.post("/tap"), null);
    const lost = await crashOf(client.post("/tap"));
    assert.equal(lost.delivered, true);
    assert.match(lost.message, /write may have been lost/);
    const refused = await crashOf(client.get("/tree"));
    assert.equal(refused.delivered, false);
    assert.match(refused.message, /connection refused/);
    assert.deepEqual(clock.sleeps, [0.5, 1]);
    assert.equal(server.requests.length, 2, "nothing reached the dead server");
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("timeouts are configurable per method and per call", async () => {
  const server = new FakeW3CServer({ routes: tapRoute });
  const { client, requested } = clientFor(server, { getTimeoutS: 5, postTimeoutS: 7 });
  try {
    await client.get("/tree");
    await client.post("/tap");
    await client.post("/tap", {}, { timeoutS: 2 });
    await createSession(client, { alwaysMatch: {} });
    assert.deepEqual(requested, [5, 7, 2, 120]);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("the run's hard abort stops an in-flight request: RunCancelled, no retry", async () => {
  const server = new FakeW3CServer({ routes: tapRoute, faults: [{ at: 1, kind: "hang" }] });
  const abort = new AbortController();
  const clock = new FakeClock();
  // The deadline never fires here: only the caller's signal can end the request.
  const client = new WebDriverClient({
    endpoint: server.url,
    clock,
    signal: abort.signal,
    deadline: () => ({ signal: new AbortController().signal, dispose: () => {} }),
  });
  try {
    server.whenHeld(1).then(() => abort.abort());
    await assert.rejects(client.get("/tree"), RunCancelled);
    assert.equal(server.count("GET", "/tree"), 1);
    assert.deepEqual(clock.sleeps, []);
    await assert.rejects(client.get("/tree"), RunCancelled, "an aborted run sends nothing");
    assert.equal(server.count(), 1);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("the default deadline is a real timer that ends a hung request", async () => {
  const server = new FakeW3CServer({ routes: tapRoute, faults: [{ at: 1, kind: "hang" }] });
  const client = new WebDriverClient({ endpoint: server.url, clock: new FakeClock() });
  try {
    // 50 ms against a server that never answers: the outcome cannot depend on load.
    const err = await crashOf(client.post("/tap", {}, { timeoutS: 0.05 }));
    assert.equal(err.hung, true);
    assert.equal(server.count(), 1);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("a GET answered on the first attempt sleeps nothing and keeps the count at zero", async () => {
  const server = new FakeW3CServer({ routes: tapRoute });
  const { deadline } = deadlineOnHold(server);
  const clock = new FakeClock();
  const client = new WebDriverClient({ endpoint: server.url, clock, deadline });
  try {
    await client.get("/tree");
    assert.deepEqual(clock.sleeps, []);
    assert.equal(client.transport.consecutiveHung, 0);
    assert.equal(server.requests[0].headers["accept"], "application/json");
    assert.equal(server.requests[0].method, "GET");
  } finally {
    client.close();
    await server.close();
  }
});
