import assert from "node:assert/strict";
import { FakeClock } from "../../../src/time/clock.ts";
import { createFakeDriver, fakeElement, singleScreenApp } from "../../../src/drivers/fake/mod.ts";
import { fakeFrom } from "./helpers.ts";

const BASE = `
initial: s
screens:
  s:
    - { id: login, traits: [button], frame: [0, 0, 100, 40] }
`;

Deno.test("capabilities follow the fake column; network only when seeded", () => {
  const { driver } = fakeFrom(BASE);
  assert.deepEqual([...driver.capabilities()].sort(), [
    "conditionWait",
    "elements",
    "handleSystemAlert",
    "hover",
    "keyPress",
    "multiTouch",
    "pickerWheel",
    "query",
    "screenshot",
    "secondaryTap",
    "selectOption",
    "semanticTap",
    "tapOffset",
    "textSelection",
  ]);
  assert.equal(driver.name, "fake");
  const seeded = fakeFrom(`${BASE}\nnetwork: {}\n`).driver;
  assert.equal(seeded.capabilities().has("network"), true);
});

Deno.test("a reaction appends an exchange at the virtual time it lands", async () => {
  const { driver, clock } = fakeFrom(`${BASE}
reactions:
  - on: { tap: login }
    then:
      - exchange:
          method: post
          url: "https://api.test/api/login?next=home"
          status: 200
          requestHeaders: { content-type: application/json }
          requestBody: '{"user":"a"}'
          durationMs: 40
        afterMs: 50
network:
  exchanges:
    - { method: GET, url: /api/config, status: 200 }
`);
  clock.advance(1);
  await driver.tap({ id: "login" });
  assert.equal(driver.exchanges().length, 1, "not before its due time");
  clock.advance(0.05);
  const [seed, login] = driver.exchanges();
  assert.deepEqual([seed.path, seed.startedAt], ["/api/config", 0]);
  assert.deepEqual(login, {
    method: "POST",
    url: "https://api.test/api/login?next=home",
    path: "/api/login",
    status: 200,
    requestHeaders: { "content-type": "application/json" },
    responseHeaders: {},
    requestBody: '{"user":"a"}',
    responseBody: null,
    startedAt: 1.05,
    durationMs: 40,
    mocked: false,
  });
  assert.equal(driver.capabilities().has("network"), true);
});

Deno.test("viewport reports the declared size; setScreen scripts the tree by hand", async () => {
  const clock = new FakeClock();
  const driver = createFakeDriver(singleScreenApp([fakeElement({ identifier: "a" })]), {
    clock,
    react: (d, method) => {
      if (method === "tap") {
        d.setScreen([{
          identifier: "after",
          label: null,
          value: null,
          traits: [],
          frame: [0, 0, 5, 5],
          nativeZ: null,
        }]);
      }
    },
  });
  assert.deepEqual(await driver.viewport(), { width: 390, height: 844 });
  await driver.tap({ id: "a" });
  assert.deepEqual((await driver.query()).map((e) => e.identifier), ["after"]);
});
