// Sessions: creation on each server's reply shape, the capabilities body as sent, returned
// capabilities kept, session-scoped paths, deletion.
import assert from "node:assert/strict";
import { createSession } from "../../../src/drivers/webdriver/session.ts";
import {
  MalformedReply,
  RunnerCrashError,
  WebDriverError,
} from "../../../src/drivers/webdriver/errors.ts";
import { toDriverError } from "../../../src/drivers/webdriver/error_mapping.ts";
import { SessionLost } from "../../../src/drivers/webdriver/errors.ts";
import { DeviceError } from "../../../src/drivers/driver.ts";
import { FakeW3CServer } from "../../support/fake_w3c/server.ts";
import { ok, raw, w3cError } from "../../support/fake_w3c/replies.ts";
import { clientFor } from "./helpers.ts";

const iosCaps = {
  alwaysMatch: {
    platformName: "iOS",
    "appium:automationName": "XCUITest",
    "appium:bundleId": "com.example.shop",
  },
  firstMatch: [{}],
};

Deno.test("createSession sends {capabilities: {alwaysMatch, firstMatch}} and reads value.sessionId", async () => {
  for (const flavor of ["wda", "uiautomator2", "appium"] as const) {
    const server = new FakeW3CServer({ flavor });
    const { client } = clientFor(server);
    try {
      const session = await createSession(client, iosCaps);
      assert.ok(server.sessions.has(session.id), flavor);
      assert.deepEqual(server.requests[0].body, { capabilities: iosCaps });
      assert.equal(server.requests[0].headers["content-type"], "application/json;charset=utf-8");
      assert.deepEqual(session.capabilities, iosCaps.alwaysMatch);
    } finally {
      client.close();
      await server.close();
    }
  }
});

Deno.test("createSession without firstMatch sends only alwaysMatch", async () => {
  const server = new FakeW3CServer({ flavor: "wda" });
  const { client } = clientFor(server);
  try {
    await createSession(client, { alwaysMatch: { bundleId: "com.example.shop" } });
    assert.deepEqual(server.requests[0].body, {
      capabilities: { alwaysMatch: { bundleId: "com.example.shop" } },
    });
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("a server naming the id only at the top level (old WDA) is read too", async () => {
  const server = new FakeW3CServer({
    flavor: "wda",
    routes: {
      "POST /session": (_req, s) => {
        s.openSession({});
        return raw(
          200,
          JSON.stringify({ value: { capabilities: { device: "iphone" } }, sessionId: "TOP-1" }),
          "application/json",
        );
      },
    },
  });
  const { client } = clientFor(server);
  try {
    const session = await createSession(client, {});
    assert.equal(session.id, "TOP-1");
    assert.deepEqual(session.capabilities, { device: "iphone" });
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("the returned capabilities are kept untouched (a cloud's session URL included)", async () => {
  const returned = {
    platformName: "iOS",
    "appium:deviceName": "iPhone 16",
    "bstack:options": { sessionName: "checkout" },
    publicUrl: "https://app-automate.browserstack.com/dashboard/v2/sessions/abc",
  };
  const server = new FakeW3CServer({ createSession: () => ({ accept: returned }) });
  const { client } = clientFor(server);
  try {
    const session = await createSession(client, iosCaps);
    assert.deepEqual(session.capabilities, returned);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("a reply without any session id is MalformedReply", async () => {
  const server = new FakeW3CServer({ routes: { "POST /session": () => ok({ capabilities: {} }) } });
  const { client } = clientFor(server);
  try {
    await assert.rejects(
      createSession(client, {}),
      (e) => e instanceof MalformedReply && /names no session id/.test(e.message),
    );
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("a refused session (session not created) is a WebDriverError; at start a DeviceError", async () => {
  const server = new FakeW3CServer({
    createSession: () => ({
      refuse: w3cError("session not created", "No devices available, all busy", { status: 500 }),
    }),
  });
  const { client } = clientFor(server);
  try {
    const err = await createSession(client, iosCaps).catch((e) => e);
    assert.ok(err instanceof WebDriverError);
    assert.equal(err.w3cError, "session not created");
    assert.ok(toDriverError(err, { phase: "start" }) instanceof DeviceError);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("POST /session that hangs is never resent", async () => {
  const server = new FakeW3CServer({ faults: [{ at: 1, kind: "hang" }] });
  const { client, requested } = clientFor(server);
  try {
    const err = await createSession(client, iosCaps).catch((e) => e);
    assert.ok(err instanceof RunnerCrashError && err.hung);
    assert.equal(server.count("POST", "/session"), 1);
    assert.deepEqual(requested, [120]);
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("session calls are scoped to /session/{id}; deleteSession ends it", async () => {
  const server = new FakeW3CServer({
    flavor: "wda",
    routes: {
      "POST /session/:sid/wda/tap": (req) => ok({ sid: req.params.sid, body: req.body }),
      "GET /session/:sid/source": (req) => ok(req.query.get("format")),
    },
  });
  const { client } = clientFor(server);
  try {
    const session = await createSession(client, { alwaysMatch: { bundleId: "b" } });
    assert.equal(session.path("/source"), `/session/${session.id}/source`);
    assert.deepEqual(await session.post("/wda/tap", { x: 196.5, y: 785 }), {
      sid: session.id,
      body: { x: 196.5, y: 785 },
    });
    assert.equal(await session.get("/source?format=json"), "json");
    await session.deleteSession();
    assert.equal(server.sessions.size, 0);
    const after = await session.get("/source").catch((e) => e);
    assert.ok(toDriverError(after) instanceof SessionLost);
    assert.deepEqual(
      server.requests.map((r) => `${r.method} ${r.pathname}`),
      [
        "POST /session",
        `POST /session/${session.id}/wda/tap`,
        `GET /session/${session.id}/source`,
        `DELETE /session/${session.id}`,
        `GET /session/${session.id}/source`,
      ],
    );
    assert.equal(server.requests[3].body, null, "DELETE sends no body");
  } finally {
    client.close();
    await server.close();
  }
});

Deno.test("WDA and UiAutomator2 hold one session: a new one ends the old", async () => {
  const server = new FakeW3CServer({ flavor: "wda" });
  const { client } = clientFor(server);
  try {
    const first = await createSession(client, {});
    const second = await createSession(client, {});
    assert.notEqual(first.id, second.id);
    assert.deepEqual([...server.sessions.keys()], [second.id]);
  } finally {
    client.close();
    await server.close();
  }
});
