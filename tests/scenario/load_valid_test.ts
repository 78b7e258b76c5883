import assert from "node:assert/strict";
import { join } from "node:path";
import { loadScenarioFile, loadScenarioPaths } from "../../src/scenario/load.ts";
import type { Assertion, Scenario, Step, StepOf } from "../../src/scenario/types.ts";
import { ACTION_NAMES } from "../../src/scenario/validate/actions.ts";
import { ASSERTION_KINDS } from "../../src/scenario/validate/assertion.ts";
import { VALID_DIR } from "./fixture_paths.ts";

const load = async (name: string) => await loadScenarioFile(join(VALID_DIR, name));

/** Every step of a scenario, nested ones included, in document order. */
function allSteps(s: Scenario): Step[] {
  const out: Step[] = [];
  const walk = (steps: Step[]) => {
    for (const st of steps) {
      out.push(st);
      if (st.action === "if") walk([...st.body.then, ...(st.body.else ?? [])]);
      if (st.action === "forEach" || st.action === "web") walk(st.body.steps);
    }
  };
  walk(s.before);
  walk(s.steps);
  for (const r of s.after) walk(r.steps);
  for (const i of s.interrupts) walk(i.steps);
  return out;
}

/** Every assertion of a scenario (expect, assert steps, if and interrupt conditions). */
function allAssertions(s: Scenario): Assertion[] {
  const out = [...s.expect, ...s.interrupts.map((i) => i.condition)];
  for (const st of allSteps(s)) {
    if (st.action === "assert") out.push(...st.body);
    if (st.action === "if") out.push(st.body.condition);
  }
  return out;
}

function stepsOf<A extends Step["action"]>(s: Scenario, action: A): StepOf<A>[] {
  return allSteps(s).filter((st): st is StepOf<A> => st.action === action);
}

Deno.test("every valid fixture loads without errors", async () => {
  const { files } = await loadScenarioPaths([VALID_DIR]);
  assert.ok(files.length >= 20, `only ${files.length} valid files`);
  for (const f of files) {
    assert.deepEqual(f.outcome.errors, [], f.file);
  }
});

Deno.test("the valid corpus uses every step kind and every assertion kind", async () => {
  const { files } = await loadScenarioPaths([VALID_DIR]);
  const scenarios = files.flatMap((f) => f.outcome.scenarios);
  const actions = new Set(scenarios.flatMap(allSteps).map((s) => s.action));
  assert.deepEqual(ACTION_NAMES.filter((a) => !actions.has(a)), []);
  const kinds = new Set(scenarios.flatMap(allAssertions).map((a) => a.kind));
  assert.deepEqual(ASSERTION_KINDS.filter((k) => !kinds.has(k)), []);
  const waits: string[] = scenarios.flatMap((s) => stepsOf(s, "wait")).map((w) =>
    "for" in w.body ? "for" : w.body.until.kind
  );
  assert.deepEqual(
    ["for", "screenChanged", "settled", "gone", "request", "assert"].filter((k) =>
      !waits.includes(k)
    ),
    [],
  );
});

Deno.test("component files in a folder are checked as components, not scenarios", async () => {
  const { files } = await loadScenarioPaths([VALID_DIR]);
  const components = files.filter((f) => f.kind === "component").map((f) => f.file);
  assert.deepEqual(components, [
    join(VALID_DIR, "components/delete_chars.yaml"),
    join(VALID_DIR, "components/dismiss_banner.yaml"),
    join(VALID_DIR, "components/login.yaml"),
    join(VALID_DIR, "components/open_settings.yaml"),
  ]);
  assert.ok(files.every((f) => f.kind === "component" ? f.outcome.scenarios.length === 0 : true));
});

Deno.test("folders expand to their yaml files recursively, sorted", async () => {
  const { files } = await loadScenarioPaths([VALID_DIR]);
  const names = files.map((f) => f.file);
  assert.deepEqual(names, [...names].sort());
  assert.ok(names.every((n) => n.endsWith(".yaml")));
});

Deno.test("defaults are filled in (docs/scenario-language.md#defaults)", async () => {
  const [s] = (await load("device.yaml")).scenarios;
  assert.deepEqual(s.preconditions, { reinstall: "clean", launchArgs: [], launchEnv: {} });
  assert.deepEqual([s.before, s.after, s.expect, s.capturePolicy, s.mocks, s.interrupts], [
    [],
    [],
    [],
    [],
    [],
    [],
  ]);
  assert.deepEqual(s.permissions, {});
  assert.equal(stepsOf(s, "http")[1].body.method, "GET");
  const gen = stepsOf(s, "generate")[0].body;
  assert.deepEqual(gen, {
    random: { string: { length: 12, charset: "alnum" } },
    into: { var: "nick" },
  });

  const [g] = (await load("gestures.yaml")).scenarios;
  assert.deepEqual(stepsOf(g, "swipe")[0].body, {
    on: { id: "feed.list" },
    direction: "up",
    amount: 0.125,
  });
  assert.deepEqual(stepsOf(g, "scroll")[0].body, {
    to: { id: "footer.terms" },
    direction: "down",
    maxScrolls: 15,
  });

  const [t] = (await load("text_entry.yaml")).scenarios;
  assert.deepEqual(stepsOf(t, "type")[0].body, { text: "a@b.com", submit: false });
  assert.deepEqual(stepsOf(t, "select")[0].body, { into: { id: "form.bio" }, mode: "all" });
  assert.deepEqual(stepsOf(t, "tap")[0].extract?.orderId, {
    sel: { id: "order.id" },
    prop: "value",
  });

  const [a] = (await load("assertions.yaml")).scenarios;
  assert.deepEqual(a.expect[0], { kind: "exists", sel: { id: "home.title" }, negate: false });
  assert.deepEqual(a.expect[22], {
    kind: "visual",
    baseline: "home.png",
    threshold: 0,
    colorTolerance: 0.1,
    antialiasing: true,
  });

  const [l] = (await load("lifecycle.yaml")).scenarios;
  assert.equal(l.after[0].on, "always");
  assert.deepEqual(l.mocks[1].respond, { status: 200, headers: {} });
});

Deno.test("typed steps carry their action discriminant and payload", async () => {
  const [g] = (await load("gestures.yaml")).scenarios;
  const first = g.steps[0];
  assert.equal(first.action, "tap");
  assert.deepEqual(first.body, { id: "login.button" });
  assert.deepEqual(g.steps[1].body, { id: ["home.tab.settings", "settings.tab"] });
  assert.deepEqual(stepsOf(g, "swipe")[2].body, { from: [100, 500], to: [100, 120] });
  assert.deepEqual(g.steps[7].body, {
    label: "Delete",
    within: { id: "list.row.3", within: { id: "list" } },
  });

  const [a] = (await load("assertions.yaml")).scenarios;
  assert.deepEqual(a.expect[2], {
    kind: "exists",
    sel: { label: "Segment: two" },
    negate: false,
    from: "the selection is Two",
  });
  assert.deepEqual(a.expect[10], {
    kind: "count",
    sel: { idMatches: "row.*" },
    op: { atMost: 10 },
  });

  const [w] = (await load("waits.yaml")).scenarios;
  assert.deepEqual(stepsOf(w, "wait")[6].body, {
    until: { kind: "request", match: { urlMatches: "/items\\?page=\\d+", count: 2 } },
    timeout: 7.5,
  });
});

Deno.test("steps and scenarios keep their source positions", async () => {
  const file = join(VALID_DIR, "gestures.yaml");
  const [s] = (await loadScenarioFile(file)).scenarios;
  assert.equal(s.file, file);
  assert.deepEqual(s.pos, { file, line: 2, col: 3 });
  assert.deepEqual(s.steps[0].pos, { file, line: 5, col: 7 });
  assert.deepEqual(s.steps[20].pos, { file, line: 25, col: 7 });
});

Deno.test("component steps are spliced in with the component file's positions", async () => {
  const [s] = (await load("shared_steps.yaml")).scenarios;
  assert.deepEqual(s.steps.map((st) => st.action), [
    "type",
    "type",
    "tap",
    "wait",
    "if",
    "tap",
    "wait",
    "delete",
  ]);
  assert.deepEqual(s.steps[0].body, { text: "a@b.com", into: { id: "auth.email" }, submit: false });
  assert.deepEqual(s.steps[0].pos, {
    file: join(VALID_DIR, "components/login.yaml"),
    line: 4,
    col: 5,
  });
  // `count: "${params.count}"` is an integer once the param is bound.
  assert.deepEqual(s.steps[7].body, { into: { id: "settings.name" }, count: 2 });
});

Deno.test("data rows become one scenario each, named after the row", async () => {
  const { scenarios } = await load("data_driven.yaml");
  assert.deepEqual(scenarios.map((s) => s.name), [
    "search returns results [row 1: q=dog, n=3]",
    "search returns results [row 2: q=cat, n=1]",
    "search returns results [row 3: q=ねこ, n=12]",
  ]);
  assert.deepEqual(scenarios.map((s) => (s.steps[1].body as { maxScrolls: number }).maxScrolls), [
    3,
    1,
    12,
  ]);
  assert.deepEqual(scenarios[0].tags, ["search"]);

  const csv = await load("data_file.yaml");
  assert.deepEqual(csv.scenarios.map((s) => s.name), [
    "login as each user [row 1: email=a@example.com, password=pw1, greeting=Hello, A]",
    "login as each user [row 2: email=b@example.com, password=pw2, greeting=Hello, B]",
  ]);
});

Deno.test("a setup prelude's first scenario's steps are prepended", async () => {
  const [s] = (await load("setup_prelude.yaml")).scenarios;
  assert.deepEqual(s.steps.map((st) => st.action), ["wait", "if", "tap"]);
});

Deno.test("a config setup applies when the scenario has none", async () => {
  const file = join(VALID_DIR, "waits.yaml");
  const [s] = (await loadScenarioFile(file, { configSetup: "prelude_launch.yaml" })).scenarios;
  assert.deepEqual(s.steps.slice(0, 2).map((st) => st.action), ["wait", "if"]);
  assert.equal(s.steps.length, 10);
});

Deno.test("the mapping file shape loads every scenario-level block", async () => {
  const { scenarios } = await load("lifecycle.yaml");
  const [s] = scenarios;
  assert.equal(scenarios.length, 3);
  assert.deepEqual(s.preconditions, {
    erase: true,
    reinstall: "overwrite",
    launchArgs: ["-UITestMode", "1"],
    launchEnv: { API_BASE: "http://localhost:8080", FEATURE_X: "on" },
    deeplink: "shop://cart",
    locale: "ja_JP",
  });
  assert.deepEqual(s.after.map((r) => r.on), ["always", "success", "error", "always"]);
  assert.deepEqual(s.capturePolicy.map((r) => r.on), [
    { action: "tap" },
    { action: "tap", idMatches: "cart.*" },
    { event: "screenChanged" },
    { result: "error" },
  ]);
  assert.equal(s.interrupts[1].steps.length, 0);
  assert.deepEqual(s.systemAlertHandling, {
    enabled: true,
    rules: [
      { prompt: "notifications", choice: "grant" },
      { prompt: "tracking", choice: "deny" },
      { prompt: "paste", choice: "grant" },
    ],
    instruction: ["Allow notifications", "Never track"],
    pollInterval: 0.5,
  });
  assert.equal(scenarios[1].systemAlertHandling, false);
  assert.deepEqual(scenarios[2].systemAlertHandling, { enabled: true, instruction: "Tap Allow" });
  assert.equal(s.permissions.camera, "revoke");
});

Deno.test("deprecated alert keys load with a warning", async () => {
  const outcome = await load("deprecated_alias.yaml");
  assert.deepEqual(outcome.errors, []);
  assert.deepEqual(outcome.warnings.map((w) => [w.code, w.line, w.col]), [
    ["W_DEPRECATED", 3, 3],
  ]);
  assert.equal(outcome.scenarios[0].systemAlertHandling, true);
});

Deno.test("an empty scenario list loads as no scenarios", async () => {
  const outcome = await load("empty_list.yaml");
  assert.deepEqual(outcome, { scenarios: [], errors: [], warnings: [] });
});
