import assert from "node:assert/strict";
import { buildFlakiness, flakyVerdict, flipRate } from "../../src/report/flakiness.ts";
import { historyFlips, scenarioOutcomes } from "../../src/report/history_flips.ts";
import { buildManifest } from "../../src/report/manifest.ts";
import { normalizeManifest } from "../../src/report/load.ts";
import type { ManifestScenario } from "../../src/report/manifest_types.ts";
import { validateManifest } from "../../src/report/manifest_schema.ts";
import { smallRun } from "./fixtures.ts";

/** A manifest scenario entry: just what the flakiness math reads. */
function attempt(
  name: string,
  ok: boolean,
  repetition: number,
  failure: string | null = ok ? null : "boom",
  engine = "",
): ManifestScenario {
  const base = buildManifest(smallRun()).scenarios[0];
  return {
    ...base,
    scenario: name,
    ok,
    failure,
    engine,
    repetition,
    sid: `00-x-attempt-${repetition}`,
  };
}

Deno.test("flakyVerdict: all pass, all fail, or flaky", () => {
  assert.equal(flakyVerdict([true, true, true]), "stable-pass");
  assert.equal(flakyVerdict([false, false]), "stable-fail");
  assert.equal(flakyVerdict([true, false, true]), "flaky");
  assert.equal(flakyVerdict([false, true]), "flaky");
  assert.equal(flakyVerdict([]), "stable-fail");
});

Deno.test("flipRate: consecutive changes over (n - 1)", () => {
  assert.equal(flipRate([true, false, true, false]), 1);
  assert.equal(flipRate([true, true, false, false]), 1 / 3);
  assert.equal(flipRate([false, false, false]), 0);
  assert.equal(flipRate([true]), 0);
  assert.equal(flipRate([]), 0);
});

Deno.test("buildFlakiness: groups attempts by scenario and engine, in attempt order", () => {
  const f = buildFlakiness([
    attempt("a", true, 2),
    attempt("a", false, 1, "step 0 (tap): no match"),
    attempt("b", true, 1),
    attempt("a", false, 3, "step 0 (tap): no match"),
    attempt("a", true, 4),
    attempt("b", true, 2),
    attempt("a", false, 1, "late", "firefox"),
  ], { mode: "repeat", count: 4, seed: 7 });
  assert.equal(f.mode, "repeat");
  assert.equal(f.seed, 7);
  const [a, b, aFirefox] = f.scenarios;
  assert.deepEqual(
    [a.scenario, a.attempts, a.passes, a.fails, a.verdict],
    ["a", 4, 2, 2, "flaky"],
  );
  // Outcomes by attempt: fail, pass, fail, pass → three flips of three.
  assert.equal(a.flip_rate, 1);
  assert.deepEqual(a.reasons, ["step 0 (tap): no match"]);
  assert.deepEqual(a.sids, [1, 2, 3, 4].map((k) => `00-x-attempt-${k}`));
  assert.deepEqual(a.failed_sids, ["00-x-attempt-1", "00-x-attempt-3"]);
  assert.equal(b.verdict, "stable-pass");
  assert.equal(b.flip_rate, 0);
  assert.deepEqual(b.reasons, []);
  assert.equal(aFirefox.verdict, "stable-fail");
  assert.deepEqual(aFirefox.sids, ["firefox/00-x-attempt-1"]);
});

Deno.test("manifest: a repeated run's flakiness block is schema-valid and survives a re-read", () => {
  const input = smallRun();
  input.results = [
    { ...input.results[0], repetition: 1 },
    {
      ...input.results[1],
      result: { ...input.results[1].result, scenario: "login" },
      repetition: 2,
    },
  ];
  input.repeats = { mode: "retries", count: 2, seed: null };
  const m = buildManifest(input);
  assert.deepEqual(validateManifest(JSON.parse(JSON.stringify(m))), []);
  assert.equal(m.flakiness?.scenarios.length, 1);
  assert.equal(m.flakiness?.scenarios[0].verdict, "flaky");
  assert.deepEqual(m.scenarios.map((s) => s.repetition), [1, 2]);
  const reread = normalizeManifest(JSON.parse(JSON.stringify(m)));
  assert.deepEqual(reread.flakiness, m.flakiness);
  // A run without repeats has neither.
  const plain = buildManifest(smallRun());
  assert.equal(plain.flakiness, undefined);
  assert.equal(plain.scenarios[0].repetition, undefined);
});

Deno.test("historyFlips: each scenario's flip rate over the runs it appears in, highest first", () => {
  const flips = historyFlips([
    { "log in": true, checkout: true },
    { "log in": false, checkout: true },
    { "log in": true },
    { "log in": true, checkout: false },
  ]);
  assert.deepEqual(flips, [
    { scenario: "log in", runs: 4, passes: 3, flips: 2, flipRate: 2 / 3 },
    { scenario: "checkout", runs: 3, passes: 2, flips: 1, flipRate: 0.5 },
  ]);
});

Deno.test("scenarioOutcomes: a scenario passes in a run only when every attempt passed", () => {
  const m = buildManifest(smallRun());
  m.scenarios = [attempt("a", true, 1), attempt("a", false, 2), attempt("b", true, 1)];
  assert.deepEqual(scenarioOutcomes(m), { a: false, b: true });
});
