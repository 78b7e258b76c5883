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
    backend: ["fake"],
    app: {
      platform: "fake",
      app: new URL("../fixtures/fake_apps/login_app.yaml", import.meta.url).pathname,
    },
  } as Partial<Effective> as Effective;
  const err = await backendFor(eff, { workers: 1, backend: ["webdriver"] }).catch((e) => e);
  assert.ok(err instanceof UsageError);
  assert.equal(err.code, "E_USAGE");
  assert.ok(err.cause instanceof BackendUnavailable);
  assert.match(err.message, /webdriver: not available in this build/);
  assert.equal((await backendFor(eff, { workers: 1 })).actuator, "fake");
});

Deno.test("run --backend remote exits 2 before any report, saying it is not in this build", async () => {
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
      cwd: Deno.cwd(),
      color: false,
      cancel: new CancelSource(),
    });
    assert.equal(code, 2);
    assert.deepEqual(out, []);
    assert.match(
      err.join("\n"),
      /^no available actuator among \[webdriver\] for platform fake \(requested \[remote\]\): webdriver: not available in this build; available in this build: fake \(fake targets\), playwright \(web targets\)$/m,
    );
    assert.deepEqual([...Deno.readDirSync(runsDir)], [], "no run folder");
  } finally {
    await Deno.remove(runsDir, { recursive: true });
  }
});

Deno.test("run: the config's backend list picks the backend unless --backend is given", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-backend-" });
  try {
    const config = join(dir, "bajutsu.config.yaml");
    await Deno.writeTextFile(
      config,
      `targets:
  app:
    platform: fake
    backend: [remote]
    app: ${join(FIXTURE, "../fake_apps/login_app.yaml")}
    scenarios: ${join(FIXTURE, "scenarios")}
    readyWhen: { id: getStarted }
    secrets: [LOGIN_PASSWORD]
`,
    );
    const run = async (backend?: string[]) => {
      const out: string[] = [], err: string[] = [];
      const code = await runCommand({
        configPath: config,
        scenarios: [],
        tags: ["smoke"],
        exclude: [],
        runsDir: join(dir, "runs"),
        workers: 1,
        backend,
      }, {
        stdout: (l) => out.push(l),
        stderr: (l) => err.push(l),
        progress: { line: (l) => err.push(l), live: () => {} },
        env: (k) => k === "LOGIN_PASSWORD" ? "hunter2" : undefined,
        cwd: dir,
        color: false,
        cancel: new CancelSource(),
      });
      return { code, out, err: err.join("\n") };
    };
    const fromConfig = await run();
    assert.equal(fromConfig.code, 2);
    assert.match(
      fromConfig.err,
      /\(requested \[remote\]\): webdriver: not available in this build/,
    );
    const fromFlag = await run(["fake"]);
    assert.equal(fromFlag.code, 0, fromFlag.err);
    assert.match(fromFlag.out.at(-1)!, /^PASS {2}runs\/\d{8}-\d{6}\/manifest\.json$/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
