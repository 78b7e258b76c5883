import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../../src/cli/program.ts";

async function cli(args: string[]) {
  const out: string[] = [], err: string[] = [];
  const code = await runCli(args, { stdout: (l) => out.push(l), stderr: (l) => err.push(l) });
  return { code, out, err };
}

const step = (over: Record<string, unknown>) => ({
  index: 0,
  action: "tap",
  ok: true,
  reason: "",
  duration_s: 0.25,
  started_at: 1000.5,
  selector: { id: "login.submit" },
  waits: [],
  ...over,
});

/** A stored run: the steps' offsets are from the scenario's start at epoch 1000. */
const MANIFEST = {
  schemaVersion: 10,
  runId: "20260101-120000",
  ok: false,
  backend: "fake",
  scenarios: [
    {
      scenario: "log in",
      ok: false,
      backend: "fake",
      started_at: 1000,
      duration_s: 3.5,
      failure: 'step 1 (wait): wait timeout: for {"id":"home"} (2s)',
      steps: [
        step({}),
        step({
          index: 1,
          action: "wait",
          ok: false,
          reason: "wait timeout\n::error::forged",
          started_at: 1001,
          duration_s: 2,
          selector: { id: "home" },
          waits: [{
            kind: "for",
            ended_by: "timeout",
            reads: 41,
            seconds: 2,
            timeout_s: 2,
            stable_reads: null,
            watcher_acts: 0,
            watcher_removed: 0,
          }],
        }),
      ],
      skipped_steps: [{ index: 2, action: "tap", step_id: "step2", selector: { id: "x" } }],
      recoveries: [{
        attempt: 1,
        crash: "app crashed",
        forced_erase: true,
        replace_device: false,
        retried: true,
      }],
    },
    { scenario: "sign out", ok: true, backend: "fake", started_at: 2000, duration_s: 1, steps: [] },
  ],
};

async function runsWith(manifests: [string, unknown][]) {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-trace-" });
  for (const [id, m] of manifests) {
    await Deno.mkdir(join(dir, id), { recursive: true });
    if (m !== null) await Deno.writeTextFile(join(dir, id, "manifest.json"), JSON.stringify(m));
  }
  return { dir, [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }) };
}

Deno.test("trace: the newest run's timeline: offsets, durations, selectors, waits, skips, recoveries", async () => {
  await using runs = await runsWith([
    ["20260101-110000", { ...MANIFEST, runId: "20260101-110000" }],
    ["20260101-120000", MANIFEST],
    ["20260101-130000", null], // no manifest: not a run to show
  ]);
  const r = await cli(["trace", "--runs-dir", runs.dir]);
  assert.equal(r.code, 0, r.err.join("\n"));
  assert.deepEqual(r.out.slice(0, 10), [
    "run 20260101-120000 · FAIL · backend fake",
    "",
    "▸ log in · FAIL · fake · 3.500s",
    '     +0.500s   0.250s ✓ step 0 tap {"id":"login.submit"}',
    '     +1.000s   2.000s ✗ step 1 wait {"id":"home"}: wait timeout\\n::error::forged',
    "                      wait for: ended by timeout after 2.000s (41 reads, timeout 2s)",
    '                      - step 2 tap {"id":"x"}: not run',
    "  recovery: attempt 1 crashed: app crashed → retried with erase",
    '  failure: step 1 (wait): wait timeout: for {"id":"home"} (2s)',
    "",
  ]);
  assert.equal(r.out[10], "▸ sign out · PASS · fake · 1.000s");
});

Deno.test("trace: --scenario filters by name; a named run dir is read as given", async () => {
  await using runs = await runsWith([["20260101-120000", MANIFEST]]);
  const r = await cli(["trace", join(runs.dir, "20260101-120000"), "--scenario", "SIGN"]);
  assert.equal(r.code, 0);
  assert.deepEqual(r.out, [
    "run 20260101-120000 · FAIL · backend fake",
    "",
    "▸ sign out · PASS · fake · 1.000s",
  ]);
});

Deno.test("trace: no run is exit 2 with one line", async () => {
  await using runs = await runsWith([]);
  const none = await cli(["trace", "--runs-dir", runs.dir]);
  assert.equal(none.code, 2);
  assert.deepEqual(none.err, [`trace: no run found under ${runs.dir}/`]);
  const missing = await cli(["trace", join(runs.dir, "nope")]);
  assert.equal(missing.code, 2);
  await Deno.writeTextFile(join(runs.dir, "manifest.json"), "{not json");
  const broken = await cli(["trace", runs.dir]);
  assert.equal(broken.code, 2);
  assert.match(broken.err[0], /^trace: E_\w+ .*not JSON/);
});

Deno.test("trace --explain: counts action rules over every step, flags heavy broad rules", async () => {
  await using runs = await runsWith([]);
  const file = join(runs.dir, "s.yaml");
  await Deno.writeTextFile(
    file,
    [
      "- name: checkout",
      "  capturePolicy:",
      "    - on: { action: tap }",
      "      capture: [video]",
      "    - on: { action: tap, idMatches: 'cart.*' }",
      "      capture: [elements]",
      "    - on: { result: error }",
      "      capture: [deviceLog]",
      "  steps:",
      "    - tap: { id: cart.add }",
      "    - type: { into: { id: q }, text: x }",
      "    - if:",
      "        condition: { exists: { id: promo } }",
      "        then:",
      "          - tap: { id: promo.close }",
      "- name: other",
      "  steps:",
      "    - tap: { id: a }",
    ].join("\n"),
  );
  const r = await cli(["trace", "--explain", file]);
  assert.equal(r.code, 0, r.err.join("\n"));
  assert.deepEqual(r.out, [
    "scenario: checkout",
    "  action=tap: fires 2× [video] ⚠ heavy capture (video) on a broad rule: narrow its match",
    "    step 0 tap cart.add",
    "    step 2.then[0] tap promo.close",
    "  action=tap idMatches=cart.*: fires 1× [elements]",
    "    step 0 tap cart.add",
    "  result=error: fires at run time [deviceLog]",
    "scenario: other",
    "  (no capturePolicy rules)",
  ]);
  const bad = await cli(["trace", "--explain", join(runs.dir, "missing.yaml")]);
  assert.equal(bad.code, 2);
  assert.equal(bad.err.length, 1);
});
