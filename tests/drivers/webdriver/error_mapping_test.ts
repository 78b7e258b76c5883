// Every row of the error table, each sent by a fake server in its real envelope and status,
// decoded by the client and mapped with toDriverError.
import assert from "node:assert/strict";
import {
  BackendCrashError,
  ChannelError,
  DeviceError,
  ElementNotFound,
  ElementNotTappable,
  isStepLevelError,
  UnsupportedAction,
} from "../../../src/drivers/driver.ts";
import {
  AppCrashed,
  RunnerCrashError,
  SessionLost,
  StaleElement,
  WebDriverError,
} from "../../../src/drivers/webdriver/errors.ts";
import {
  errorKind,
  isNoSuchAlert,
  isStaleElement,
  toDriverError,
} from "../../../src/drivers/webdriver/error_mapping.ts";
import { retryOnStale } from "../../../src/drivers/webdriver/stale_retry.ts";
import { createSession } from "../../../src/drivers/webdriver/session.ts";
import { FakeClock } from "../../../src/time/clock.ts";
import { FakeW3CServer } from "../../support/fake_w3c/server.ts";
import { type Flavor, raw, w3cError } from "../../support/fake_w3c/replies.ts";
import { clientFor } from "./helpers.ts";

const WDA_CRASH =
  "The application under test with bundle id 'com.example.shop' is not running, possibly crashed";

/** The error the client throws when `flavor` answers `POST /session/:sid/act` with `error`. */
async function thrownFor(
  flavor: Flavor,
  error: string,
  message: string,
  status?: number,
): Promise<{ err: unknown; httpStatus: number | null }> {
  const server = new FakeW3CServer({
    flavor,
    routes: { "POST /session/:sid/act": () => w3cError(error, message, { status }) },
  });
  const { client } = clientFor(server);
  try {
    const session = await createSession(client, { alwaysMatch: {} });
    const err = await session.post("/act", {}).then(() => null, (e) => e);
    return { err, httpStatus: err instanceof WebDriverError ? err.httpStatus : null };
  } finally {
    client.close();
    await server.close();
  }
}

const selector = { id: "checkout" };

Deno.test("no such element → ElementNotFound carrying the selector (404)", async () => {
  for (const flavor of ["wda", "uiautomator2", "appium"] as const) {
    const { err, httpStatus } = await thrownFor(flavor, "no such element", "not located");
    assert.equal(httpStatus, 404);
    const mapped = toDriverError(err, { selector });
    assert.ok(mapped instanceof ElementNotFound, flavor);
    assert.deepEqual(mapped.selector, selector);
    assert.ok(isStepLevelError(mapped));
    assert.equal(mapped.cause, err);
  }
});

Deno.test("stale element reference → StaleElement; retryOnStale re-resolves then gives up", async () => {
  const { err } = await thrownFor("wda", "stale element reference", "not present anymore");
  assert.equal((err as WebDriverError).httpStatus, 404);
  assert.ok(toDriverError(err) instanceof StaleElement);
  assert.ok(isStaleElement(err));

  const clock = new FakeClock();
  let attempts = 0;
  const value = await retryOnStale(clock, selector, (attempt) => {
    attempts++;
    if (attempt === 0) return Promise.reject(err);
    return Promise.resolve("tapped");
  });
  assert.equal(value, "tapped");
  assert.equal(attempts, 2);
  assert.deepEqual(clock.sleeps, [0.5]);

  const exhausted = new FakeClock();
  const gaveUp = await retryOnStale(exhausted, selector, () => Promise.reject(toDriverError(err)))
    .catch((e) => e);
  assert.ok(gaveUp instanceof ElementNotFound);
  assert.match(gaveUp.message, /stale 3 times in a row/);
  assert.deepEqual(exhausted.sleeps, [0.5, 1]);

  // A re-resolve that finds nothing fails at once: only staleness is retried.
  const other = new FakeClock();
  const notFound = new ElementNotFound("gone", selector);
  await assert.rejects(
    retryOnStale(other, selector, () => Promise.reject(notFound)),
    (e) => e === notFound,
  );
  assert.deepEqual(other.sleeps, []);
});

Deno.test("invalid session id (a real unknown session on each fake) → SessionLost, a crash", async () => {
  for (const flavor of ["wda", "uiautomator2", "appium"] as const) {
    const server = new FakeW3CServer({ flavor });
    const { client } = clientFor(server);
    try {
      const err = await client.get("/session/gone/source").catch((e) => e);
      assert.ok(err instanceof WebDriverError);
      assert.equal(err.httpStatus, 404);
      const mapped = toDriverError(err);
      assert.ok(mapped instanceof SessionLost, flavor);
      assert.ok(mapped instanceof BackendCrashError);
      assert.equal(mapped.code, "E_SESSION_LOST");
    } finally {
      client.close();
      await server.close();
    }
  }
});

Deno.test("invalid element state with WDA's crash text → AppCrashed; otherwise not tappable", async () => {
  const crashed = await thrownFor("wda", "invalid element state", WDA_CRASH);
  assert.equal(crashed.httpStatus, 400);
  const mapped = toDriverError(crashed.err);
  assert.ok(mapped instanceof AppCrashed);
  assert.ok(mapped instanceof BackendCrashError);
  assert.match(mapped.message, /^the app under test crashed: .*possibly crashed/);

  const refused = await thrownFor("uiautomator2", "invalid element state", "cannot click");
  assert.ok(toDriverError(refused.err) instanceof ElementNotTappable);
});

Deno.test("invalid argument, selector, coordinates → the WebDriverError itself (ChannelError)", async () => {
  for (const error of ["invalid argument", "invalid selector", "invalid coordinates"]) {
    const { err, httpStatus } = await thrownFor("appium", error, "bad body");
    assert.equal(httpStatus, 400);
    const mapped = toDriverError(err, { selector });
    assert.equal(mapped, err);
    assert.ok(mapped instanceof ChannelError);
    assert.ok(!isStepLevelError(mapped), `${error} must not read as a failed step`);
  }
});

Deno.test("element not visible (WDA) / element not interactable → ElementNotTappable", async () => {
  for (
    const [flavor, error] of [["wda", "element not visible"], [
      "appium",
      "element not interactable",
    ]] as const
  ) {
    const { err, httpStatus } = await thrownFor(flavor, error, "covered");
    assert.equal(httpStatus, 400);
    assert.ok(toDriverError(err) instanceof ElementNotTappable, error);
  }
});

Deno.test("no such alert → no alert: isNoSuchAlert, ElementNotFound when mapped", async () => {
  const { err, httpStatus } = await thrownFor(
    "wda",
    "no such alert",
    "An attempt was made to operate on a modal dialog when one was not open",
  );
  assert.equal(httpStatus, 404);
  assert.ok(isNoSuchAlert(err));
  assert.ok(toDriverError(err, { selector }) instanceof ElementNotFound);
  assert.equal(isNoSuchAlert(new Error("no such alert")), false);
});

Deno.test("unknown command (404) / unknown method (405) → UnsupportedAction", async () => {
  const server = new FakeW3CServer({ flavor: "appium" });
  const { client } = clientFor(server);
  try {
    const err = await client.get("/no/such/route").catch((e) => e);
    assert.ok(err instanceof WebDriverError);
    assert.equal(err.w3cError, "unknown command");
    assert.equal(err.httpStatus, 404);
    assert.ok(toDriverError(err) instanceof UnsupportedAction);
  } finally {
    client.close();
    await server.close();
  }
  const { err, httpStatus } = await thrownFor("appium", "unknown method", "not allowed");
  assert.equal(httpStatus, 405);
  assert.ok(toDriverError(err) instanceof UnsupportedAction);
});

Deno.test("timeout (W3C 500, WDA 408, Appium ≤3 408) → hung RunnerCrashError, counted", async () => {
  const cases: [Flavor, number | undefined, number][] = [
    ["uiautomator2", 500, 500], // W3C's code
    ["wda", undefined, 408],
    ["appium", undefined, 408],
  ];
  for (const [flavor, status, expected] of cases) {
    const server = new FakeW3CServer({
      flavor,
      routes: { "POST /session/:sid/act": () => w3cError("timeout", "took too long", { status }) },
    });
    const { client } = clientFor(server);
    try {
      const session = await createSession(client, { alwaysMatch: {} });
      const first = await session.post("/act").catch((e) => e);
      assert.ok(first instanceof RunnerCrashError, flavor);
      assert.equal(first.hung, true);
      assert.equal(first.delivered, true);
      assert.match(first.message, new RegExp(`timed out on the server \\(${expected} timeout\\)`));
      assert.equal(client.transport.consecutiveHung, 1);
      await session.post("/act").catch(() => {});
      const third = await session.post("/act").catch((e) => e);
      assert.ok(third instanceof RunnerCrashError);
      assert.match(third.message, /wedged automation session/);
      assert.equal(server.count("POST", "/session/:sid/act"), 3, "never resent");
    } finally {
      client.close();
      await server.close();
    }
  }
  // A bare 408 without a W3C body is a timeout too.
  const bare = new FakeW3CServer({ routes: { "GET /x": () => raw(408, "Request Timeout") } });
  const { client } = clientFor(bare);
  try {
    const err = await client.get("/x").catch((e) => e);
    assert.ok(err instanceof RunnerCrashError && err.hung);
  } finally {
    client.close();
    await bare.close();
  }
});

Deno.test("session not created / unable to capture screen / unknown error → DeviceError at start, else ChannelError", async () => {
  for (const error of ["session not created", "unable to capture screen", "unknown error"]) {
    const { err, httpStatus } = await thrownFor("wda", error, "broken");
    assert.equal(httpStatus, 500);
    const atStart = toDriverError(err, { phase: "start" });
    assert.ok(atStart instanceof DeviceError, error);
    assert.equal(atStart.cause, err);
    const midRun = toDriverError(err);
    assert.equal(midRun, err);
    assert.ok(midRun instanceof ChannelError && !isStepLevelError(midRun));
  }
});

Deno.test("a 5xx page without a W3C body is a server error; other errors pass through", () => {
  const page = new WebDriverError({ method: "GET", path: "/x" }, {
    w3cError: null,
    httpStatus: 503,
    serverMessage: "text/html: Service Unavailable",
    stacktrace: "",
  });
  assert.equal(errorKind(page), "serverError");
  assert.ok(toDriverError(page, { phase: "start" }) instanceof DeviceError);
  const plain = new Error("host-side");
  assert.equal(toDriverError(plain), plain);
});
