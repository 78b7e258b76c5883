/**
 * `bajutsu run --repeat N` / `--retries N` as real processes on the fake backend, with a fake app
 * whose `launchCycle` makes the scenario `flaky go` fail every other launch
 * (docs/cli.md#repeat-and-retries, docs/reports.md#flakiness, docs/backends.md#fake).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { validateManifest } from "../../src/report/manifest_schema.ts";
import { runConfigProcess } from "./run_fixture.ts";

/**
 * A fake target in a fresh folder: `steady` passes on either launch screen, `flaky go` taps a
 * button only the `ready` screen has. `cycle` is the launch screens' order.
 */
async function flakyTarget(cycle: string[] = ["ready", "broken"]) {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-repeat-" });
  await Deno.writeTextFile(
    join(dir, "app.yaml"),
    `initial: ready
screens:
  ready:
    - { id: title, label: Ready, traits: [staticText], frame: [20, 100, 350, 44] }
    - { id: go, label: Go, traits: [button], frame: [20, 200, 350, 44] }
  broken:
    - { id: title, label: Oops, traits: [staticText], frame: [20, 100, 350, 44] }
    - { id: banner, label: Try later, traits: [staticText], frame: [20, 200, 350, 44] }
launchCycle:
  counter: launches.json
  initial: [${cycle.join(", ")}]
`,
  );
  await Deno.writeTextFile(
    join(dir, "bajutsu.config.yaml"),
    "targets:\n  app:\n    platform: fake\n    app: app.yaml\n    scenarios: scenarios\n",
  );
  await Deno.mkdir(join(dir, "scenarios"));
  await Deno.writeTextFile(
    join(dir, "scenarios", "s.yaml"),
    `schema: 1
scenarios:
  - name: steady
    steps:
      - wait: { for: { id: title }, timeout: 1 }
  - name: flaky go
    steps:
      - tap: { id: go }
`,
  );
  return {
    config: join(dir, "bajutsu.config.yaml"),
    runs: join(dir, "runs"),
    cleanup: () => Deno.remove(dir, { recursive: true }),
  };
}

type Json = Record<string, unknown>;

/** The run folder of a run's stdout (its verdict line names the manifest). */
function runDirOf(stdout: string[]): string {
  const m = /^(?:PASS|FAIL) {2}(.*)\/manifest\.json$/.exec(stdout.at(-1) ?? "");
  assert.ok(m, `no verdict line in ${stdout.join("\n")}`);
  return m[1];
}

/** The `▶` lines: the order attempts were dispatched in. */
const dispatchOrder = (stderr: string) => stderr.split("\n").filter((l) => l.startsWith("▶"));

Deno.test("run --repeat 4: a scenario failing every other attempt is flaky in every report, exit 1", async () => {
  const t = await flakyTarget();
  try {
    const r = await runConfigProcess(t.config, t.runs, ["--repeat", "4", "--seed", "7"]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stderr,
      /^repeat: each scenario 4 times, seed 7 \(replay this order with --seed 7\)$/m,
    );
    assert.equal(dispatchOrder(r.stderr).length, 8);
    assert.ok(r.stdout.includes("stable-pass  steady: 4 passed, 0 failed of 4, flip rate 0.00"));
    assert.ok(r.stdout.includes("flaky        flaky go: 2 passed, 2 failed of 4, flip rate 1.00"));
    assert.ok(r.stdout.includes('  - step 0 (tap): no match: {"id":"go"}'));
    assert.match(r.stdout.at(-1)!, /^FAIL {2}/);

    const m = r.manifest as unknown as Json & { scenarios: Json[]; flakiness: Json };
    assert.deepEqual(validateManifest(m), []);
    assert.equal(m.ok, false);
    assert.equal(m.scenarios.length, 8);
    const flaky = m.scenarios.filter((s) => s.scenario === "flaky go");
    assert.deepEqual(flaky.map((s) => [s.repetition, s.ok]), [
      [1, true],
      [2, false],
      [3, true],
      [4, false],
    ]);
    const groups = m.flakiness.scenarios as Json[];
    assert.deepEqual(
      groups.map((g) => [g.scenario, g.verdict, g.passes, g.fails, g.flip_rate]),
      [["steady", "stable-pass", 4, 0, 0], ["flaky go", "flaky", 2, 2, 1]],
    );
    assert.deepEqual(groups[1].failed_sids, ["01-flaky-go-attempt-2", "01-flaky-go-attempt-4"]);

    // Each attempt has its own evidence folder.
    const dir = runDirOf(r.stdout);
    for (const s of m.scenarios) {
      assert.ok((await Deno.stat(join(dir, s.sid as string))).isDirectory, `${s.sid}`);
    }

    const junit = await Deno.readTextFile(join(dir, "junit.xml"));
    assert.match(junit, /^<testsuite name="bajutsu" tests="2" failures="1">/);
    const flakyCase = /<testcase name="flaky go"[^>]*>.*?<\/testcase>/s.exec(junit)![0];
    assert.ok(flakyCase.includes('<property name="flaky" value="true" />'));
    assert.ok(flakyCase.includes('<property name="flip_rate" value="1.00" />'));
    assert.ok(flakyCase.includes('<failure message="flaky: 2 of 4 attempts failed: '));
    const steadyCase = /<testcase name="steady"[^>]*>.*?<\/testcase>/s.exec(junit)![0];
    assert.ok(steadyCase.includes('<property name="flaky" value="false" />'));
    assert.ok(!steadyCase.includes("<failure"));

    const ctrf = JSON.parse(await Deno.readTextFile(join(dir, "ctrf.json")));
    const tests = ctrf.results.tests as Json[];
    assert.deepEqual(tests.map((x) => [x.name, x.status, x.flaky, x.retries]), [
      ["steady", "passed", false, 3],
      ["flaky go", "failed", true, 3],
    ]);
    assert.equal((tests[1].retryAttempts as Json[]).length, 3);
    assert.deepEqual(ctrf.results.summary.failed, 1);

    const html = await Deno.readTextFile(join(dir, "report.html"));
    assert.ok(html.includes('<span class="chip flaky">1 flaky</span>'));
    assert.ok(html.includes('<span class="badge flaky">flaky</span>'));
    // The failing attempts' blocks are one click away from the flakiness table.
    const failedBlock = m.scenarios.findIndex((s) => s.sid === "01-flaky-go-attempt-2");
    assert.ok(
      html.includes(
        `<a class="fail" href="#s${failedBlock}" title="01-flaky-go-attempt-2">2 ✘</a>`,
      ),
    );
  } finally {
    await t.cleanup();
  }
});

Deno.test("run --repeat: the same --seed replays the same dispatch order, another seed another", async () => {
  const orders: string[][] = [];
  for (const seed of ["7", "7", "8"]) {
    const t = await flakyTarget();
    try {
      const r = await runConfigProcess(t.config, t.runs, ["--repeat", "3", "--seed", seed]);
      assert.equal(r.code, 1, r.stderr);
      orders.push(dispatchOrder(r.stderr));
    } finally {
      await t.cleanup();
    }
  }
  assert.deepEqual(orders[0], orders[1]);
  assert.notDeepEqual(orders[0], orders[2]);
});

Deno.test("run --repeat without --seed prints the seed it drew", async () => {
  const t = await flakyTarget();
  try {
    const r = await runConfigProcess(t.config, t.runs, ["--repeat", "1"]);
    const m = /^repeat: each scenario 1 time, seed (\d+) \(replay this order with --seed \1\)$/m
      .exec(r.stderr);
    assert.ok(m, r.stderr);
    assert.equal((r.manifest as unknown as { flakiness: Json }).flakiness.seed, Number(m[1]));
    // One attempt each: flaky go's first launch shows the ready screen.
    assert.equal(r.code, 0, r.stderr);
  } finally {
    await t.cleanup();
  }
});

Deno.test("run --retries 2: a failure turned into a pass is recorded as flaky, never a plain pass (exit 1)", async () => {
  const t = await flakyTarget(["broken", "ready"]);
  try {
    const r = await runConfigProcess(t.config, t.runs, ["--retries", "2"]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stderr,
      /^↻ flaky go: failed; running it again on a fresh lease \(attempt 2\/3\)$/m,
    );
    assert.ok(r.stdout.includes("stable-pass  steady: 1 passed, 0 failed of 1, flip rate 0.00"));
    assert.ok(r.stdout.includes("flaky        flaky go: 1 passed, 1 failed of 2, flip rate 1.00"));
    const m = r.manifest as unknown as Json & { scenarios: Json[]; flakiness: Json };
    assert.deepEqual(validateManifest(m), []);
    assert.deepEqual(
      [m.flakiness.mode, m.flakiness.count, m.flakiness.seed],
      ["retries", 2, null],
    );
    assert.deepEqual(
      m.scenarios.map((s) => [s.sid, s.ok]),
      [["00-steady-attempt-1", true], ["01-flaky-go-attempt-1", false], [
        "01-flaky-go-attempt-2",
        true,
      ]],
    );
    const ctrf = JSON.parse(await Deno.readTextFile(join(runDirOf(r.stdout), "ctrf.json")));
    const flaky = (ctrf.results.tests as Json[]).find((x) => x.name === "flaky go")!;
    assert.deepEqual([flaky.status, flaky.flaky, flaky.retries], ["failed", true, 1]);
  } finally {
    await t.cleanup();
  }
});

Deno.test("run: --repeat with --retries, --seed without --repeat and --repeat 0 are usage errors", async () => {
  const t = await flakyTarget();
  try {
    for (
      const [flags, text] of [
        [
          ["--repeat", "2", "--retries", "1"],
          "E_CLI_OPTION --retries must be left out when --repeat is given",
        ],
        [["--seed", "3"], "E_CLI_OPTION --seed must be given with --repeat"],
        [["--repeat", "0"], "E_CLI_OPTION --repeat must be an integer from 1 to 100"],
        [["--retries", "11"], "E_CLI_OPTION --retries must be an integer from 1 to 10"],
      ] as const
    ) {
      const r = await runConfigProcess(t.config, t.runs, [...flags]);
      assert.equal(r.code, 2, flags.join(" "));
      assert.ok(r.stderr.includes(text), r.stderr);
      assert.equal(r.manifest, null);
    }
  } finally {
    await t.cleanup();
  }
});

Deno.test("report --all: each scenario's flip rate across the runs, on stdout and the runs page", async () => {
  const t = await flakyTarget();
  try {
    // Plain runs: flaky go passes, fails, passes (one launch each); steady always passes.
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await runConfigProcess(t.config, t.runs)).code);
    assert.deepEqual(codes, [0, 1, 0]);
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts", "report", "--all", "--runs", t.runs],
      cwd: new URL("../../", import.meta.url).pathname,
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stdout = new TextDecoder().decode(out.stdout).trim().split("\n");
    assert.equal(out.code, 1);
    assert.deepEqual(stdout.filter((l) => l.startsWith("flip rate")), [
      "flip rate 1.00  flaky go (2 flips over 3 runs, 2 passed)",
      "flip rate 0.00  steady (0 flips over 3 runs, 3 passed)",
    ]);
    const index = await Deno.readTextFile(join(t.runs, "index.html"));
    assert.ok(index.includes("Flip rate across runs"));
    assert.ok(index.includes("<tr><td>flaky go</td><td>1.00</td><td>2</td><td>2/3</td></tr>"));
  } finally {
    await t.cleanup();
  }
});
