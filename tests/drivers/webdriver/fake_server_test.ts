// The fake W3C server the iOS, Android and remote fakes build on: routing, recording, the real
// envelopes, fault injection, latency, and running as its own process.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { FakeW3CServer } from "../../support/fake_w3c/server.ts";
import { ok } from "../../support/fake_w3c/replies.ts";
import { LISTENING_PREFIX } from "../../support/fake_w3c/script.ts";

/** One request with a throwaway HTTP client (so no pooled connection outlives the test). */
async function send(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown }> {
  const client = Deno.createHttpClient({});
  try {
    const response = await fetch(url, { ...init, client });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch { /* not JSON */ }
    return { status: response.status, body };
  } finally {
    client.close();
  }
}

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

Deno.test("routes by method and pattern, with params and query; records every request", async () => {
  const server = new FakeW3CServer({
    routes: {
      "GET /session/:sid/element/:eid/rect": (req) =>
        ok({ eid: req.params.eid, q: req.query.get("q") }),
      "POST /session/:sid/actions": (req) => ok(req.body),
    },
  });
  try {
    const sid = server.openSession();
    const rect = await send(`${server.url}/session/${sid}/element/e%201/rect?q=1`);
    assert.deepEqual(rect, { status: 200, body: { value: { eid: "e 1", q: "1" } } });
    const actions = await send(`${server.url}/session/${sid}/actions`, post({ actions: [] }));
    assert.deepEqual(actions.body, { value: { actions: [] } });
    assert.deepEqual(
      server.requests.map((r) => [r.index, r.method, r.target, r.body]),
      [
        [1, "GET", `/session/${sid}/element/e%201/rect?q=1`, null],
        [2, "POST", `/session/${sid}/actions`, { actions: [] }],
      ],
    );
    assert.equal(server.count("POST", "/session/:sid/actions"), 1);
    assert.equal(server.count("GET"), 1);
    assert.equal(server.count(), 2);
  } finally {
    await server.close();
  }
});

Deno.test("unknown routes and sessions answer in the flavor's error shape", async () => {
  const wda = new FakeW3CServer({ flavor: "wda" });
  const uia2 = new FakeW3CServer({ flavor: "uiautomator2" });
  try {
    const unknown = await send(`${wda.url}/nope`);
    assert.equal(unknown.status, 404);
    const value = (unknown.body as { value: Record<string, string> }).value;
    assert.equal(value.error, "unknown command");
    assert.ok("traceback" in value, "WDA names the trace traceback");
    const lost = await send(`${uia2.url}/session/abc/source`);
    assert.deepEqual(lost, {
      status: 404,
      body: {
        sessionId: "abc",
        value: {
          error: "invalid session id",
          message: "The session identified by abc is not known",
          stacktrace: "",
        },
      },
    });
  } finally {
    await wda.close();
    await uia2.close();
  }
});

Deno.test("faults count only matching requests; times and error/raw replies", async () => {
  const server = new FakeW3CServer({
    routes: { "POST /tap": () => ok(null), "GET /tree": () => ok([]) },
    faults: [
      {
        at: 2,
        times: 2,
        kind: "error",
        match: { method: "POST", path: "/tap" },
        error: { error: "invalid element state", message: "crashed", status: 400 },
      },
      { at: 2, kind: "raw", match: { path: "/tree" }, raw: { status: 502, body: "<h1>bad</h1>" } },
    ],
  });
  try {
    const statuses: number[] = [];
    for (const path of ["/tap", "/tree", "/tap", "/tree", "/tap", "/tap"]) {
      const init = path === "/tap" ? post({}) : {};
      statuses.push((await send(server.url + path, init)).status);
    }
    assert.deepEqual(statuses, [200, 200, 400, 502, 400, 200]);
  } finally {
    await server.close();
  }
});

Deno.test("die at request N: no reply, the listener is gone, onDie runs", async () => {
  let died = 0;
  const server = new FakeW3CServer({ faults: [{ at: 2, kind: "die" }], onDie: () => died++ });
  try {
    assert.equal((await send(`${server.url}/status`)).status, 200);
    await assert.rejects(send(`${server.url}/status`), TypeError);
    assert.equal(server.dead, true);
    await assert.rejects(send(`${server.url}/status`), /fetch failed/);
    await server.close();
    assert.equal(died, 1);
    assert.equal(server.requests.length, 2);
  } finally {
    await server.close();
  }
});

Deno.test("hang holds the request until close; whenHeld reports it", async () => {
  const server = new FakeW3CServer({ faults: [{ at: 1, kind: "hang" }] });
  const pending = send(`${server.url}/status`).then(() => "answered", () => "failed");
  await server.whenHeld(1);
  assert.equal(server.heldCount, 1);
  await server.close();
  assert.equal(await pending, "failed");
});

Deno.test("latency is waited before the reply (through an injected delay)", async () => {
  const delays: number[] = [];
  let release: () => void = () => {};
  let delayStarted: () => void = () => {};
  const started = new Promise<void>((r) => delayStarted = r);
  const server = new FakeW3CServer({
    latencyMs: (req) => req.pathname === "/status" ? 250 : 0,
    delay: (ms) => {
      delays.push(ms);
      delayStarted();
      return new Promise((r) => release = r);
    },
  });
  try {
    let answered = false;
    const pending = send(`${server.url}/status`).then((r) => {
      answered = true;
      return r;
    });
    await started;
    assert.deepEqual(delays, [250]);
    assert.equal(answered, false);
    release();
    assert.equal((await pending).status, 200);
  } finally {
    await server.close();
  }
});

Deno.test("a chunked request body is read like a sized one", async () => {
  const server = new FakeW3CServer({ routes: { "POST /echo": (req) => ok(req.body) } });
  try {
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"a":'));
        c.enqueue(new TextEncoder().encode("1}"));
        c.close();
      },
    });
    const reply = await send(`${server.url}/echo`, { method: "POST", body: stream });
    assert.deepEqual(reply.body, { value: { a: 1 } });
    assert.equal(server.requests[0].headers["transfer-encoding"], "chunked");
  } finally {
    await server.close();
  }
});

const SCRIPT = fileURLToPath(new URL("../../support/fake_w3c/script.ts", import.meta.url));

/** Starts the fake as its own process and reads the URL from its first line. */
async function spawnFake(args: string[]) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", SCRIPT, ...args],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  const line = text.split("\n")[0];
  assert.ok(line.startsWith(LISTENING_PREFIX), `announce line: ${line}`);
  return {
    url: line.slice(LISTENING_PREFIX.length),
    child,
    async finish(): Promise<number> {
      while (!(await reader.read()).done) { /* drain */ }
      return (await child.status).code;
    },
  };
}

Deno.test("as a script: serves, reports requests, takes faults, exits 0 on SIGTERM", async () => {
  const fake = await spawnFake(["--flavor", "wda"]);
  try {
    assert.deepEqual((await send(`${fake.url}/status`)).status, 200);
    assert.match(String((await send(`${fake.url}/health`)).body), /I-AM-ALIVE/);
    const seen = await send(`${fake.url}/__fake/requests`);
    assert.deepEqual(
      (seen.body as { pathname: string }[]).map((r) => r.pathname),
      ["/status", "/health"],
    );
    await send(
      `${fake.url}/__fake/faults`,
      post([{ at: 1, kind: "error", error: { error: "unknown error" } }]),
    );
    assert.equal((await send(`${fake.url}/status`)).status, 500);
    assert.equal((await send(`${fake.url}/status`)).status, 200);
  } finally {
    fake.child.kill("SIGTERM");
  }
  assert.equal(await fake.finish(), 0);
});

Deno.test("as a script: a die fault ends the process (exit 1) and the record survives", async () => {
  const record = await Deno.makeTempFile({ suffix: ".jsonl" });
  try {
    const fake = await spawnFake([
      "--flavor",
      "uiautomator2",
      "--faults",
      JSON.stringify([{ at: 2, kind: "die" }]),
      "--record",
      record,
    ]);
    assert.equal((await send(`${fake.url}/status`)).status, 200);
    await assert.rejects(send(`${fake.url}/status`), TypeError);
    assert.equal(await fake.finish(), 1);
    const lines = (await Deno.readTextFile(record)).trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(lines.map((r) => [r.index, r.method, r.pathname]), [
      [1, "GET", "/status"],
      [2, "GET", "/status"],
    ]);
  } finally {
    await Deno.remove(record);
  }
});
