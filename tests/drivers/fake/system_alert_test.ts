import assert from "node:assert/strict";
import { ElementNotFound, ElementNotTappable } from "../../../src/drivers/driver.ts";
import { fakeFrom } from "./helpers.ts";

const app = (hidesTree: boolean) => `
initial: home
screens:
  home:
    - { id: ask, label: Ask, traits: [button], frame: [0, 0, 100, 40] }
    - { id: status, label: unknown, frame: [0, 50, 100, 40] }
reactions:
  - on: { tap: ask }
    then: [ { alert: camera } ]
timers:
  - atMs: 2000
    then: [ { alert: camera } ]
alerts:
  camera:
    title: Allow camera?
    hidesTree: ${hidesTree}
    buttons:
      - { label: "Don't Allow", id: deny, then: [ { set: { target: status, label: denied } } ] }
      - { label: Allow, then: [ { set: { target: status, label: allowed } } ] }
`;

Deno.test("an alert blocks taps on the app, naming itself as the cover, until dismissed", async () => {
  const { driver } = fakeFrom(app(false));
  await driver.tap({ id: "ask" });
  const err = await driver.tap({ id: "ask" }).catch((e) => e);
  assert.ok(err instanceof ElementNotTappable);
  assert.equal(err.cover?.label, "Allow camera?");
  assert.match(err.message, /covered by label="Allow camera\?"/);
  assert.equal(await driver.isTappable({ id: "ask" }), false);
  assert.deepEqual(await driver.systemAlertLabels(), ["Don't Allow", "Allow"]);

  const dismissed = await driver.dismissSystemAlert();
  assert.deepEqual(dismissed, { alert: "camera", title: "Allow camera?", button: "Don't Allow" });
  assert.equal(await driver.isTappable({ id: "ask" }), true);
  const status = (await driver.query()).find((e) => e.identifier === "status");
  assert.equal(status?.label, "denied");
  assert.deepEqual(await driver.systemAlertLabels(), []);
  assert.equal(await driver.dismissSystemAlert(), null);
});

Deno.test("alert buttons are tappable through the normal tap path", async () => {
  const { driver } = fakeFrom(app(false));
  await driver.tap({ id: "ask" });
  await driver.tap({ label: "Allow", traits: ["button"] });
  const tree = await driver.query();
  assert.equal(tree.some((e) => e.traits.includes("alert")), false);
  assert.equal(tree.find((e) => e.identifier === "status")?.label, "allowed");
});

Deno.test("a tree-hiding alert shows only itself while up", async () => {
  const { driver } = fakeFrom(app(true));
  await driver.tap({ id: "ask" });
  const tree = await driver.query();
  assert.deepEqual(tree.map((e) => e.label), ["Allow camera?", "Don't Allow", "Allow"]);
  await assert.rejects(driver.tap({ id: "ask" }), ElementNotFound);
});

Deno.test("handleSystemAlert polls in virtual time until a timer raises the alert", async () => {
  const { driver, clock } = fakeFrom(app(false));
  await driver.handleSystemAlert({ id: "deny" }, 5);
  assert.ok(clock.now() > 1.999 && clock.now() < 2.3, `waited until ${clock.now()}`);
  const status = (await driver.query()).find((e) => e.identifier === "status");
  assert.equal(status?.label, "denied");
  assert.deepEqual(driver.actions.at(-1), ["handleSystemAlert", [{ id: "deny" }, 5]]);
  const drained = driver.drainActuations().actuations;
  assert.equal(drained.at(-1)?.gesture, "systemAlert");
  assert.equal(drained.at(-1)?.target, "deny");
});

Deno.test("handleSystemAlert times out with ElementNotFound when no alert comes", async () => {
  const { driver, clock } = fakeFrom(app(false));
  await assert.rejects(driver.handleSystemAlert({ label: "Allow" }, 1), ElementNotFound);
  assert.equal(clock.now(), 1);
});

Deno.test("handleSystemAlert with a label the alert lacks fails as ElementNotFound", async () => {
  const { driver } = fakeFrom(app(false));
  await driver.tap({ id: "ask" });
  await assert.rejects(driver.handleSystemAlert({ label: "Maybe" }, 0), ElementNotFound);
  assert.deepEqual(await driver.systemAlertLabels(), ["Don't Allow", "Allow"]);
});
