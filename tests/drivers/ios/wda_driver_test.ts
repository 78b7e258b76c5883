/**
 * The iOS driver on the wire: which WebDriverAgent calls each method makes, the tree reuse
 * window, and every failure mode mapped as the pipeline needs it.
 */
import assert from "node:assert/strict";
import { parseFakeApp } from "../../../src/drivers/fake/mod.ts";
import {
  BackendCrashError,
  ElementNotFound,
  isStepLevelError,
} from "../../../src/drivers/driver.ts";
import { SOURCE_QUERY } from "../../../src/drivers/ios/source_tree.ts";
import { TREE_REUSE_S } from "../../../src/drivers/ios/wda_driver.ts";
import { AppCrashed, RunnerCrashError, SessionLost } from "../../../src/drivers/webdriver/mod.ts";
import { FakeClock } from "../../../src/time/clock.ts";
import { openWdaLab, type WdaLab } from "./wda_fixture.ts";

const APP = parseFakeApp(
  `name: Shop
size: [393, 852]
initial: main
screens:
  main:
    - { id: add, label: Add, traits: [button], frame: [16, 200, 361, 50] }
    - { id: count, label: "0", traits: [staticText], frame: [16, 260, 361, 40] }
    - { id: name, label: Name, traits: [textField], frame: [16, 320, 361, 44] }
    - { id: open, label: Open, traits: [button], frame: [16, 400, 361, 50] }
    - { id: ask, label: Ask, traits: [button], frame: [16, 460, 361, 50] }
  detail:
    - { id: BackButton, label: Back, traits: [button], frame: [0, 44, 80, 44] }
    - { id: detailTitle, label: Detail, traits: [staticText], frame: [100, 44, 190, 44] }
reactions:
  - on: { tap: add }
    then:
      - increment: count
  - on: { tap: open }
    then:
      - goto: detail
  - on: { tap: ask }
    then:
      - alert: notifications
alerts:
  notifications:
    title: Shop Would Like to Send You Notifications
    buttons:
      - { label: "Don’t Allow" }
      - label: Allow
        then:
          - set: { target: count, label: "allowed" }
`,
  "shop.yaml",
).app!;

async function lab(fn: (lab: WdaLab, clock: FakeClock) => Promise<void>, opts = {}) {
  const clock = new FakeClock();
  const l = await openWdaLab(APP, { clock, ...opts });
  try {
    await fn(l, clock);
  } finally {
    await l.close();
  }
}

/** The requests after the session was opened, as `METHOD path-after-session`. */
function wire(l: WdaLab, from = 0): string[] {
  return l.wda.server.requests.slice(from).map((r) =>
    `${r.method} ${r.target.replace(/^\/session\/[^/]+/, "S")}`
  );
}

const count = async (l: WdaLab) =>
  (await l.driver.query()).find((e) => e.identifier === "count")?.label;

Deno.test("wire: query reads the JSON source; a tap right after resolves on that tree: one call", () =>
  lab(async (l) => {
    const from = l.wda.server.requests.length;
    await l.driver.query();
    await l.driver.tap({ id: "add" });
    assert.deepEqual(wire(l, from), [`GET S/source${SOURCE_QUERY}`, "POST S/wda/tap"]);
    const tap = l.wda.server.requests.at(-1)!;
    assert.deepEqual(tap.body, { x: 196.5, y: 225 });
  }));

Deno.test("wire: a tree older than the reuse window, or one read before a command, is read again", () =>
  lab(async (l, clock) => {
    await l.driver.query();
    clock.advance(TREE_REUSE_S + 0.01);
    let from = l.wda.server.requests.length;
    await l.driver.tap({ id: "add" });
    assert.deepEqual(wire(l, from), [`GET S/source${SOURCE_QUERY}`, "POST S/wda/tap"]);
    from = l.wda.server.requests.length;
    await l.driver.tap({ id: "add" });
    assert.deepEqual(wire(l, from), [`GET S/source${SOURCE_QUERY}`, "POST S/wda/tap"]);
    assert.equal(await count(l), "2");
  }));

Deno.test("wire: each gesture's route and body", () =>
  lab(async (l) => {
    await l.driver.query();
    let from = l.wda.server.requests.length;
    await l.driver.doubleTap({ id: "add" });
    await l.driver.query();
    await l.driver.longPress({ id: "add" }, 1.5);
    await l.driver.tapPoint([10, 20]);
    await l.driver.swipe([100, 600], [100, 200]);
    await l.driver.scroll([100, 600], [100, 500]);
    assert.deepEqual(wire(l, from), [
      "POST S/wda/doubleTap",
      `GET S/source${SOURCE_QUERY}`,
      "POST S/wda/touchAndHold",
      "POST S/wda/tap",
      "POST S/actions",
      "POST S/actions",
    ]);
    const reqs = l.wda.server.requests;
    assert.deepEqual(reqs[reqs.length - 4].body, { x: 196.5, y: 225, duration: 1.5 });
    from = reqs.length;
    await l.driver.query();
    await l.driver.pinch({ id: "count" }, 2);
    const pinch = l.wda.server.requests.at(-1)!.body as { actions: { id: string }[] };
    assert.deepEqual(pinch.actions.map((a) => a.id), ["finger1", "finger2"]);
    const shot = await Deno.makeTempFile({ suffix: ".png" });
    try {
      await l.driver.screenshot(shot);
    } finally {
      await Deno.remove(shot);
    }
    assert.equal(wire(l).at(-1), "GET /screenshot");
    assert.equal(from > 0, true);
  }));

Deno.test("wire: typing goes to the focused field; delete sends the keyboard's delete key", () =>
  lab(async (l) => {
    await l.driver.tap({ id: "name" });
    await l.driver.typeText("Ada L");
    await l.driver.deleteText(2);
    const keys = l.wda.server.requests.filter((r) => r.pathname.endsWith("/wda/keys"));
    assert.deepEqual(keys.map((r) => r.body), [{ value: ["Ada L"] }, { value: ["\b\b"] }]);
    assert.equal((await l.driver.query()).find((e) => e.identifier === "name")?.value, "Ada");
    const acts = l.driver.drainActuations().actuations;
    assert.deepEqual(acts.map((a) => [a.gesture, a.via, a.target, a.accepted]), [
      ["tap", "coordinate", "name", true],
      ["typeText", "focused", "name", true],
      ["deleteText", "focused", "name", true],
    ]);
  }));

Deno.test("select all and copy go through the edit menu of the focused field", () =>
  lab(async (l) => {
    await l.driver.tap({ id: "name" });
    await l.driver.typeText("hello");
    await l.driver.selectAll();
    await l.driver.copySelection();
    // The selection is replaced by what is typed next.
    await l.driver.selectAll();
    await l.driver.typeText("bye");
    assert.equal((await l.driver.query()).find((e) => e.identifier === "name")?.value, "bye");
    const holds = l.wda.server.requests.filter((r) => r.pathname.endsWith("/wda/touchAndHold"));
    assert.equal(holds.length, 2);
  }));

Deno.test("back taps the navigation bar's back button; without one it is ElementNotFound", () =>
  lab(async (l) => {
    const err = await l.driver.back().catch((e) => e);
    assert.ok(err instanceof ElementNotFound);
    await l.driver.tap({ id: "open" });
    assert.ok(await l.driver.waitFor({ id: "detailTitle" }));
    await l.driver.back();
    assert.ok(await l.driver.waitFor({ id: "add" }));
  }));

Deno.test("alerts: labels from wda/alert/buttons, the chosen one accepted by name, none = []", () =>
  lab(async (l) => {
    assert.deepEqual(await l.driver.systemAlertLabels(), []);
    await l.driver.tap({ id: "ask" });
    assert.deepEqual(await l.driver.systemAlertLabels(), ["Don’t Allow", "Allow"]);
    await l.driver.handleSystemAlert({ label: "Allow" }, 1);
    assert.deepEqual(l.wda.server.requests.at(-1)?.body, { name: "Allow" });
    assert.deepEqual(await l.driver.systemAlertLabels(), []);
    assert.equal(await count(l), "allowed");
  }));

Deno.test("handleSystemAlert polls until its timeout, then ElementNotFound (virtual time)", () =>
  lab(async (l, clock) => {
    const t0 = clock.now();
    const err = await l.driver.handleSystemAlert({ label: "OK" }, 1).catch((e) => e);
    assert.ok(err instanceof ElementNotFound);
    assert.match(err.message, /no system alert within 1s/);
    assert.ok(clock.now() - t0 >= 1);
  }));

Deno.test("the app crashing on a tap: the next call is AppCrashed, a BackendCrashError", () =>
  lab(async (l) => {
    l.host.crashTaps = [1];
    await l.driver.tap({ id: "add" });
    const err = await l.driver.query().catch((e) => e);
    assert.ok(err instanceof AppCrashed, String(err));
    assert.ok(err instanceof BackendCrashError);
    assert.equal(isStepLevelError(err), false);
    assert.match(err.message, /is not running, possibly crashed/);
  }));

Deno.test("WDA dying on a tap: a write that may have landed is never resent", () =>
  lab(async (l) => {
    await l.driver.query();
    l.wda.server.addFaults([{
      at: 1,
      kind: "die",
      match: { method: "POST", path: "/session/:sid/wda/tap" },
    }]);
    const err = await l.driver.tap({ id: "add" }).catch((e) => e);
    assert.ok(err instanceof RunnerCrashError, String(err));
    assert.equal(err.delivered, true);
    assert.match(err.message, /write may have been lost/);
    assert.equal(l.wda.server.count("POST", "/session/:sid/wda/tap"), 1, "sent exactly once");
    const acts = l.driver.drainActuations().actuations;
    assert.deepEqual(acts.map((a) => a.accepted), [false], "recorded, never accepted");
  }));

Deno.test("WDA hanging on a tap: no reply within the timeout is a crash, the tap not resent", () =>
  lab(async (l) => {
    await l.driver.query();
    l.wda.server.addFaults([{
      at: 1,
      kind: "hang",
      match: { method: "POST", path: "/session/:sid/wda/tap" },
    }]);
    const err = await l.driver.tap({ id: "add" }).catch((e) => e);
    assert.ok(err instanceof RunnerCrashError);
    assert.equal(err.hung, true);
    assert.equal(l.wda.server.count("POST", "/session/:sid/wda/tap"), 1);
  }, { timeoutS: 0.3 }));

Deno.test("a lost session is recreated once and the refused call sent again; twice is a crash", () =>
  lab(async (l) => {
    l.wda.server.sessions.clear();
    await l.driver.tap({ id: "add" });
    assert.equal(await count(l), "1", "the tap ran once, on the new session");
    assert.equal(l.wda.server.count("POST", "/session"), 2);
    l.wda.server.sessions.clear();
    const err = await l.driver.query().catch((e) => e);
    assert.ok(err instanceof SessionLost);
    assert.ok(err instanceof BackendCrashError);
  }));
