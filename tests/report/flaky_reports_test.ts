/** JUnit and CTRF of a repeated run: one test per scenario over its attempts (docs/reports.md#flakiness). */
import assert from "node:assert/strict";
import { XMLParser } from "fast-xml-parser";
import { ctrfJson } from "../../src/report/ctrf.ts";
import { junitXml } from "../../src/report/junit.ts";
import { buildManifest } from "../../src/report/manifest.ts";
import type { RunReportInput, ScenarioRecord } from "../../src/report/model.ts";
import { HOSTILE_NAME, smallRun } from "./fixtures.ts";

/** `login` passes twice; the hostile-named scenario fails on both attempts (stable-fail). */
function repeatedRun(): RunReportInput {
  const input = smallRun();
  const [pass, fail] = input.results;
  const attempt = (r: ScenarioRecord, k: number, sid: string): ScenarioRecord => ({
    ...r,
    sid: `${sid}-attempt-${k}`,
    repetition: k,
  });
  input.results = [
    attempt(pass, 1, "00-login"),
    attempt(pass, 2, "00-login"),
    attempt(fail, 1, "01-x"),
    attempt(fail, 2, "01-x"),
  ];
  input.repeats = { mode: "repeat", count: 2, seed: 1 };
  return input;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => name === "testcase" || name === "property",
});

Deno.test("junit: one testcase per repeated scenario, its verdict as properties", () => {
  const suite = parser.parse(junitXml(buildManifest(repeatedRun()))).testsuite;
  assert.equal(suite["@tests"], "2");
  assert.equal(suite["@failures"], "1");
  const props = (c: { properties: { property: { "@name": string; "@value": string }[] } }) =>
    Object.fromEntries(c.properties.property.map((p) => [p["@name"], p["@value"]]));
  const [login, broken] = suite.testcase;
  assert.equal(login["@name"], "login");
  assert.deepEqual(props(login), {
    verdict: "stable-pass",
    flaky: "false",
    attempts: "2",
    passes: "2",
    fails: "0",
    flip_rate: "0.00",
  });
  assert.equal(login.failure, undefined);
  assert.equal(broken["@name"], HOSTILE_NAME);
  assert.equal(props(broken).verdict, "stable-fail");
  assert.match(broken.failure["@message"], /^stable-fail: 2 of 2 attempts failed: /);
  assert.match(broken["system-out"], /attempt 1: failed — .*\(01-x-attempt-1\)/);
});

Deno.test("ctrf: one test per repeated scenario with flaky, retries and the earlier attempts", () => {
  const doc = ctrfJson(buildManifest(repeatedRun())) as {
    results: { summary: Record<string, number>; tests: Record<string, unknown>[] };
  };
  assert.equal(doc.results.summary.tests, 2);
  assert.equal(doc.results.summary.failed, 1);
  const [login, broken] = doc.results.tests;
  assert.deepEqual(
    [login.status, login.flaky, login.retries, (login.retryAttempts as unknown[]).length],
    ["passed", false, 1, 1],
  );
  assert.deepEqual([broken.status, broken.flaky], ["failed", false]);
  const extra = broken.extra as { flakiness: Record<string, unknown> };
  assert.equal(extra.flakiness.verdict, "stable-fail");
  assert.deepEqual(extra.flakiness.failed_sids, ["01-x-attempt-1", "01-x-attempt-2"]);
});

Deno.test("junit and ctrf of a run without repeats keep one test per scenario entry", () => {
  const m = buildManifest(smallRun());
  assert.equal(parser.parse(junitXml(m)).testsuite.testcase[0].properties, undefined);
  const tests = (ctrfJson(m) as { results: { tests: Record<string, unknown>[] } }).results.tests;
  assert.equal(tests[0].flaky, undefined);
});
