import assert from "node:assert/strict";
import { contentType, ctrfJson, ctrfText } from "../../src/report/ctrf.ts";
import { parseManifest } from "../../src/report/load.ts";
import { buildManifest } from "../../src/report/manifest.ts";
import { HOSTILE_NAME, HOSTILE_REASON, matrixRun, smallRun } from "./fixtures.ts";

type Doc = {
  reportFormat: string;
  specVersion: string;
  timestamp?: string;
  results: {
    tool: { name: string; version?: string };
    summary: Record<string, number>;
    tests: Record<string, unknown>[];
    environment?: { commit: string };
    extra?: { matrix: unknown };
  };
};

Deno.test("ctrf: header and summary derive from the run id and durations", () => {
  const doc = ctrfJson(buildManifest(smallRun())) as Doc;
  assert.deepEqual(Object.keys(doc), [
    "reportFormat",
    "specVersion",
    "generatedBy",
    "timestamp",
    "results",
  ]);
  assert.equal(doc.reportFormat, "CTRF");
  assert.equal(doc.timestamp, "2024-05-01T10:15:00Z");
  const start = Date.UTC(2024, 4, 1, 10, 15, 0);
  assert.deepEqual(doc.results.summary, {
    tests: 2,
    passed: 1,
    failed: 1,
    skipped: 0,
    pending: 0,
    other: 0,
    start,
    stop: start + 6250,
    duration: 6250,
  });
  assert.deepEqual(doc.results.tool, { name: "bajutsu", version: "0.1.0" });
  assert.equal(doc.results.environment, undefined);
});

Deno.test("ctrf: a prefixed run id has no timestamp and starts at 0", () => {
  const doc = ctrfJson(buildManifest(smallRun("audit-20240501-101500"))) as Doc;
  assert.equal(doc.timestamp, undefined);
  assert.equal(doc.results.summary.start, 0);
  assert.equal(doc.results.summary.stop, 6250);
});

Deno.test("ctrf: tests carry status, message, steps, device and typed attachments", () => {
  const input = smallRun();
  input.results[0].artifacts.push(
    { name: "00-login/scenario.mp4", kind: "video", provider: "playwright" },
    { name: "00-login/step0/device.log", kind: "deviceLog", provider: "simctl" },
    { name: "00-login/step0/hierarchy.raw.xml", kind: "rawTree", provider: "adb" },
  );
  const [pass, fail] = (ctrfJson(buildManifest(input)) as Doc).results.tests;
  assert.equal(pass.status, "passed");
  assert.equal(pass.device, "iPhone 15 (iOS 17.2)");
  assert.equal(pass.duration, 1750);
  const types = Object.fromEntries(
    (pass.attachments as { path: string; contentType: string }[]).map((a) => [
      a.path.split("/").pop(),
      a.contentType,
    ]),
  );
  assert.deepEqual(types, {
    "network.json": "application/json",
    "scenario.mp4": "video/mp4",
    "device.log": "text/plain",
    "hierarchy.raw.xml": "application/octet-stream",
    "before.png": "image/png",
    "after.png": "image/png",
    "elements.json": "application/json",
  });
  assert.equal(fail.name, HOSTILE_NAME);
  assert.equal(fail.status, "failed");
  assert.equal(fail.message, `step 1 (tap): ${HOSTILE_REASON}`);
  assert.equal(fail.trace, `step 0 type: ok\nstep 1 tap: FAIL ${HOSTILE_REASON}`);
  const steps = fail.steps as { name: string; status: string }[];
  assert.deepEqual(steps.map((s) => [s.name, s.status]), [
    ["type", "passed"],
    ["tap", "failed"],
    ["wait", "skipped"],
  ]);
  const extra = fail.extra as Record<string, unknown>;
  assert.equal(extra.sid, "01-script-alert-x-script-co");
  assert.deepEqual(extra.alerts, [{ label: "Allow notifications?" }]);
  assert.deepEqual(extra.skipped_captures, [{ kind: "video", reason: "no recorder" }]);
});

Deno.test("ctrf: mime types by artifact kind", () => {
  assert.equal(contentType("video"), "video/mp4");
  assert.equal(contentType("screenshot"), "image/png");
  assert.equal(contentType("deviceLog"), "text/plain");
  assert.equal(contentType("appTrace"), "application/json");
  assert.equal(contentType("waitDiagnostic"), "application/octet-stream");
});

Deno.test("ctrf: matrix run names tests by engine and carries the matrix", () => {
  const doc = ctrfJson(buildManifest(matrixRun())) as Doc;
  assert.deepEqual(doc.results.tests.map((t) => [t.name, t.browser]), [
    ["login [chromium]", "chromium"],
    [`${HOSTILE_NAME} [chromium]`, "chromium"],
    ["login [firefox]", "firefox"],
    [`${HOSTILE_NAME} [firefox]`, "firefox"],
  ]);
  assert.ok(doc.results.extra?.matrix);
});

Deno.test("ctrf: git revision becomes environment.commit", () => {
  const input = smallRun();
  input.provenance = { ...input.provenance, gitRevision: "abc123" };
  assert.deepEqual((ctrfJson(buildManifest(input)) as Doc).results.environment, {
    commit: "abc123",
  });
});

Deno.test("ctrf: re-rendering from the stored manifest is byte-for-byte identical", () => {
  for (const input of [smallRun(), matrixRun()]) {
    const manifest = buildManifest(input);
    const stored = JSON.stringify(manifest, null, 2) + "\n";
    assert.equal(ctrfText(parseManifest(stored)), ctrfText(manifest));
  }
});
