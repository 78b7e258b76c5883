import assert from "node:assert/strict";
import { fakeApp, type FakeNodeSpec, fakeScreen } from "../../src/drivers/fake/mod.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { Step } from "../../src/scenario/types.ts";
import { el, fake, scenario, tapStep } from "./helpers.ts";

/** 30 rows of 100 points in a full-screen (390×844) scroll region, plus extra nodes on top. */
function listApp(extra: FakeNodeSpec[] = [], rows = 30) {
  const content = Array.from({ length: rows }, (_, i) => el(`row${i}`, [0, i * 100, 390, 100]));
  const list: FakeNodeSpec = {
    kind: "scroll",
    identifier: "list",
    viewport: [0, 0, 390, 844],
    content,
  };
  return fake(fakeApp({ screens: [fakeScreen("main", [list, ...extra])] }));
}

const scroll = (to: string, more: Record<string, unknown> = {}): Step =>
  ({
    action: "scroll",
    body: { to: { id: to }, direction: "down", maxScrolls: 15, ...more },
  }) as Step;

Deno.test("scroll: an already visible target takes no gesture", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(driver, scenario({ steps: [scroll("row2")] }), { clock });
  assert.equal(r.ok, true);
  assert.deepEqual(driver.actions, []);
});

Deno.test("scroll: 0.6-viewport content steps until the target's centre is on screen", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(driver, scenario({ steps: [scroll("row25"), tapStep("row25")] }), {
    clock,
  });
  assert.equal(r.ok, true);
  const gestures = driver.actions.filter(([m]) => m === "scroll");
  assert.equal(gestures.length, 4); // offsets 506.4, 1012.8, 1519.2, 2025.6
  // Content down = finger up, anchored on the screen centre, shifted inside the 4-pt margin.
  assert.deepEqual(gestures[0][1], [[195, 510.4], [195, 4]]);
});

Deno.test("scroll: an unchanged region ends it as end of content", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(driver, scenario({ steps: [scroll("nowhere")] }), { clock });
  assert.equal(
    r.failure,
    'step 0 (scroll): scroll: {"id":"nowhere"} not found; the region stopped changing (end of content)',
  );
  assert.equal(driver.actions.length, 6); // five moving steps, then one that moved nothing
});

Deno.test("scroll: maxScrolls bounds the steps", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(driver, scenario({ steps: [scroll("row25", { maxScrolls: 2 })] }), {
    clock,
  });
  assert.equal(
    r.failure,
    'step 0 (scroll): scroll: {"id":"row25"} not on-screen after 2 scroll(s)',
  );
  assert.equal(driver.actions.length, 2);
});

Deno.test("scroll: an ambiguous target fails at once", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [{
        action: "scroll",
        body: { to: { idMatches: "row*" }, direction: "down", maxScrolls: 15 },
      }],
    }),
    { clock },
  );
  assert.match(
    r.failure!,
    /^step 0 \(scroll\): ambiguous: \d+ matches for \{"idMatches":"row\*"\}/,
  );
  assert.deepEqual(driver.actions, []);
});

Deno.test("scroll: direction up and a within anchor", async () => {
  const { clock, driver } = listApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [scroll("row25"), scroll("row0", { direction: "up", within: { id: "list" } })],
    }),
    { clock },
  );
  assert.equal(r.ok, true);
  const ups = driver.actions.slice(4);
  assert.ok(ups.length > 0);
  for (const [, [from, to]] of ups as Array<[string, [[number, number], [number, number]]]>) {
    assert.ok(to[1] > from[1], "content up = finger down");
  }
});

Deno.test("reachability recovery: a covered target is scrolled out from under the cover and tapped", async () => {
  // row7 (y 700–800, centre 750) sits under a bottom bar until the content moves.
  const bar = el("tabbar", [0, 700, 390, 144], { traits: ["tabBar"] });
  const { clock, driver } = listApp([bar]);
  const r = await runScenario(driver, scenario({ steps: [tapStep("row7")] }), { clock });
  assert.equal(r.ok, true);
  assert.deepEqual(driver.actions.map(([m]) => m), ["scroll", "tap"]);
});

Deno.test("reachability recovery: 3 steps down then 6 up, then `still not tappable` naming the cover", async () => {
  const overlay = el("overlay", [0, 0, 390, 844], { traits: ["other"] });
  const { clock, driver } = listApp([overlay]);
  const r = await runScenario(driver, scenario({ steps: [tapStep("row2")] }), { clock });
  assert.equal(
    r.failure,
    "step 0 (tap): not tappable: still not tappable after a bounded scroll attempt: " +
      "id=overlay@[0,0,390,844]",
  );
  const scrolls = driver.actions.filter(([m]) => m === "scroll") as Array<
    [string, [[number, number], [number, number]]]
  >;
  assert.equal(scrolls.length, 9);
  const fingerUp = scrolls.map(([, [from, to]]) => to[1] < from[1]);
  assert.deepEqual(fingerUp, [true, true, true, false, false, false, false, false, false]);
});

Deno.test("reachability recovery also guards the focus tap of type", async () => {
  const overlay = el("overlay", [0, 0, 390, 844], { traits: ["other"] });
  const { clock, driver } = listApp([overlay]);
  const r = await runScenario(
    driver,
    scenario({
      steps: [{ action: "type", body: { text: "x", into: { id: "row1" }, submit: false } }],
    }),
    { clock },
  );
  assert.match(r.failure!, /^step 0 \(type\): not tappable: still not tappable after a bounded/);
});
