/**
 * The call budget (docs/backends.md#page-calls-per-step): no step kind makes more device calls
 * than `bench/call_budget.json` records, on the fake backend (the run loop's calls) and on the
 * demo app in real Chromium (the web driver's page calls). Counts, not times.
 */
import assert from "node:assert/strict";
import { loadBudget, overBudget } from "../../bench/call_budget.ts";
import { callsByKind, countedCalls, fakeFlowCalls, webFlowCalls } from "../../bench/call_counts.ts";
import { serveDemo } from "../../demos/web/serve.ts";
import { launchBrowser } from "../../src/drivers/web/browsers.ts";

Deno.test("a wait's polls count once; the first step is left out; an excess names kind and budget", () => {
  const call = (what: string) => ({ what, ms: 0 });
  assert.equal(countedCalls(["query", "query", "query", "screenshot"].map(call)), 2);
  assert.equal(countedCalls(["query", "tap", "query"].map(call)), 3);
  const counts = callsByKind([
    { index: 0, action: "tap", calls: ["a", "b", "c", "d"].map(call), durationS: 0 },
    { index: 1, action: "tap", calls: ["query", "tap"].map(call), durationS: 0 },
    { index: 2, action: "tap", calls: ["query", "hit test", "tap"].map(call), durationS: 0 },
  ]);
  assert.deepEqual(counts, { tap: 3 });
  assert.deepEqual(overBudget("web", counts, { tap: 3 }), []);
  assert.deepEqual(overBudget("web", counts, { tap: 2 }), [
    "web tap: 3 calls in one step, over its budget of 2",
  ]);
  assert.deepEqual(overBudget("web", { swipe: 1 }, {}), [
    "web swipe: 1 calls in one step, and no budget for swipe",
  ]);
});

Deno.test("fake backend: every step kind of the flow stays within its recorded call budget", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-call-budget-" });
  try {
    const counts = callsByKind(await fakeFlowCalls(dir));
    assert.deepEqual(Object.keys(counts).sort(), ["assert", "tap", "type", "wait"]);
    assert.deepEqual(overBudget("fake", counts, await loadBudget("fake")), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("web demo: every step kind of the 30-step flow stays within its page-call budget", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-call-budget-" });
  const server = await serveDemo();
  const browser = await launchBrowser("chromium", { headless: true });
  try {
    const steps = await webFlowCalls(browser, server.url, dir);
    assert.equal(steps.length, 30);
    const counts = callsByKind(steps);
    assert.deepEqual(Object.keys(counts).sort(), ["assert", "tap", "type", "wait"]);
    assert.deepEqual(overBudget("web", counts, await loadBudget("web")), []);
    // Never the tree twice for one moment: a tap reads once to resolve and once after acting.
    for (const s of steps.filter((s) => s.action === "tap" && s.index > 0)) {
      assert.equal(s.calls.filter((c) => c.what === "query").length, 2, JSON.stringify(s.calls));
    }
  } finally {
    await browser.close();
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
});
