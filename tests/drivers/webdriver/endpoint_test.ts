// Credentials in the endpoint URL: sent as Basic auth only, stripped from request URLs, and never
// in any thrown text, whatever failed.
import assert from "node:assert/strict";
import {
  InvalidEndpoint,
  parseEndpoint,
  redactedEndpoint,
} from "../../../src/drivers/webdriver/endpoint.ts";
import { WebDriverClient } from "../../../src/drivers/webdriver/client.ts";
import { createSession } from "../../../src/drivers/webdriver/session.ts";
import { toDriverError } from "../../../src/drivers/webdriver/error_mapping.ts";
import { pngFromBase64 } from "../../../src/drivers/webdriver/screenshot.ts";
import { FakeClock } from "../../../src/time/clock.ts";
import { FakeW3CServer } from "../../support/fake_w3c/server.ts";
import { ok, raw, w3cError } from "../../support/fake_w3c/replies.ts";
import { closedPort, deadlineOnHold } from "./helpers.ts";

const USER = "alice-ci";
const KEY = "s3cr%2Fkey-9f8e7d"; // percent-encoded in the URL: the key is "s3cr/key-9f8e7d"
const DECODED_KEY = "s3cr/key-9f8e7d";
const TOKEN = btoa(`${USER}:${DECODED_KEY}`);
const SECRETS = [USER, KEY, DECODED_KEY, TOKEN, "s3cr"];

/** Every text an error can show: message, toString, stack, JSON, inspection (causes included). */
function textsOf(err: unknown): string {
  return [
    String(err),
    err instanceof Error ? err.stack ?? "" : "",
    JSON.stringify(err),
    Deno.inspect(err, { depth: 10 }),
    err instanceof Error && err.cause ? Deno.inspect(err.cause, { depth: 10 }) : "",
  ].join("\n");
}

function assertNoSecret(err: unknown, what: string): void {
  const texts = textsOf(err);
  for (const secret of SECRETS) {
    assert.ok(!texts.includes(secret), `${what}: "${secret}" leaked in:\n${texts}`);
  }
}

Deno.test("redactedEndpoint shows scheme://host[:port]/path and nothing else", () => {
  assert.equal(
    redactedEndpoint(`https://${USER}:${KEY}@hub-cloud.browserstack.com/wd/hub/?x=1#f`),
    "https://hub-cloud.browserstack.com/wd/hub",
  );
  assert.equal(
    redactedEndpoint("https://ondemand.eu-central-1.saucelabs.com:443/wd/hub"),
    "https://ondemand.eu-central-1.saucelabs.com/wd/hub",
  );
  assert.equal(redactedEndpoint("http://127.0.0.1:8100"), "http://127.0.0.1:8100");
  assert.equal(redactedEndpoint(`not a url ${KEY}`), "<invalid endpoint>");
});

Deno.test("parseEndpoint: Basic auth from decoded userinfo; redact covers every form", () => {
  const ep = parseEndpoint(`https://${USER}:${KEY}@hub.example/wd/hub/`);
  assert.equal(ep.baseUrl, "https://hub.example/wd/hub");
  assert.equal(ep.authorization, `Basic ${TOKEN}`);
  assert.equal(
    ep.redact(`u=${USER} k=${KEY} d=${DECODED_KEY} t=${TOKEN}`),
    "u=*** k=*** d=*** t=***",
  );
  const plain = parseEndpoint("http://127.0.0.1:8100/");
  assert.equal(plain.authorization, null);
  assert.equal(plain.baseUrl, "http://127.0.0.1:8100");
});

Deno.test("a bad endpoint is InvalidEndpoint without echoing what was given", () => {
  for (const bad of [`${USER}:${KEY}@nohost`, `ftp://${USER}:${KEY}@host/x`]) {
    const err = (() => {
      try {
        parseEndpoint(bad);
      } catch (e) {
        return e;
      }
    })();
    assert.ok(err instanceof InvalidEndpoint);
    assertNoSecret(err, bad);
  }
});

Deno.test("requests go to the path without userinfo, with the Basic header", async () => {
  const server = new FakeW3CServer();
  const endpoint = server.url.replace("http://", `http://${USER}:${KEY}@`) + "/wd/hub";
  const client = new WebDriverClient({ endpoint, clock: new FakeClock() });
  try {
    assert.equal(client.endpoint, `${server.url}/wd/hub`);
    // The fake serves /status at the root; under /wd/hub it is an unknown command: fine here.
    await client.get("/status").catch(() => {});
    const seen = server.requests[0];
    assert.equal(seen.target, "/wd/hub/status");
    assert.equal(seen.headers["authorization"], `Basic ${TOKEN}`);
    assert.ok(!seen.headers["host"].includes("@"));
    assertNoSecret(client, "the client object");
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("no failure ever shows the user or the key", async () => {
  const echo = `bad credentials for http://${USER}:${KEY}@host (${DECODED_KEY}, Basic ${TOKEN})`;
  const server = new FakeW3CServer({
    routes: {
      "POST /session/:sid/echo": () => w3cError("invalid argument", echo, { stacktrace: echo }),
      "GET /session/:sid/page": () => raw(502, `<h1>${echo}</h1>`, "text/html"),
      "GET /session/:sid/junk": () => raw(200, `<p>${echo}</p>`, "text/html"),
      "GET /session/:sid/shot": () => ok(btoa(echo)),
    },
    faults: [
      { at: 1, kind: "hang", match: { method: "POST", path: "/session/:sid/hang" } },
      { at: 1, kind: "reset", match: { method: "POST", path: "/session/:sid/reset" } },
    ],
  });
  const auth = (url: string) => url.replace("http://", `http://${USER}:${KEY}@`);
  const { deadline } = deadlineOnHold(server);
  const client = new WebDriverClient({
    endpoint: auth(server.url),
    clock: new FakeClock(),
    deadline,
  });
  const dead = new WebDriverClient({
    endpoint: auth(`http://127.0.0.1:${closedPort()}`),
    clock: new FakeClock(),
  });
  try {
    const session = await createSession(client, { alwaysMatch: { "bstack:options": {} } });
    const failures: [string, () => Promise<unknown>][] = [
      ["W3C error echoing secrets", () => session.post("/echo")],
      ["HTML error page", () => session.get("/page")],
      ["non-JSON success", () => session.get("/junk")],
      ["hung write", () => session.post("/hang")],
      ["reset write", () => session.post("/reset")],
      ["unknown session", () => client.get("/session/nope/source")],
      ["refused", () => dead.get("/status")],
      ["refused session create", () => createSession(dead, { alwaysMatch: {} })],
    ];
    for (const [what, fail] of failures) {
      const err = await fail().then(() => new Error(`${what} did not fail`), (e) => e);
      assert.ok(!/did not fail/.test(String(err)), what);
      assertNoSecret(err, what);
      assertNoSecret(toDriverError(err, { phase: "start" }), `${what} (mapped)`);
    }
    const shot = await session.get("/shot").then(pngFromBase64).catch((e) => e);
    assertNoSecret(shot, "junk screenshot");
    assert.ok(shot instanceof Error, "junk screenshot rejected");
  } finally {
    client.close();
    dead.close();
    await server.close();
  }
});
