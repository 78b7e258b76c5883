/**
 * Session creation on a grid or cloud at capacity (a fake grid on the fake W3C server): retried
 * with backoff inside the budget, then a DeviceError naming the endpoint without its credentials;
 * anything else fails at once.
 */
import assert from "node:assert/strict";
import { FakeClock } from "../../../src/time/clock.ts";
import { DeviceError } from "../../../src/drivers/driver.ts";
import { WebDriverClient, WebDriverError } from "../../../src/drivers/webdriver/mod.ts";
import {
  judgeFailure,
  openSession,
  RemoteUnreachable,
} from "../../../src/drivers/remote/session_opener.ts";
import { FakeW3CServer, raw, w3cError } from "../../support/fake_w3c/mod.ts";

const CAPS = { platformName: "Android", "appium:automationName": "UiAutomator2" };

/** A grid that refuses `refusals` session requests with `reply`, then accepts. */
function grid(refusals: number, reply = () =>
  w3cError(
    "session not created",
    "Could not start a new session. New session request timed out (all slots busy)",
  )) {
  let seen = 0;
  return new FakeW3CServer({
    flavor: "appium",
    createSession: (caps) =>
      ++seen <= refusals
        ? { refuse: reply() }
        : { accept: { ...(caps.alwaysMatch as Record<string, unknown>), platformVersion: "14" } },
  });
}

function clientFor(url: string, clock: FakeClock) {
  // Credentials in the URL: no message may show them.
  const withUser = url.replace("http://", "http://grid-user:grid-key-9f2@");
  return new WebDriverClient({
    endpoint: withUser,
    clock,
    maxAttempts: 1,
    serverName: "Appium endpoint",
  });
}

Deno.test("a grid at capacity twice, then free: the third request opens the session after 1 s and 2 s of backoff", async () => {
  const server = grid(2);
  const clock = new FakeClock();
  const client = clientFor(server.url, clock);
  const log: string[] = [];
  try {
    const session = await openSession(client, CAPS, {
      clock,
      budgetS: 60,
      unreachableS: 10,
      answeredBefore: false,
      log: (l) => log.push(l),
    });
    assert.equal(server.count("POST", "/session"), 3);
    assert.deepEqual(clock.sleeps, [1, 2]);
    assert.equal(session.capabilities.platformVersion, "14");
    assert.equal(log.length, 2);
    assert.match(log[0], /no session yet \(session not created: Could not start a new session/);
    for (const line of log) assert.doesNotMatch(line, /grid-user|grid-key/);
    const sent = server.requests.find((r) => r.method === "POST")!;
    assert.deepEqual(sent.body, { capabilities: { alwaysMatch: CAPS, firstMatch: [{}] } });
    assert.equal(sent.headers.authorization, `Basic ${btoa("grid-user:grid-key-9f2")}`);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("a grid that stays full: a DeviceError naming the endpoint (no credentials) once the budget is spent", async () => {
  const server = grid(Infinity, () => raw(503, "<html>Service Unavailable</html>", "text/html"));
  const clock = new FakeClock();
  const client = clientFor(server.url, clock);
  try {
    const err = await openSession(client, CAPS, {
      clock,
      budgetS: 20,
      unreachableS: 10,
      answeredBefore: false,
    })
      .catch((e) => e);
    assert.ok(err instanceof DeviceError, String(err));
    assert.equal(err.code, "E_DEVICE");
    assert.match(
      err.message,
      new RegExp(
        `^remote endpoint ${server.url} opened no session within the 20s session budget ` +
          "\\(BAJUTSU_REMOTE_SESSION_BUDGET; 6 attempts\\); last: HTTP 503",
      ),
    );
    assert.doesNotMatch(err.message, /grid-user|grid-key/);
    assert.deepEqual(clock.sleeps, [1, 2, 4, 8, 5], "backoff doubles and never passes the budget");
    assert.equal(clock.now(), 20);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("a refusal that is not about capacity fails at once (a bad capability is not worth waiting for)", async () => {
  const server = grid(
    1,
    () => w3cError("session not created", "No nodes support the capabilities in the request"),
  );
  const clock = new FakeClock();
  const client = clientFor(server.url, clock);
  try {
    const err = await openSession(client, CAPS, {
      clock,
      budgetS: 60,
      unreachableS: 10,
      answeredBefore: false,
    })
      .catch((e) => e);
    assert.ok(err instanceof DeviceError);
    assert.equal(
      err.message,
      `remote endpoint ${server.url} did not open a session: session not created: ` +
        "No nodes support the capabilities in the request",
    );
    assert.deepEqual(clock.sleeps, []);
    assert.equal(server.count("POST", "/session"), 1);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("an endpoint that never answered fails at once as unreachable; one that answered earlier is waited for up to the unreachable timeout", async () => {
  const server = grid(0);
  const url = server.url;
  await server.close();
  const clock = new FakeClock();
  const client = clientFor(url, clock);
  const log: string[] = [];
  try {
    const never = await openSession(client, CAPS, {
      clock,
      budgetS: 60,
      unreachableS: 10,
      answeredBefore: false,
    }).catch((e) => e);
    assert.ok(never instanceof RemoteUnreachable, String(never));
    assert.equal(never.code, "E_REMOTE_UNREACHABLE");
    assert.match(
      never.message,
      /^remote endpoint http:\/\/127\.0\.0\.1:\d+ refused the connection and has not answered in this run .*connection refused/,
    );
    assert.deepEqual(clock.sleeps, []);
    // The session budget (300 s by default) is not what ends it: 10 s of refusals do.
    const gone = await openSession(client, CAPS, {
      clock,
      budgetS: 300,
      unreachableS: 10,
      answeredBefore: true,
      log: (l) => log.push(l),
    }).catch((e) => e);
    assert.ok(gone instanceof RemoteUnreachable, String(gone));
    assert.match(
      gone.message,
      /refused connections for 10s without a break \(BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT 10s; 5 attempts\): the server is gone$/,
    );
    assert.deepEqual(clock.sleeps, [1, 2, 4, 3], "backoff, capped at the unreachable timeout");
    assert.equal(clock.now(), 10);
    assert.equal(log.length, 1, "one line when the refusals begin, not one per retry");
    assert.match(log[0], /refuses connections; waiting up to 10s/);
    assert.doesNotMatch(`${never.message} ${gone.message} ${log}`, /grid-user|grid-key/);
  } finally {
    client.close();
  }
});

Deno.test("an answer between refusals (any HTTP reply, an error too) restarts the unreachable timeout", async () => {
  // Refused for 7 s, a 503 from a proxy in front, refused again for 7 s, then the server is back.
  const clock = new FakeClock();
  let port = 0;
  let server: FakeW3CServer | null = null;
  const phases: ("refuse" | "503" | "accept")[] = [
    "refuse",
    "refuse",
    "refuse",
    "503",
    "refuse",
    "refuse",
    "refuse",
    "accept",
  ];
  const probe = new FakeW3CServer();
  port = probe.port;
  await probe.close();
  let attempt = 0;
  const sleep = clock.sleep.bind(clock);
  // Before each attempt, the endpoint is (or is not) listening as the phase says.
  clock.sleep = async (s: number) => {
    await sleep(s);
    await server?.close();
    server = null;
    attempt++;
    const phase = phases[attempt];
    if (phase === "503") {
      server = new FakeW3CServer({
        port,
        createSession: () => ({ refuse: raw(503, "Service Unavailable", "text/plain") }),
      });
    } else if (phase === "accept") server = new FakeW3CServer({ port });
  };
  const client = clientFor(`http://127.0.0.1:${port}`, clock);
  try {
    const session = await openSession(client, CAPS, {
      clock,
      budgetS: 300,
      unreachableS: 10,
      answeredBefore: true,
    });
    assert.ok(session.id);
    assert.deepEqual(clock.sleeps, [1, 2, 4, 8, 1, 2, 4]);
    assert.ok(clock.now() > 10, "longer than the unreachable timeout in all, never in a row");
  } finally {
    client.close();
    await (server as FakeW3CServer | null)?.close();
  }
});

Deno.test("judgeFailure: capacity wording of grids and clouds is retried, other refusals are not", () => {
  const cases: [number, string, boolean][] = [
    [500, "All parallel tests are currently in use", true],
    [500, "[BROWSERSTACK_QUEUE_SIZE_EXCEEDED] queue is full", true],
    [500, "You have reached your concurrency limit", true],
    [500, "Queue size exceeded, please try again later", true],
    [500, "An unknown server-side error occurred: app not found at bs://x", false],
    [500, "Invalid capability: appium:automationName", false],
  ];
  for (const [status, message, retry] of cases) {
    const wd = fakeWebDriverError(status, "session not created", message);
    assert.equal(judgeFailure(wd, { answeredBefore: false }).retry, retry, message);
  }
  assert.equal(
    judgeFailure(fakeWebDriverError(429, null, "slow down"), { answeredBefore: false }).retry,
    true,
  );
  assert.equal(
    judgeFailure(fakeWebDriverError(400, "invalid argument", "bad"), { answeredBefore: false })
      .retry,
    false,
  );
});

function fakeWebDriverError(status: number, code: string | null, message: string) {
  return new WebDriverError({ method: "POST", path: "/session" }, {
    w3cError: code,
    httpStatus: status,
    serverMessage: message,
    stacktrace: "",
  });
}
