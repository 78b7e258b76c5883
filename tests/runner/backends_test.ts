/** Backend selection as the run sees it: registry failures are usage errors (exit 2). */
import assert from "node:assert/strict";
import { join } from "node:path";
import { backendFor, UsageError } from "../../src/runner/backends.ts";
import { runCommand } from "../../src/runner/pipeline.ts";
import { BackendUnavailable } from "../../src/drivers/backend.ts";
import type { Effective } from "../../src/config/effective.ts";
import { CancelSource } from "../../src/time/cancel.ts";

const FIXTURE = new URL("../fixtures/fake_target/", import.meta.url).pathname;

Deno.test("backendFor turns a registry refusal into a UsageError with the same message", async () => {
  const eff = {
    target: "app",
    platform: "fake",
    app: {
      platform: "fake",
      app: new URL("../fixtures/fake_apps/login_app.yaml", import.meta.url).pathname,
    },
  } as Partial<Effective> as Effective;
  const err = await backendFor(eff, { workers: 1, backend: ["adb"] }).catch((e) => e);
  assert.ok(err instanceof UsageError);
  assert.equal(err.code, "E_USAGE");
  assert.ok(err.cause instanceof BackendUnavailable);
  assert.match(err.message, /^no available actuator among \[adb\] for platform fake/);
  assert.equal((await backendFor(eff, { workers: 1 })).actuator, "fake");
});

Deno.test("run --backend remote on a fake target exits 2 before any report, saying what remote drives", async () => {
  const runsDir = await Deno.makeTempDir({ prefix: "bajutsu-run-" });
  try {
    const out: string[] = [], err: string[] = [];
    const code = await runCommand({
      configPath: join(FIXTURE, "bajutsu.config.yaml"),
      scenarios: [],
      tags: [],
      exclude: [],
      runsDir,
      workers: 1,
      backend: ["remote"],
    }, {
      stdout: (l) => out.push(l),
      stderr: (l) => err.push(l),
      progress: { line: (l) => err.push(l), live: () => {} },
      env: () => undefined,
      color: false,
      cancel: new CancelSource(),
    });
    assert.equal(code, 2);
    assert.deepEqual(out, []);
    assert.match(
      err.join("\n"),
      /^the remote backend drives iOS and Android targets; target app is fake$/m,
    );
    assert.deepEqual([...Deno.readDirSync(runsDir)], [], "no run folder");
  } finally {
    await Deno.remove(runsDir, { recursive: true });
  }
});
