import assert from "node:assert/strict";
import { buildManifest } from "../../src/report/manifest.ts";
import { validateManifest } from "../../src/report/manifest_schema.ts";
import { normalizeManifest } from "../../src/report/load.ts";
import { HOSTILE_NAME, matrixRun, smallRun } from "./fixtures.ts";

const TOP_KEYS = ["schemaVersion", "runId", "ok", "backend", "sourceName", "scenarios"];
const RESULT_KEYS = [
  "scenario",
  "ok",
  "steps",
  "expect_results",
  "failure",
  "artifacts",
  "backend",
  "engine",
  "sid",
  "device",
  "device_name",
  "device_runtime",
  "duration_s",
  "video_anchor_s",
  "expect_alerts",
  "expect_actuations",
  "dropped_expect_actuations",
  "skipped_captures",
  "before_outcomes",
  "after_outcomes",
  "after_verdict",
  "route",
  "attempts",
  "recoveries",
  "skipped_steps",
  "file",
  "description",
  "target",
  "started_at",
];
const STEP_KEYS = [
  "index",
  "action",
  "ok",
  "reason",
  "duration_s",
  "started_at",
  "assertion_results",
  "artifacts",
  "alerts",
  "actuations",
  "dropped_actuations",
  "generated",
  "fired_rules",
  "step_id",
  "selector",
  "line",
  "file",
  "retried",
  "detail",
  "auto_wait",
  "dialogs",
  "waits",
  "latency",
  "overlay",
];
const ACTUATION_KEYS = [
  "gesture",
  "via",
  "unit",
  "points",
  "frame",
  "target",
  "accepted",
  "duration_s",
  "scale",
  "radians",
  "substitution",
];

Deno.test("manifest keys come in the documented order with snake_case bodies", () => {
  const m = buildManifest(smallRun());
  const json = JSON.parse(JSON.stringify(m));
  assert.deepEqual(Object.keys(json), [...TOP_KEYS, "provenance", "latency"]);
  for (const r of json.scenarios) {
    assert.deepEqual(Object.keys(r), RESULT_KEYS);
    for (const s of [...r.steps, ...r.before_outcomes, ...r.after_outcomes]) {
      assert.deepEqual(Object.keys(s), STEP_KEYS);
      for (const a of s.actuations) assert.deepEqual(Object.keys(a), ACTUATION_KEYS);
      for (const a of s.assertion_results) {
        assert.deepEqual(Object.keys(a), ["ok", "kind", "detail", "reason", "visual"]);
      }
    }
  }
});

Deno.test("manifest has no camelCase key inside result bodies", () => {
  const text = JSON.stringify(buildManifest(matrixRun()).scenarios);
  const keys = [...text.matchAll(/"([A-Za-z_]+)":/g)].map((m) => m[1]);
  // Selectors keep the DSL's camelCase (idMatches…); none are used in the fixture.
  assert.deepEqual(keys.filter((k) => /[a-z][A-Z]/.test(k)), []);
});

Deno.test("manifest verdict, backend join, fields and schema", () => {
  const m = buildManifest(smallRun());
  assert.equal(m.schemaVersion, 10);
  assert.equal(m.ok, false);
  assert.equal(m.backend, "fake");
  assert.equal(m.sourceName, "login.yaml");
  const [pass, fail] = m.scenarios;
  assert.equal(pass.steps[0].started_at, 1_714_558_501);
  assert.equal(pass.before_outcomes[0].step_id, "dismiss");
  assert.deepEqual(pass.steps[0].actuations[0].points, [[10, 20]]);
  assert.equal(fail.scenario, HOSTILE_NAME);
  assert.equal(fail.steps[0].generated, "user-42");
  assert.deepEqual(fail.steps[1].alerts, [{ label: "Allow notifications?" }]);
  assert.deepEqual(fail.skipped_steps, [
    { index: 2, action: "wait", step_id: "step2", selector: { id: "done" } },
  ]);
  assert.equal(fail.after_verdict, "error");
  // No startedAt on the after step: derived from the previous step's end.
  assert.equal(fail.after_outcomes[0].started_at, 1_714_558_503.5 + 2);
  assert.equal(m.matrix, undefined);
  assert.deepEqual(validateManifest(JSON.parse(JSON.stringify(m))), []);
});

Deno.test("manifest backend joins distinct per-scenario backends in first-seen order", () => {
  const input = smallRun();
  input.results[1] = { ...input.results[1], backend: "playwright" };
  input.results.push({ ...input.results[0], backend: "fake" });
  assert.equal(buildManifest(input).backend, "fake, playwright");
});

Deno.test("manifest omits an empty provenance", () => {
  const m = buildManifest({ ...smallRun(), provenance: {} });
  assert.equal("provenance" in m, false);
});

Deno.test("matrix block: engines and scenarios first-seen, cells point at engine dirs", () => {
  const m = buildManifest(matrixRun());
  assert.ok(m.matrix);
  assert.deepEqual(m.matrix.engines, ["chromium", "firefox"]);
  assert.deepEqual(m.matrix.scenarios, ["login", HOSTILE_NAME]);
  assert.deepEqual(m.matrix.cells[HOSTILE_NAME].firefox, {
    ok: false,
    sid: "firefox/01-script-alert-x-script-co",
    failure: m.scenarios[3].failure,
  });
  assert.equal(m.matrix.cells[HOSTILE_NAME].chromium.ok, true);
  assert.equal(m.ok, false);
  assert.deepEqual(Object.keys(m).slice(-2), ["matrix", "latency"]);
  assert.deepEqual(validateManifest(JSON.parse(JSON.stringify(m))), []);
});

Deno.test("visual assertion results are written snake_case with every field", () => {
  const input = smallRun();
  input.results[0].result.expectResults = [{
    ok: false,
    kind: "visual",
    detail: "visual: home",
    reason: "diff 3.1% > 1%",
    visual: {
      baselineName: "home",
      baseline: "00-login/visual-baseline.png",
      actual: "00-login/visual-actual.png",
      diffPct: 3.1,
      engine: "pixelmatch",
    },
  }];
  const v = buildManifest(input).scenarios[0].expect_results[0].visual;
  assert.deepEqual(v, {
    baseline_name: "home",
    actual: "00-login/visual-actual.png",
    baseline: "00-login/visual-baseline.png",
    diff: null,
    diff_pct: 3.1,
    missing: false,
    engine: "pixelmatch",
    element_scoped: false,
    masked_selectors: [],
  });
});

Deno.test("schema rejects a camelCase leak and a missing field", () => {
  const m = JSON.parse(JSON.stringify(buildManifest(smallRun())));
  m.scenarios[0].durationS = 1;
  delete m.scenarios[0].steps[0].started_at;
  const problems = validateManifest(m);
  assert.ok(problems.some((p) => p.includes("additional properties")), problems.join("\n"));
  assert.ok(problems.some((p) => p.includes("started_at")), problems.join("\n"));
});

Deno.test("remote sessions: one per attempt in the manifest, schema-valid, read back by the loader", () => {
  const input = smallRun();
  input.results[0] = {
    ...input.results[0],
    remoteSessions: [
      {
        attempt: 1,
        endpoint: "https://hub-cloud.browserstack.com/wd/hub",
        sessionId: "0f3c",
        sessionUrl: "https://app-automate.browserstack.com/dashboard/v2/sessions/0f3c",
      },
      {
        attempt: 2,
        endpoint: "https://hub-cloud.browserstack.com/wd/hub",
        sessionId: "9a1b",
        sessionUrl: null,
      },
    ],
  };
  const m = buildManifest(input);
  const expected = [
    {
      attempt: 1,
      endpoint: "https://hub-cloud.browserstack.com/wd/hub",
      session_id: "0f3c",
      session_url: "https://app-automate.browserstack.com/dashboard/v2/sessions/0f3c",
    },
    {
      attempt: 2,
      endpoint: "https://hub-cloud.browserstack.com/wd/hub",
      session_id: "9a1b",
      session_url: null,
    },
  ];
  assert.deepEqual(m.scenarios[0].remote_sessions, expected);
  assert.equal(m.scenarios[1].remote_sessions, undefined, "a local scenario has none");
  const json = JSON.parse(JSON.stringify(m));
  assert.deepEqual(validateManifest(json), []);
  assert.deepEqual(normalizeManifest(json).scenarios[0].remote_sessions, expected);
});

Deno.test("boot attempts: each step of a boot that needed recovering, schema-valid, read back by the loader", () => {
  const input = smallRun();
  const udid = "6B2B7A8E-1C55-4F0E-9D3A-2E7C1F0B9A11";
  input.results[0] = {
    ...input.results[0],
    bootAttempts: [
      {
        attempt: 1,
        device: udid,
        command: "boot",
        ok: false,
        exitCode: 60,
        detail: "xcrun simctl boot … failed (exit 60): … launchd failed to respond.",
      },
      { attempt: 1, device: udid, command: "bootstatus -b", ok: true, exitCode: null, detail: "" },
    ],
  };
  const m = buildManifest(input);
  const expected = [
    {
      attempt: 1,
      device: udid,
      command: "boot",
      ok: false,
      exit_code: 60,
      detail: "xcrun simctl boot … failed (exit 60): … launchd failed to respond.",
    },
    { attempt: 1, device: udid, command: "bootstatus -b", ok: true, exit_code: null, detail: "" },
  ];
  assert.deepEqual(m.scenarios[0].boot_attempts, expected);
  assert.equal(m.scenarios[1].boot_attempts, undefined, "a scenario whose boots went through");
  const json = JSON.parse(JSON.stringify(m));
  assert.deepEqual(validateManifest(json), []);
  assert.deepEqual(normalizeManifest(json).scenarios[0].boot_attempts, expected);
  json.scenarios[0].boot_attempts[0].exit_code = "60";
  assert.ok(validateManifest(json).some((p) => p.includes("exit_code")));
});

Deno.test("manifest: the launch gate and expect's re-reads are scenario waits, absent when unknown", () => {
  const input = smallRun();
  const r = input.results[0].result;
  r.launch = {
    kind: "launch",
    signal: "readyWhen",
    endedBy: "condition",
    reads: 5,
    seconds: 0.4,
    timeoutS: 10,
  };
  r.expectWaits = [{
    kind: "assert-retry",
    endedBy: "readOnce",
    reads: 3,
    seconds: 0.1,
    timeoutS: 5,
  }];
  const m = buildManifest(input);
  const [withWaits, without] = m.scenarios;
  assert.deepEqual(withWaits.launch, {
    kind: "launch",
    ended_by: "condition",
    reads: 5,
    seconds: 0.4,
    timeout_s: 10,
    stable_reads: null,
    watcher_acts: 0,
    watcher_removed: 0,
    signal: "readyWhen",
  });
  assert.deepEqual(withWaits.expect_waits?.map((w) => [w.kind, w.ended_by, w.reads]), [
    ["assert-retry", "readOnce", 3],
  ]);
  assert.equal("launch" in without, false);
  assert.equal("expect_waits" in without, false);
  const stored = JSON.parse(JSON.stringify(m));
  assert.deepEqual(validateManifest(stored), []);
  const back = normalizeManifest(stored).scenarios[0];
  assert.deepEqual(back.launch, withWaits.launch);
  assert.deepEqual(back.expect_waits, withWaits.expect_waits);
});
