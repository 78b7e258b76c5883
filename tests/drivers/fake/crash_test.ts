import assert from "node:assert/strict";
import { BackendCrashError } from "../../../src/drivers/driver.ts";
import { FakeClock } from "../../../src/time/clock.ts";
import { CrashInjector, createFakeDriver } from "../../../src/drivers/fake/mod.ts";
import { appFrom, fakeFrom } from "./helpers.ts";

const screens = `
initial: s
screens:
  s:
    - { id: b, traits: [button], frame: [0, 0, 10, 10] }
`;

Deno.test("a crash rule throws BackendCrashError at the Nth driver call, once", async () => {
  const { driver } = fakeFrom(`${screens}
crashes:
  - { atCall: 3 }
`);
  await driver.query();
  await driver.tap({ id: "b" });
  const err = await driver.query().catch((e) => e);
  assert.ok(err instanceof BackendCrashError);
  assert.equal(err.code, "E_BACKEND_CRASH");
  assert.match(err.message, /query \(driver call #3/);
  await driver.query(); // once: the fourth call goes through
  assert.deepEqual(driver.actions, [["tap", { id: "b" }]]);
});

Deno.test("a method-scoped rule counts only that method; always keeps crashing", async () => {
  const { driver } = fakeFrom(`${screens}
crashes:
  - { atCall: 2, method: tap, times: always }
`);
  await driver.tap({ id: "b" });
  await driver.query();
  await driver.query();
  await assert.rejects(driver.tap({ id: "b" }), BackendCrashError);
  await assert.rejects(driver.tap({ id: "b" }), BackendCrashError);
  assert.equal((await driver.query()).length, 1);
  assert.equal(driver.actions.length, 1, "crashed taps were not delivered");
});

Deno.test("a shared injector makes crash-once hold across a respawned driver", async () => {
  const app = appFrom(screens);
  const crashes = new CrashInjector([{ atCall: 1, method: "tap", times: 1 }]);
  const first = createFakeDriver(app, { clock: new FakeClock(), crashes });
  await assert.rejects(first.tap({ id: "b" }), BackendCrashError);
  const second = createFakeDriver(app, { clock: new FakeClock(), crashes });
  await second.tap({ id: "b" });
  assert.equal(crashes.crashes, 1);
  // Without sharing, each driver starts its own count from the app's rules.
  const fresh = createFakeDriver(appFrom(`${screens}\ncrashes: [ { atCall: 1 } ]\n`), {
    clock: new FakeClock(),
  });
  await assert.rejects(fresh.query(), BackendCrashError);
});
