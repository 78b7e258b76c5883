import assert from "node:assert/strict";
import { FakeClock } from "../../../src/time/clock.ts";
import { formatLoadError } from "../../../src/yaml/load_error.ts";
import { createFakeDriver, loadFakeApp, parseFakeApp } from "../../../src/drivers/fake/mod.ts";

const EXAMPLE = new URL("../../fixtures/fake_apps/login_app.yaml", import.meta.url).pathname;

Deno.test("the login example loads with every part of the format", async () => {
  const { app, errors } = await loadFakeApp(EXAMPLE);
  assert.deepEqual(errors.map(formatLoadError), []);
  assert.ok(app);
  assert.equal(app.name, "login-demo");
  assert.equal(app.initial, "onboarding");
  assert.deepEqual([...app.screens.keys()], ["onboarding", "login", "home", "list"]);
  const list = app.screens.get("list")!.nodes.find((n) => n.kind === "scroll");
  assert.equal(list?.kind === "scroll" ? list.content.length : 0, 30);
  assert.deepEqual([...app.alerts.keys()], ["notifications"]);
  assert.equal(app.timers[0].at.from, "screen");
  assert.deepEqual(app.network, []);
});

Deno.test("the login example behaves: right password → home after 300 ms", async () => {
  const { app } = await loadFakeApp(EXAMPLE);
  const clock = new FakeClock();
  const driver = createFakeDriver(app!, { clock });
  await driver.tap({ id: "getStarted" });
  await driver.typeText("alice"); // username is focused on entry
  await driver.tap({ id: "password" });
  await driver.typeText("nope");
  await driver.tap({ id: "submit" });
  assert.equal(await driver.waitFor({ id: "loginError" }), true);
  await driver.selectAll();
  await driver.typeText("hunter2");
  await driver.tap({ id: "submit" });
  clock.advance(0.299);
  assert.equal(driver.screenName, "login");
  clock.advance(0.001);
  assert.equal(driver.screenName, "home");
  assert.deepEqual(driver.exchanges().map((e) => e.status), [401, 200]);
  await driver.tap({ id: "increment" });
  await driver.tap({ id: "increment" });
  const label = (await driver.query()).find((e) => e.identifier === "counterLabel")?.label;
  assert.equal(label, "Count: 2");
  assert.equal(await driver.waitFor({ id: "promoBanner" }), false);
  clock.advance(1.5);
  assert.equal(await driver.waitFor({ id: "promoBanner" }), true);
  await driver.tap({ id: "openList" });
  assert.equal(await driver.waitFor({ id: "row29" }), false);
  for (let i = 0; i < 6; i++) await driver.scroll([195, 650], [195, 150]);
  assert.equal(await driver.waitFor({ id: "row29" }), true);
  await driver.back();
  assert.equal(driver.screenName, "home");
});

/** Loads inline YAML and returns its errors formatted `file:line:col: CODE path: message`. */
function errorsOf(yaml: string): string[] {
  const { app, errors } = parseFakeApp(yaml, "bad.yaml");
  assert.equal(app, null);
  return errors.map(formatLoadError);
}

Deno.test("unknown keys and wrong types are reported at their line and column", () => {
  const errors = errorsOf(`initial: a
screens:
  a:
    - { id: x, frame: [0, 0, 10, 10], colour: red }
    - { id: y, frame: [0, 0, "wide", 10] }
latency: { queryMs: -1 }
`);
  assert.deepEqual(errors, [
    'bad.yaml:4:39: E_UNKNOWN_KEY screens.a[0].colour: unknown key "colour"; allowed: ' +
    "id, label, value, traits, frame, hidden, options, focused",
    'bad.yaml:5:30: E_TYPE screens.a[1].frame[2]: expected a number, got string "wide"',
    "bad.yaml:6:21: E_TYPE latency.queryMs: expected a number ≥ 0, got -1",
  ]);
});

Deno.test("references to unknown screens, alerts and ids are E_CONFIG at the reference", () => {
  const errors = errorsOf(`initial: start
screens:
  a:
    - { id: go, traits: [button], frame: [0, 0, 10, 10] }
reactions:
  - on: { tap: gone }
    then:
      - goto: b
      - alert: perms
  - on: { tap: go }
    screen: a
    then: [ { reveal: banner } ]
`);
  assert.deepEqual(errors, [
    'bad.yaml:1:10: E_CONFIG initial: no screen named "start" (have: a)',
    "bad.yaml:6:16: E_CONFIG reactions[0].on.tap: no element with id gone on any screen",
    'bad.yaml:8:15: E_CONFIG reactions[0].then[0].goto: no screen named "b" (have: a)',
    'bad.yaml:9:16: E_CONFIG reactions[0].then[1].alert: no alert named "perms" (have: none)',
    'bad.yaml:12:23: E_CONFIG reactions[1].then[0].reveal: no element with id banner on screen "a"',
  ]);
});

Deno.test("missing required keys, bad effects and timers are reported", () => {
  const errors = errorsOf(`screens:
  a:
    - { id: go }
timers:
  - { afterEnterMs: 10, then: [] }
  - { atMs: 1, afterEnterMs: 2, then: [] }
reactions:
  - on: { tap: go, longPress: go }
    then: [ { goto: a, back: true } ]
crashes:
  - { atCall: 0, method: fly }
`);
  assert.deepEqual(errors, [
    'bad.yaml:1:1: E_REQUIRED missing required key "initial"',
  ]);
  const more = errorsOf(`initial: a
screens:
  a:
    - { id: go }
timers:
  - { afterEnterMs: 10, then: [] }
  - { atMs: 1, afterEnterMs: 2, then: [] }
reactions:
  - on: { tap: go, longPress: go }
    then: [ { goto: a, back: true } ]
crashes:
  - { atCall: 0, method: fly }
`);
  assert.deepEqual(more.map((e) => e.split(": ").slice(0, 2).join(": ")), [
    "bad.yaml:4:7: E_REQUIRED screens.a[0]",
    "bad.yaml:6:5: E_REQUIRED timers[0]",
    "bad.yaml:7:5: E_CONFIG timers[1]",
    "bad.yaml:9:9: E_CONFIG reactions[0].on",
    "bad.yaml:10:13: E_CONFIG reactions[0].then[0]",
    "bad.yaml:12:15: E_TYPE crashes[0].atCall",
    "bad.yaml:12:26: E_ENUM crashes[0].method",
  ]);
});

Deno.test("YAML syntax errors, empty and missing files surface as load errors", async () => {
  assert.match(errorsOf("initial: [a\n")[0], /^bad\.yaml:\d+:\d+: E_YAML /);
  assert.deepEqual(errorsOf(""), ["bad.yaml:1:1: E_CONFIG empty fake app file"]);
  const { app, errors } = await loadFakeApp("/nonexistent/app.yaml");
  assert.equal(app, null);
  assert.deepEqual(errors.map((e) => e.code), ["E_IO"]);
});

Deno.test("selectors in the file are validated like scenario selectors", () => {
  const errors = errorsOf(`initial: a
screens:
  a:
    - { id: go, frame: [0, 0, 1, 1] }
reactions:
  - on: { tap: { labelMatches: "(" } }
    then: []
  - on: { tap: {} }
    then: []
  - on: { tap: { id: [] } }
    then: []
`);
  assert.deepEqual(errors.map((e) => e.split(" ").slice(0, 3).join(" ")), [
    "bad.yaml:6:32: E_REGEX reactions[0].on.tap.labelMatches:",
    "bad.yaml:8:16: E_SELECTOR_EMPTY reactions[1].on.tap:",
    "bad.yaml:10:22: E_ID_CANDIDATES reactions[2].on.tap.id:",
  ]);
});
