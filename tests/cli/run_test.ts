import assert from "node:assert/strict";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { runCommand } from "../../src/runner/pipeline.ts";
import type { RunRequest } from "../../src/runner/run_request.ts";
import { validateManifest } from "../../src/report/manifest_schema.ts";
import { CancelSource } from "../../src/time/cancel.ts";
import { MAX_SCENARIOS_PER_RUN } from "../../src/scenario/input_limits.ts";

const FIXTURE = new URL("../fixtures/fake_target/", import.meta.url).pathname;

/** What a run printed and wrote; disposing it removes the runs folder `run` made for it. */
interface Captured extends AsyncDisposable {
  code: number;
  out: string[];
  err: string[];
  manifest: Record<string, unknown> & { scenarios: Array<Record<string, unknown>> };
  runDir: string;
}

async function run(
  req: Partial<RunRequest>,
  env: Record<string, string> = {},
  cancel = new CancelSource(),
): Promise<Captured> {
  const ownRunsDir = req.runsDir === undefined;
  const runsDir = req.runsDir ?? await Deno.makeTempDir({ prefix: "bajutsu-run-" });
  const out: string[] = [], err: string[] = [];
  const code = await runCommand({
    configPath: join(FIXTURE, "bajutsu.config.yaml"),
    scenarios: [],
    tags: [],
    exclude: [],
    runsDir,
    workers: 1,
    ...req,
  }, {
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    progress: { line: (l) => err.push(l), live: () => {} },
    env: (k) => ({ LOGIN_PASSWORD: "hunter2", ...env })[k],
    cwd: Deno.cwd(),
    color: false,
    cancel,
  });
  const last = out.at(-1) ?? "";
  const path = last.replace(/^(PASS|FAIL) {2}/, "");
  let manifest = { scenarios: [] } as Captured["manifest"];
  if (/^(PASS|FAIL) {2}/.test(last)) manifest = JSON.parse(await Deno.readTextFile(path));
  return {
    code,
    out,
    err,
    manifest,
    runDir: path.replace(/\/manifest\.json$/, ""),
    [Symbol.asyncDispose]: async () => {
      if (ownRunsDir) await Deno.remove(runsDir, { recursive: true });
    },
  };
}

Deno.test("run: a passing fake suite exits 0, prints PASS and a valid manifest", async () => {
  await using r = await run({ exclude: ["broken"] });
  assert.equal(r.code, 0, r.err.join("\n"));
  assert.match(r.out.at(-1)!, /^PASS {2}.*manifest\.json$/);
  assert.deepEqual(validateManifest(r.manifest), []);
  assert.deepEqual(r.manifest.scenarios.map((s) => s.scenario), [
    "log in",
    "wrong password shows an error",
  ]);
  // Each scenario names the target it ran on (a merged report shows it per scenario).
  assert.deepEqual(r.manifest.scenarios.map((s) => s.target), ["app", "app"]);
  assert.ok(r.err.some((l) => /^✔ scenario 1\/2: log in \(\d+\.\d+s\)$/.test(l)), r.err.join("\n"));
  for (const f of ["junit.xml", "ctrf.json", "report.html", "scenario.yaml"]) {
    assert.ok((await Deno.stat(join(r.runDir, f))).isFile, f);
  }
  assert.ok((await Deno.stat(join(r.runDir, "00-log-in/step0/after.png"))).isFile);
  // The fake app's login request lands in the scenario's network.json, with an absolute time.
  const artifacts = r.manifest.scenarios[0].artifacts as { name: string; kind: string }[];
  assert.deepEqual(artifacts.map((a) => [a.name, a.kind]), [["00-log-in/network.json", "network"]]);
  const exchanges = JSON.parse(await Deno.readTextFile(join(r.runDir, "00-log-in/network.json")));
  assert.equal(exchanges[0].method, "POST");
  assert.equal(exchanges[0].status, 200);
  assert.ok(exchanges[0].startedAt > 1_700_000_000, "startedAt is an epoch instant");
});

Deno.test("run: a failing scenario exits 1 with FAIL and the failure string in manifest and JUnit", async () => {
  await using r = await run({ tags: ["broken"] });
  assert.equal(r.code, 1);
  assert.match(r.out.at(-1)!, /^FAIL {2}/);
  const failure =
    'step 5 (assert): label {"id":"counterLabel"}: expected equals="Count: 5" but actual="Count: 1"';
  assert.equal(r.manifest.scenarios[0].failure, failure);
  const junit = new XMLParser({ ignoreAttributes: false }).parse(
    await Deno.readTextFile(join(r.runDir, "junit.xml")),
  );
  assert.equal(junit.testsuite["@_failures"], "1");
  assert.equal(junit.testsuite.testcase.failure["@_message"], failure);
});

Deno.test("run: a mixed suite keeps declaration order and exits 1", async () => {
  await using r = await run({});
  assert.equal(r.code, 1);
  assert.deepEqual(r.manifest.scenarios.map((s) => [s.scenario, s.ok]), [
    ["counter reads five", false],
    ["log in", true],
    ["wrong password shows an error", true],
  ]);
});

Deno.test("run: --workers 2 runs lanes in parallel and keeps declaration order", async () => {
  await using r = await run({ workers: 2 });
  assert.equal(r.code, 1);
  assert.deepEqual(
    r.manifest.scenarios.map((s) => [s.scenario, s.sid, s.device]).map((x) => x.slice(0, 2)),
    [
      ["counter reads five", "00-counter-reads-five"],
      ["log in", "01-log-in"],
      ["wrong password shows an error", "02-wrong-password-shows-an-error"],
    ],
  );
  const lanes = new Set(r.manifest.scenarios.map((s) => s.device));
  assert.deepEqual([...lanes].sort(), ["fake-0", "fake-1"]);
});

Deno.test("run: secrets never reach the evidence", async () => {
  await using r = await run({
    scenarios: [join(FIXTURE, "scenarios/login.yaml")],
    tags: ["smoke"],
  });
  assert.equal(r.code, 0, r.err.join("\n"));
  const tree = await Deno.readTextFile(join(r.runDir, "00-log-in/step3/elements.json"));
  assert.ok(!tree.includes("hunter2"), "the typed secret is masked in elements.json");
  assert.ok(tree.includes("[REDACTED]"));
});

Deno.test("run: usage and config errors exit 2 before any report", async (t) => {
  const dir = await Deno.makeTempDir();
  const bad = join(dir, "bad.yaml");
  await Deno.writeTextFile(bad, "targets:\n  app:\n    platform: fake\n    ap: x.yaml\n");
  await t.step("bad config names file:line:col", async () => {
    await using r = await run({ configPath: bad });
    assert.equal(r.code, 2);
    assert.ok(r.err.some((l) => /bad\.yaml:4:5: E_UNKNOWN_KEY/.test(l)), r.err.join("\n"));
    assert.equal(r.out.length, 0);
  });
  await t.step("unknown target", async () => {
    await using r = await run({ target: "nope" });
    assert.equal(r.code, 2);
    assert.match(r.err.join("\n"), /nope/);
  });
  await t.step("missing scenario path", async () => {
    await using r = await run({ scenarios: [join(dir, "missing.yaml")] });
    assert.equal(r.code, 2);
    assert.match(r.err.join("\n"), /not found/);
  });
  await t.step("a tag selection that matches nothing", async () => {
    await using r = await run({ tags: ["no-such-tag"] });
    assert.equal(r.code, 2);
  });
  await t.step("a scenario load error prints in lint format", async () => {
    const broken = join(dir, "broken.yaml");
    await Deno.writeTextFile(broken, "- name: x\n  steps:\n    - tapp: { id: a }\n");
    await using r = await run({ scenarios: [broken] });
    assert.equal(r.code, 2);
    assert.ok(r.err.some((l) => /broken\.yaml:3:\d+: E_/.test(l)), r.err.join("\n"));
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("run: GitHub Actions annotations point at the failing step's line", async () => {
  await using r = await run({ tags: ["broken"] }, { GITHUB_ACTIONS: "true" });
  const ann = r.out.find((l) => l.startsWith("::error "));
  assert.ok(ann, r.out.join("\n"));
  assert.match(ann!, /^::error file=[^,]*broken\.yaml,line=9::step 5 \(assert\)/);
});

Deno.test("run: shards split the suite deterministically and together cover it", async () => {
  await using a = await run({ shard: { index: 1, count: 2 } });
  await using b = await run({ shard: { index: 2, count: 2 } });
  const names = [...a.manifest.scenarios, ...b.manifest.scenarios].map((s) => s.scenario).sort();
  assert.deepEqual(names, ["counter reads five", "log in", "wrong password shows an error"]);
  assert.ok(a.manifest.scenarios.length > 0 && b.manifest.scenarios.length > 0);
});

Deno.test("run: a cancelled run still writes a complete manifest with every scenario cancelled", async () => {
  const cancel = new CancelSource();
  cancel.cancel();
  await using r = await run({}, {}, cancel);
  assert.equal(r.code, 1);
  assert.deepEqual(validateManifest(r.manifest), []);
  assert.deepEqual(r.manifest.scenarios.map((s) => s.failure), [
    "cancelled",
    "cancelled",
    "cancelled",
  ]);
});

/** A fresh, empty runs folder inside `dir`. */
async function emptyRunsDir(dir: string): Promise<string> {
  return await Deno.makeTempDir({ dir, prefix: "runs-" });
}

/** The run folders under `runsDir` (none when a run stopped before starting). */
async function runFolders(runsDir: string): Promise<string[]> {
  const names: string[] = [];
  for await (const e of Deno.readDir(runsDir)) names.push(e.name);
  return names;
}

Deno.test("run: input past the loader's limits exits 2 with coded errors and no run folder", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    await t.step(
      "nesting deeper than the limit (it used to overflow the stack mid-run)",
      async () => {
        let step = "{ tap: { id: getStarted } }";
        for (let i = 0; i < 500; i++) {
          step = `{ if: { condition: { exists: { id: a } }, then: [ ${step} ] } }`;
        }
        const deep = join(dir, "deep.yaml");
        await Deno.writeTextFile(deep, `- name: deep\n  steps:\n    - ${step}\n`);
        const runsDir = await emptyRunsDir(dir);
        await using r = await run({ scenarios: [deep], runsDir });
        assert.equal(r.code, 2, r.err.join("\n"));
        assert.ok(r.err.some((l) => /deep\.yaml:3:\d+: E_DEPTH_LIMIT /.test(l)), r.err.join("\n"));
        assert.deepEqual(await runFolders(runsDir), []);
      },
    );
    await t.step("150,000 scenarios in one file (it used to overflow the stack)", async () => {
      const big = join(dir, "big.yaml");
      await Deno.writeTextFile(big, "- name: s\n  steps: []\n".repeat(150_000));
      const runsDir = await emptyRunsDir(dir);
      await using r = await run({ scenarios: [big], runsDir });
      assert.equal(r.code, 2, r.err.join("\n"));
      assert.match(r.err[0], /big\.yaml:\d+:3: E_SIZE_LIMIT scenarios\[\d+\]: 150000 scenarios/);
      assert.deepEqual(await runFolders(runsDir), []);
    });
    await t.step("more scenarios across files than a run takes", async () => {
      // Each file is within its own limit; together they are not.
      const many = join(dir, "many");
      await Deno.mkdir(many);
      const perFile = MAX_SCENARIOS_PER_RUN / 2 + 1;
      for (const name of ["a.yaml", "b.yaml"]) {
        await Deno.writeTextFile(join(many, name), "- name: s\n  steps: []\n".repeat(perFile));
      }
      const runsDir = await emptyRunsDir(dir);
      await using r = await run({ scenarios: [many], runsDir });
      assert.equal(r.code, 2, r.err.join("\n"));
      assert.deepEqual(r.err, [
        `E_SIZE_LIMIT ${2 * perFile} scenarios loaded; a run takes at most ` +
        `${MAX_SCENARIOS_PER_RUN} (docs/input-limits.md): run the suite in parts`,
      ]);
      assert.deepEqual(await runFolders(runsDir), []);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("run: a fake target whose app file is missing or a folder exits 2, no stack trace", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(join(dir, "app_folder"));
    for (
      const [app, message] of [["missing.yaml", "file not found"], [
        "app_folder",
        "is a folder, not a file",
      ]]
    ) {
      await t.step(app, async () => {
        const config = join(dir, "bajutsu.config.yaml");
        await Deno.writeTextFile(
          config,
          `targets:\n  app:\n    platform: fake\n    app: ${app}\n    scenarios: ${
            join(FIXTURE, "scenarios")
          }\n`,
        );
        const runsDir = await emptyRunsDir(dir);
        await using r = await run({ configPath: config, exclude: ["broken"], runsDir });
        assert.equal(r.code, 2, r.err.join("\n"));
        assert.deepEqual(r.err.join("\n").split("\n"), [
          "the target's fake app file does not load:",
          `${join(dir, app)}:1:1: E_IO ${message}`,
        ]);
        assert.deepEqual(await runFolders(runsDir), []);
      });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("run: what the backend cannot do is reported before the run, for every scenario at once; those scenarios fail unrun, the others run", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-run-" });
  try {
    const file = join(dir, "later.yaml");
    await Deno.writeTextFile(
      file,
      `- name: first
  steps:
    - tap: { id: getStarted }
- name: selects
  steps:
    - select: { into: { id: name } }
- name: golden
  steps:
    - tap: { id: getStarted }
  expect:
    - golden: { path: g.json }
`,
    );
    const runsDir = join(dir, "runs");
    const r = await run({ runsDir, scenarios: [file] });
    assert.equal(r.code, 1, r.err.join("\n"));
    // Printed before the first scenario starts, at their lines.
    const problems = r.err.filter((l) => l.startsWith(`${file}:`));
    assert.deepEqual(problems, [
      `${file}:6:7: E_UNSUPPORTED "selects" > step 0: select is not supported yet`,
      `${file}:7:3: E_UNSUPPORTED "golden" > expect[0]: golden assertion is not supported yet`,
    ]);
    const summary = r.err.findIndex((l) =>
      /2 problem\(s\) before the run: 2 scenario\(s\) fail without running/.test(l)
    );
    assert.ok(summary > r.err.indexOf(problems[1]), r.err.join("\n"));
    // The refused scenarios still show as failed in the progress lines, after the first ran.
    assert.ok(
      r.err.some((l) => l.includes("scenario 2/3: selects") && l.includes("E_UNSUPPORTED")),
      r.err.join("\n"),
    );
    assert.deepEqual(
      r.manifest.scenarios.map((
        s,
      ) => [s.scenario, s.ok, s.failure ?? null, (s.steps as unknown[]).length]),
      [
        ["first", true, null, 1],
        ["selects", false, "E_UNSUPPORTED: step 0: select is not supported yet", 0],
        ["golden", false, "E_UNSUPPORTED: expect[0]: golden assertion is not supported yet", 0],
      ],
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("run: pinch and rotate run on a backend with two fingers", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-run-" });
  try {
    const file = join(dir, "gestures.yaml");
    await Deno.writeTextFile(
      file,
      `- name: two fingers
  steps:
    - pinch: { sel: { id: getStarted }, scale: 2 }
    - rotate: { sel: { id: getStarted }, radians: 1 }
`,
    );
    const r = await run({ runsDir: join(dir, "runs"), scenarios: [file] });
    assert.equal(r.code, 0, r.err.join("\n"));
    const steps = r.manifest.scenarios[0].steps as Array<{ action: string; ok: boolean }>;
    assert.deepEqual(steps.map((s) => [s.action, s.ok]), [["pinch", true], ["rotate", true]]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("run: the target's launchServer serves during the run and is stopped after it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-run-" });
  try {
    const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (l.addr as Deno.NetAddr).port;
    l.close();
    await Deno.writeTextFile(
      join(dir, "server.ts"),
      `Deno.serve({ hostname: "127.0.0.1", port: ${port}, onListen: () => console.log("up") },
        () => new Response("ok"));`,
    );
    const config = join(dir, "bajutsu.config.yaml");
    await Deno.writeTextFile(
      config,
      `targets:
  app:
    platform: fake
    app: ${join(FIXTURE, "../fake_apps/login_app.yaml")}
    launchServer:
      cmd: '"${Deno.execPath()}" run --allow-net server.ts'
      readyUrl: http://127.0.0.1:${port}/
`,
    );
    const file = join(dir, "probe.yaml");
    // The scenario itself asks the server: it must be up while the run runs.
    await Deno.writeTextFile(
      file,
      `- name: server is up
  steps:
    - http: { url: "http://127.0.0.1:${port}/", status: 200 }
`,
    );
    const r = await run({ configPath: config, scenarios: [file], runsDir: join(dir, "runs") });
    assert.equal(r.code, 0, r.err.join("\n"));
    assert.ok(r.err.includes("server: up"), r.err.join("\n"));
    const after = await fetch(`http://127.0.0.1:${port}/`).then((res) => {
      res.body?.cancel();
      return true;
    }, () => false);
    assert.equal(after, false, "the server is stopped once the run is over");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("run: captures the backend cannot take are listed in the manifest's skipped_captures", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-skipped-" });
  try {
    const file = join(dir, "capture.yaml");
    await Deno.writeTextFile(
      file,
      `- name: record what cannot be recorded
  capturePolicy:
    - on: { action: tap }
      capture: [video, deviceLog]
  steps:
    - tap: { id: getStarted }
    - wait: { for: { id: username }, timeout: 2 }
`,
    );
    await using r = await run({ scenarios: [file] });
    assert.equal(r.code, 0, r.err.join("\n"));
    assert.deepEqual(validateManifest(r.manifest), []);
    assert.deepEqual(r.manifest.scenarios[0].skipped_captures, [
      { kind: "video", reason: "the fake driver cannot record video" },
      { kind: "deviceLog", reason: "the fake driver cannot record deviceLog" },
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("run: an invalid environment knob is one warning and its default, never a failed run", async () => {
  await using r = await run({ exclude: ["broken"] }, {
    BAJUTSU_CANCEL_GRACE: "0",
    BAJUTSU_CRASH_RETRIES: "abc",
  });
  assert.equal(r.code, 0, r.err.join("\n"));
  assert.ok(
    r.err.includes(
      'warning: BAJUTSU_CANCEL_GRACE="0" is not a positive number; using the default 90',
    ),
    r.err.join("\n"),
  );
  assert.ok(
    r.err.includes(
      'warning: BAJUTSU_CRASH_RETRIES="abc" is not a non-negative integer; using the default 1',
    ),
    r.err.join("\n"),
  );
});
