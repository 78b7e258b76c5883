import assert from "node:assert/strict";
import { join } from "node:path";
import { loadConfig } from "../../src/config/load_config.ts";
import { parseConfig } from "../../src/config/parse_config.ts";
import { parseYaml } from "../../src/yaml/parse.ts";

async function withConfig(text: string, fn: (path: string, dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-config-" });
  try {
    const path = join(dir, "bajutsu.config.yaml");
    await Deno.writeTextFile(path, text);
    await fn(path, dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function parse(text: string) {
  return parseConfig(parseYaml(text, "c.yaml").node, "/x/c.yaml", "/x");
}

Deno.test("relative paths resolve against the config file's directory; absolute ones stay", async () => {
  await withConfig(
    [
      "targets:",
      "  app:",
      "    bundleId: com.example.app",
      "    scenarios: scenarios",
      "    baselines: ./shots/base",
      "    schemas: ../schemas",
      "    goldens: /abs/goldens",
      "    appPath: build/App.app",
      "    setup: scenarios/_setup.yaml",
      "  demo:",
      "    platform: fake",
      "    app: apps/demo.yaml",
    ].join("\n"),
    async (path, dir) => {
      const { config, errors } = await loadConfig(path);
      assert.deepEqual(errors, []);
      const app = config!.targets.app;
      assert.equal(app.scenarios, join(dir, "scenarios"));
      assert.equal(app.baselines, join(dir, "shots/base"));
      assert.equal(app.schemas, join(dir, "../schemas"));
      assert.equal(app.goldens, "/abs/goldens");
      assert.equal(app.appPath, join(dir, "build/App.app"));
      assert.equal(app.setup, join(dir, "scenarios/_setup.yaml"));
      assert.equal(config!.targets.demo.app, join(dir, "apps/demo.yaml"));
      assert.equal(config!.dir, dir);
      assert.equal(config!.file, path);
    },
  );
});

Deno.test("a missing config file is one E_IO error", async () => {
  const { config, errors } = await loadConfig("/definitely/not/here/bajutsu.config.yaml");
  assert.equal(config, null);
  assert.equal(errors.length, 1);
  assert.equal(errors[0].code, "E_IO");
});

Deno.test("an empty config file is an empty config", async () => {
  await withConfig("", async (path) => {
    const { config, errors } = await loadConfig(path);
    assert.deepEqual(errors, []);
    assert.deepEqual(config!.targets, {});
    assert.deepEqual(config!.notify, []);
  });
});

Deno.test("unknown keys are reported at the key with their YAML path, every one of them", () => {
  const { config, errors } = parse(
    "defaults:\n  devise: iPhone\ntargets:\n  app:\n    bundleId: b\n    bundle_id: b\nextra: 1\n",
  );
  assert.equal(config, null);
  assert.deepEqual(
    errors.map((e) => [e.code, e.line, e.col, e.path]),
    [
      ["E_UNKNOWN_KEY", 2, 3, "defaults.devise"],
      ["E_UNKNOWN_KEY", 6, 5, "targets.app.bundle_id"],
      ["E_UNKNOWN_KEY", 7, 1, "extra"],
    ],
  );
});

Deno.test("orgs and ui are ignored whatever they hold", () => {
  const { config, errors } = parse("orgs: 3\nui: [x]\ntargets:\n  a: {bundleId: b}\n");
  assert.deepEqual(errors, []);
  assert.deepEqual(Object.keys(config!.targets), ["a"]);
});

Deno.test("deprecated alert keys warn and still set systemAlertHandling", () => {
  const { config, errors, warnings } = parse(
    "targets:\n  a:\n    bundleId: b\n    alertHandling: false\n  c:\n    bundleId: d\n    dismissAlerts:\n      enabled: false\n",
  );
  assert.deepEqual(errors, []);
  assert.equal(config!.targets.a.systemAlertHandling, false);
  assert.deepEqual(config!.targets.c.systemAlertHandling, { enabled: false });
  assert.deepEqual(
    warnings.map((w) => [w.code, w.line, w.col, w.path]),
    [
      ["W_DEPRECATED", 4, 5, "targets.a.alertHandling"],
      ["W_DEPRECATED", 7, 5, "targets.c.dismissAlerts"],
    ],
  );
});

Deno.test("mockServer is accepted with a warning", () => {
  const { config, errors, warnings } = parse(
    "targets:\n  a:\n    bundleId: b\n    mockServer: {cmd: ./m, port: 9000}\n",
  );
  assert.deepEqual(errors, []);
  assert.deepEqual(config!.targets.a.mockServer, { cmd: "./m", port: 9000 });
  assert.deepEqual(warnings.map((w) => [w.code, w.line]), [["W_IGNORED", 4]]);
});

Deno.test("a key the target's platform ignores is a W_PLATFORM warning at the key", () => {
  const { errors, warnings } = parse(
    "targets:\n  w:\n    baseUrl: http://x/\n    launchArgs: [-x]\n    bundleId: com.x\n" +
      "    testIdAttribute: data-qa\n    actionTimeout: 2\n" +
      "  i:\n    bundleId: com.y\n    headless: false\n    launchArgs: [-y]\n",
  );
  assert.deepEqual(errors, []);
  assert.deepEqual(warnings.map((w) => [w.code, w.line, w.col, w.path, w.message]), [
    [
      "W_PLATFORM",
      4,
      5,
      "targets.w.launchArgs",
      "launchArgs has no effect on web targets (ios, android only)",
    ],
    ["W_PLATFORM", 5, 5, "targets.w.bundleId", "bundleId has no effect on web targets (ios only)"],
    ["W_PLATFORM", 10, 5, "targets.i.headless", "headless has no effect on ios targets (web only)"],
  ]);
});

Deno.test("testIdAttribute must be an attribute name; actionTimeout a number ≥ 0", () => {
  const bad = parse(
    "targets:\n  w:\n    baseUrl: http://x/\n    testIdAttribute: 'a b]'\n    actionTimeout: -1\n",
  );
  assert.deepEqual(bad.errors.map((e) => [e.code, e.path]), [
    ["E_TYPE", "targets.w.testIdAttribute"],
    ["E_TYPE", "targets.w.actionTimeout"],
  ]);
});

Deno.test("backend accepts one string or a list; notify on accepts one event or a list", () => {
  const { config, errors } = parse(
    "defaults:\n  backend: web\ntargets:\n  s:\n    baseUrl: http://x/\n    backend: [playwright, web]\nnotify:\n  - {url: https://h, on: change}\n",
  );
  assert.deepEqual(errors, []);
  assert.deepEqual(config!.defaults.backend, ["web"]);
  assert.deepEqual(config!.targets.s.backend, ["playwright", "web"]);
  assert.deepEqual(config!.notify, [
    { format: "slack", url: "https://h", on: ["change"], targets: [] },
  ]);
});

Deno.test("accepts platform fake with backend [fake] and reads the web-only keys", () => {
  const { config, errors } = parse(
    "targets:\n  f:\n    platform: fake\n    backend: [fake]\n    app: a.yaml\n  w:\n    baseUrl: http://x/\n    wsEndpoint: ws://h:3000/\n    viewport: {width: 390, height: 844}\n",
  );
  assert.deepEqual(errors, []);
  assert.equal(config!.targets.f.platform, "fake");
  assert.deepEqual(config!.targets.f.backend, ["fake"]);
  assert.equal(config!.targets.w.wsEndpoint, "ws://h:3000/");
  assert.deepEqual(config!.targets.w.viewport, { width: 390, height: 844 });
});

Deno.test("readyWhen and interrupts are typed by the scenario validator", () => {
  const { config, errors } = parse(
    [
      "targets:",
      "  a:",
      "    bundleId: b",
      "    readyWhen: {id: [home.root, home], traits: [button]}",
      "    interrupts:",
      "      - condition: {exists: {id: promo}}",
      "        steps: [{tap: {id: promo.close}}]",
    ].join("\n"),
  );
  assert.deepEqual(errors, []);
  const t = config!.targets.a;
  assert.deepEqual(t.readyWhen, { id: ["home.root", "home"], traits: ["button"] });
  assert.equal(t.interrupts!.length, 1);
  assert.deepEqual(t.interrupts![0].condition, {
    kind: "exists",
    sel: { id: "promo" },
    negate: false,
  });
  assert.equal(t.interrupts![0].steps[0].action, "tap");
});

Deno.test("a wrong scalar type names what was expected, with line:col", () => {
  const { errors } = parse("targets:\n  a:\n    bundleId: 42\n");
  assert.equal(errors.length, 1);
  assert.equal(errors[0].code, "E_TYPE");
  assert.deepEqual([errors[0].line, errors[0].col], [3, 15]);
  assert.match(errors[0].message, /expected a string, got number 42/);
});

Deno.test("latencyBudget.stepP95: milliseconds as a number, or a duration string; kept in seconds", () => {
  for (const [given, seconds] of [["800", 0.8], ["'800ms'", 0.8], ["1.5s", 1.5]] as const) {
    const { config, errors } = parse(
      `targets:\n  w:\n    baseUrl: http://x/\n    latencyBudget: {stepP95: ${given}}\n`,
    );
    assert.deepEqual(errors, [], given);
    assert.equal(config?.targets.w.latencyBudget?.stepP95, seconds, given);
  }
  const bad = parse(
    "targets:\n  w:\n    baseUrl: http://x/\n    latencyBudget: {stepP95: fast}\n" +
      "  v:\n    baseUrl: http://x/\n    latencyBudget: {stepP95: 0}\n  u:\n    baseUrl: http://x/\n" +
      "    latencyBudget: {}\n",
  );
  assert.deepEqual(bad.errors.map((e) => [e.code, e.path, e.line, e.col]), [
    ["E_TYPE", "targets.w.latencyBudget.stepP95", 4, 30],
    ["E_TYPE", "targets.v.latencyBudget.stepP95", 7, 30],
    ["E_REQUIRED", "targets.u.latencyBudget", 10, 20],
  ]);
  assert.match(
    bad.errors[0].message,
    /expected a duration such as 800 \(milliseconds\), "800ms" or "1\.5s", got "fast"/,
  );
});

Deno.test("notify url: http(s) or a ${secrets.NAME}; other values and tokens fail at their line", () => {
  const { errors } = parse(
    [
      "targets:",
      "  s:",
      "    baseUrl: http://x/",
      "notify:",
      "  - {url: 'hooks.slack.com/services/T/B/key'}",
      "  - {url: 'https://h/${vars.KEY}'}",
      "  - {url: '${secrets.HOOK}', on: [start, failure], targets: [log in]}",
    ].join("\n"),
  );
  assert.deepEqual(errors.map((e) => [e.code, e.path, e.line]), [
    ["E_TYPE", "notify[0].url", 5],
    ["E_CONFIG", "notify[1].url", 6],
  ]);
  // The value is never echoed: it often holds a key.
  assert.ok(!errors.some((e) => e.message.includes("key")), errors.map((e) => e.message).join());
});
