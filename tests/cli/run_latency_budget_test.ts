/**
 * `latencyBudget.stepP95` (docs/configuration.md#latencybudget): a run whose step p95 is above
 * the budget fails with one stderr line and exit 1, the manifest records the verdict; without a
 * budget nothing is judged.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FAKE_TARGET, runFake, tempDir } from "./run_fixture.ts";

async function withBudget(
  budget: string | null,
  fn: (config: string, runs: string) => Promise<void>,
) {
  const { dir, cleanup } = await tempDir();
  try {
    const config = join(dir, "bajutsu.config.yaml");
    await Deno.writeTextFile(
      config,
      [
        "targets:",
        "  slow:",
        "    platform: fake",
        `    app: ${join(FAKE_TARGET, "slow_app.yaml")}`,
        `    scenarios: ${join(FAKE_TARGET, "slow")}`,
        ...(budget === null ? [] : [`    latencyBudget: { stepP95: ${budget} }`]),
        "",
      ].join("\n"),
    );
    await fn(config, join(dir, "runs"));
  } finally {
    await cleanup();
  }
}

const S1 = join(FAKE_TARGET, "slow", "s1.yaml");

Deno.test("a step p95 above latencyBudget fails the run: stderr line, FAIL, exit 1", async () => {
  // Every fake call takes 15 ms, so no step is faster than 1 ms.
  await withBudget("1", async (configPath, runsDir) => {
    const r = await runFake({ configPath, runsDir, scenarios: [S1] });
    assert.equal(r.code, 1);
    assert.match(r.out.at(-1)!, /^FAIL {2}/);
    const line = r.err.find((l) => l.startsWith("E_LATENCY_BUDGET "));
    assert.ok(line, r.err.join("\n"));
    assert.match(
      line,
      /latency budget exceeded: step p95 \d+ ms over \d+ steps is above latencyBudget\.stepP95 1 ms/,
    );
    const m = r.manifest as unknown as {
      ok: boolean;
      latency: { budget: { ok: boolean; step_p95_s: number } };
    };
    assert.equal(m.ok, false);
    assert.equal(m.latency.budget.ok, false);
    assert.equal(m.latency.budget.step_p95_s, 0.001);
    assert.equal(
      (r.manifest!.scenarios[0] as { ok: boolean }).ok,
      true,
      "the scenario itself passed",
    );
  });
});

Deno.test("within latencyBudget, or without one, the run passes", async () => {
  await withBudget("'60s'", async (configPath, runsDir) => {
    const r = await runFake({ configPath, runsDir, scenarios: [S1] });
    assert.equal(r.code, 0, r.err.join("\n"));
    const m = r.manifest as unknown as { ok: boolean; latency: { budget: { ok: boolean } } };
    assert.equal(m.latency.budget.ok, true);
  });
  await withBudget(null, async (configPath, runsDir) => {
    const r = await runFake({ configPath, runsDir, scenarios: [S1] });
    assert.equal(r.code, 0, r.err.join("\n"));
    const m = r.manifest as unknown as { latency: { budget: unknown; steps: number } };
    assert.equal(m.latency.budget, null);
    assert.ok(m.latency.steps >= 5);
  });
});
