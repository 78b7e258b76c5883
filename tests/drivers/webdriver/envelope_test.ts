// The reply envelope: success shapes of the three servers, errors recognised by value.error
// (not by status), non-JSON replies handled on purpose.
import assert from "node:assert/strict";
import { ChannelError } from "../../../src/drivers/driver.ts";
import {
  isTimeoutReply,
  readEnvelope,
  readTextReply,
} from "../../../src/drivers/webdriver/envelope.ts";
import { MalformedReply, WebDriverError } from "../../../src/drivers/webdriver/errors.ts";
import type { HttpReply } from "../../../src/drivers/webdriver/transport.ts";
import { FakeW3CServer } from "../../support/fake_w3c/server.ts";
import { clientFor } from "./helpers.ts";

const call = { method: "GET", path: "/session/s1/source" };
const json = (status: number, body: unknown): HttpReply => ({
  status,
  contentType: "application/json;charset=UTF-8",
  text: JSON.stringify(body),
});

function errorOf(fn: () => unknown): WebDriverError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof WebDriverError, `expected WebDriverError, got ${e}`);
    assert.ok(e instanceof ChannelError);
    return e;
  }
  throw new Error("no error thrown");
}

Deno.test("success: WDA's null, UiAutomator2's \"None\" and Appium's absent sessionId", () => {
  assert.deepEqual(readEnvelope(json(200, { value: 1, sessionId: null }), call), {
    value: 1,
    sessionId: null,
  });
  assert.deepEqual(readEnvelope(json(200, { sessionId: "None", value: [] }), call), {
    value: [],
    sessionId: null,
  });
  assert.deepEqual(readEnvelope(json(200, { value: { a: 1 } }), call), {
    value: { a: 1 },
    sessionId: null,
  });
  assert.deepEqual(readEnvelope(json(200, { value: null, sessionId: "6C1F" }), call), {
    value: null,
    sessionId: "6C1F",
  });
});

Deno.test("errors dispatch on value.error whatever the status says", () => {
  const w3c = errorOf(() =>
    readEnvelope(
      json(404, { value: { error: "no such element", message: "gone", stacktrace: "at x" } }),
      call,
    )
  );
  assert.equal(w3c.w3cError, "no such element");
  assert.equal(w3c.httpStatus, 404);
  assert.equal(w3c.serverMessage, "gone");
  assert.equal(w3c.stacktrace, "at x");
  assert.equal(w3c.code, "E_WEBDRIVER");
  assert.equal(w3c.message, "webdriver: GET /session/s1/source → 404 no such element: gone");

  const wda = errorOf(() =>
    readEnvelope(
      json(408, { value: { error: "timeout", message: "t", traceback: "tb" }, sessionId: "s1" }),
      call,
    )
  );
  assert.equal(wda.w3cError, "timeout");
  assert.equal(wda.stacktrace, "tb", "WDA names it traceback");

  const in200 = errorOf(() =>
    readEnvelope(json(200, { value: { error: "stale element reference", message: "m" } }), call)
  );
  assert.equal(in200.w3cError, "stale element reference");
});

Deno.test("a 2xx value that merely has an error field, without a message, is data", () => {
  assert.deepEqual(readEnvelope(json(200, { value: { error: "E42" } }), call).value, {
    error: "E42",
  });
});

Deno.test("legacy JSON Wire status numbers are errors, not successes", () => {
  const err = errorOf(() =>
    readEnvelope(json(200, { status: 7, value: { message: "no element" } }), call)
  );
  assert.equal(err.w3cError, "no such element");
  assert.equal(err.serverMessage, "no element");
  assert.equal(readEnvelope(json(200, { status: 0, value: 3 }), call).value, 3);
});

Deno.test("an HTML error page (a proxy's 502) is a WebDriverError without a W3C code", () => {
  const err = errorOf(() =>
    readEnvelope({
      status: 502,
      contentType: "text/html",
      text: "<html><body><h1>502 Bad Gateway</h1></body></html>",
    }, call)
  );
  assert.equal(err.w3cError, null);
  assert.equal(err.httpStatus, 502);
  assert.equal(err.serverMessage, "text/html: 502 Bad Gateway");
});

Deno.test("a 2xx that is not a JSON envelope is MalformedReply, naming what came", () => {
  assert.throws(
    () => readEnvelope({ status: 200, contentType: "text/html", text: "<b>I-AM-ALIVE</b>" }, call),
    (e) =>
      e instanceof MalformedReply && e.code === "E_WEBDRIVER_REPLY" &&
      /not a JSON envelope \(text\/html: I-AM-ALIVE\)/.test(e.message),
  );
  assert.throws(() => readEnvelope(json(200, { sessionId: "x" }), call), /has no "value"/);
  assert.throws(() => readEnvelope(json(200, [1, 2]), call), MalformedReply);
});

Deno.test("an empty 2xx body is a void reply; an empty error body still fails", () => {
  assert.deepEqual(readEnvelope({ status: 200, contentType: "", text: "" }, call), {
    value: null,
    sessionId: null,
  });
  const err = errorOf(() => readEnvelope({ status: 500, contentType: "", text: "" }, call));
  assert.equal(err.serverMessage, "empty reply");
});

Deno.test("getText reads WDA's HTML /health; an error status is still an error", async () => {
  const server = new FakeW3CServer({
    flavor: "wda",
    faults: [{
      at: 2,
      kind: "error",
      match: { path: "/health" },
      error: { error: "unknown error" },
    }],
  });
  const { client } = clientFor(server);
  try {
    assert.match(await client.getText("/health"), /I-AM-ALIVE/);
    assert.equal(server.requests[0].headers["accept"], "*/*");
    await assert.rejects(
      client.getText("/health"),
      (e) => e instanceof WebDriverError && e.w3cError === "unknown error",
    );
  } finally {
    client.close();
    await server.close();
  }
  assert.equal(
    readTextReply({ status: 200, contentType: "text/plain", text: "Shutting down" }, call),
    "Shutting down",
  );
});

Deno.test("each fake flavor's replies decode to the same value", async () => {
  for (const flavor of ["wda", "uiautomator2", "appium"] as const) {
    const server = new FakeW3CServer({ flavor });
    const { client } = clientFor(server);
    try {
      const status = await client.get("/status") as { ready: boolean };
      assert.equal(status.ready, true, flavor);
      const raw = await (await fetch(`${server.url}/status`)).json();
      if (flavor === "wda") assert.equal(raw.sessionId, null);
      if (flavor === "uiautomator2") assert.equal(raw.sessionId, "None");
      if (flavor === "appium") assert.equal("sessionId" in raw, false);
    } finally {
      client.close();
      await server.close();
    }
  }
});

Deno.test("isTimeoutReply: W3C timeout at any error status, or a bare 408", () => {
  const timeout = { value: { error: "timeout", message: "slow" } };
  assert.equal(isTimeoutReply(json(500, timeout)), true);
  assert.equal(isTimeoutReply(json(408, timeout)), true);
  assert.equal(isTimeoutReply({ status: 408, contentType: "text/plain", text: "Timeout" }), true);
  assert.equal(
    isTimeoutReply(json(408, { value: { error: "no such element", message: "" } })),
    false,
  );
  assert.equal(
    isTimeoutReply(json(500, { value: { error: "unknown error", message: "" } })),
    false,
  );
  assert.equal(isTimeoutReply(json(200, { value: "timeout" })), false);
});
