import assert from "node:assert/strict";
import { fakeApp, fakeScreen } from "../../src/drivers/fake/mod.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { Assertion, Scenario, Step } from "../../src/scenario/types.ts";
import { el, fake, scenario, tapStep } from "./helpers.ts";
import { RecordingSink } from "./recording_sink.ts";

function loginApp() {
  return fake(fakeApp({
    screens: [fakeScreen("main", [
      el("user", [0, 0, 390, 40], { traits: ["textField"] }),
      el("pass", [0, 100, 390, 40], { traits: ["secureTextField"] }),
      el("go", [0, 200, 390, 40], { label: "Sign in" }),
    ])],
  }));
}

Deno.test("vars and secrets are substituted per step with the bindings at step start", async () => {
  const { clock, driver } = loginApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        { action: "type", body: { text: "${vars.who}", into: { id: "user" }, submit: false } },
        { action: "type", body: { text: "${secrets.PW}", into: { id: "pass" }, submit: false } },
        {
          action: "tap",
          body: { label: "Sign in" },
          extract: { who: { sel: { id: "go" }, prop: "label" } },
        },
        { action: "type", body: { text: "-${vars.who}", into: { id: "user" }, submit: false } },
      ],
    }),
    { clock, vars: { who: "alice" }, secrets: { PW: "hunter2" } },
  );
  assert.equal(r.ok, true);
  const typed = driver.actions.filter(([m]) => m === "typeText").map(([, a]) => a);
  assert.deepEqual(typed, ["alice", "hunter2", "-Sign in"]);
});

Deno.test("an unbound token stays literal and is warned about once", async () => {
  const { clock, driver } = loginApp();
  const warnings: string[] = [];
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        { action: "type", body: { text: "${vars.nope}", into: { id: "user" }, submit: false } },
        { action: "type", body: { text: "${vars.nope}", into: { id: "user" }, submit: false } },
      ],
    }),
    { clock, warn: (m) => warnings.push(m) },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(driver.actions.filter(([m]) => m === "typeText").map(([, a]) => a), [
    "${vars.nope}",
    "${vars.nope}",
  ]);
  assert.deepEqual(warnings, ["unbound ${vars.nope} left as written"]);
});

Deno.test("secret values never appear in outcomes, failures or vars", async () => {
  const { clock, driver } = loginApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        {
          action: "http",
          body: { url: "https://api.test/echo", method: "GET", saveBody: "echo" },
        },
        { action: "tap", body: { label: "${secrets.PW}" } },
      ],
    }),
    {
      clock,
      secrets: { PW: "hunter2" },
      fetch: () => Promise.resolve(new Response("token hunter2")),
    },
  );
  assert.equal(r.failure, 'step 1 (tap): no match: {"label":"[REDACTED]"}');
  assert.deepEqual(r.steps[1].selector, { label: "[REDACTED]" });
  assert.equal(r.vars.echo, "token [REDACTED]");
  assert.equal(JSON.stringify(r).includes("hunter2"), false);
});

Deno.test("secret values are masked in assertion results too", async () => {
  const { clock, driver } = loginApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [{
        action: "assert",
        body: [{ kind: "label", sel: { id: "go" }, op: { equals: "${secrets.PW}" } }],
      }],
      expect: [{ kind: "exists", sel: { label: "${secrets.PW}" }, negate: false }],
    }),
    { clock, secrets: { PW: "hunter2" } },
  );
  assert.equal(r.ok, false);
  assert.equal(JSON.stringify(r).includes("hunter2"), false);
  assert.match(r.steps[0].reason, /\[REDACTED\]/);
});

Deno.test("a secret with quotes and backslashes is masked where failures quote it JSON-escaped", async () => {
  const pw = 'p"w\\ <&> é';
  const { clock, driver } = loginApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        { action: "type", body: { text: "${secrets.PW}", into: { id: "user" }, submit: false } },
        {
          action: "assert",
          body: [
            { kind: "value", sel: { id: "user" }, op: { equals: "${secrets.PW}!" } },
            { kind: "label", sel: { id: "go" }, op: { equals: "${secrets.PW}" } },
            // The selector is named in the reason, so it carries the secret too.
            { kind: "exists", sel: { label: "${secrets.PW}" }, negate: false },
          ],
        },
      ],
    }),
    { clock, secrets: { PW: pw } },
  );
  assert.equal(r.ok, false);
  const quoted = JSON.stringify(pw).slice(1, -1);
  assert.equal(
    r.failure,
    'step 1 (assert): value {"id":"user"}: expected equals="[REDACTED]!" but actual="[REDACTED]"; ' +
      'label {"id":"go"}: expected equals="[REDACTED]" but actual="Sign in"; ' +
      'exists {"label":"[REDACTED]"}: expected present but was absent',
  );
  for (const form of [pw, quoted]) assert.equal(JSON.stringify(r).includes(form), false);
});

Deno.test("a type step tells the sink what it types, after substitution", async () => {
  const { clock, driver } = loginApp();
  const typed: string[] = [];
  const sink = Object.assign(new RecordingSink(), { noteTyped: (t: string) => typed.push(t) });
  await runScenario(
    driver,
    scenario({
      steps: [
        { action: "type", body: { text: "${secrets.PW}", into: { id: "pass" }, submit: true } },
      ],
    }),
    { clock, sink, secrets: { PW: "hunter2" } },
  );
  assert.deepEqual(typed, ["hunter2"]);
});

const invalid: Array<[string, Step, Record<string, string>, string]> = [
  [
    "a regex that no longer compiles",
    {
      action: "assert",
      body: [{ kind: "label", sel: { id: "go" }, op: { matches: "${vars.p}" } }],
    },
    { p: "(" },
    'assert[0].op.matches: invalid regex: "(":',
  ],
  [
    "a number slot holding text",
    {
      action: "longPress",
      body: { sel: { id: "go" }, duration: "${vars.d}" as unknown as number },
    },
    { d: "soon" },
    'longPress.duration: expected a number, got "soon"',
  ],
  [
    "a number out of range",
    { action: "tapPoint", body: { x: "${vars.x}" as unknown as number, y: 0.5 } },
    { x: "1.5" },
    "tapPoint.x: must be ≤ 1, got 1.5",
  ],
  [
    "an index that is not an integer",
    { action: "tap", body: { id: "go", index: "${vars.i}" as unknown as number } },
    { i: "first" },
    'tap.index: expected an integer, got "first"',
  ],
  [
    "a boolean slot holding text",
    {
      action: "type",
      body: { text: "x", into: { id: "user" }, submit: "${vars.b}" as unknown as boolean },
    },
    { b: "yes" },
    'type.submit: expected true or false, got "yes"',
  ],
];

for (const [name, step, vars, detail] of invalid) {
  Deno.test(`invalid step after substitution: ${name}`, async () => {
    const { clock, driver } = loginApp();
    const r = await runScenario(driver, scenario({ steps: [step] }), { clock, vars });
    assert.ok(
      r.failure?.startsWith(`step 0 (${step.action}): invalid step after substitution: ${detail}`),
      r.failure ?? "",
    );
    assert.deepEqual(driver.actions, []);
  });
}

Deno.test("number and boolean spellings are coerced after substitution", async () => {
  const { clock, driver } = loginApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        {
          action: "longPress",
          body: { sel: { id: "go" }, duration: "${vars.d}" as unknown as number },
        },
        {
          action: "type",
          body: { text: "x", into: { id: "user" }, submit: "${vars.b}" as unknown as boolean },
        },
      ],
    }),
    { clock, vars: { d: "2.5", b: "true" } },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(driver.actions[0], ["longPress", [{ id: "go" }, 2.5]]);
  assert.deepEqual(driver.actions.at(-1), ["typeText", "x\n"]);
});

Deno.test("expect is substituted with the final bindings", async () => {
  const { clock, driver } = loginApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [{
        action: "tap",
        body: { id: "go" },
        extract: { t: { sel: { id: "go" }, prop: "identifier" } },
      }],
      expect: [{ kind: "exists", sel: { id: "${vars.t}" }, negate: false }],
    }),
    { clock },
  );
  assert.equal(r.ok, true);
  assert.equal(r.expectResults[0].detail, 'present: id="go"');
});

Deno.test("the same step object substituted twice sees fresh bindings each time", async () => {
  const { clock, driver } = loginApp();
  const step = tapStep("${vars.t}");
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        step,
        {
          action: "tap",
          body: { id: "go" },
          extract: { t: { sel: { id: "pass" }, prop: "identifier" } },
        },
        step,
      ],
    }),
    { clock, vars: { t: "user" } },
  );
  assert.equal(r.ok, true);
  assert.deepEqual(driver.actions.map(([, a]) => a), [{ id: "user" }, { id: "go" }, {
    id: "pass",
  }]);
});

Deno.test("a string that is exactly one token takes the raw value; a bound value is not re-substituted", async () => {
  const { clock, driver } = loginApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        { action: "type", body: { text: "${ vars.a }", into: { id: "user" }, submit: false } },
        { action: "type", body: { text: "<${vars.a}>", submit: false } },
        {
          action: "wait",
          body: { for: { id: "user" }, timeout: "${vars.t}" as unknown as number },
        },
      ],
    }),
    { clock, vars: { a: "${vars.b}", b: "never", t: " 2 " } },
  );
  assert.equal(r.ok, true, r.failure ?? "");
  assert.deepEqual(driver.actions.filter(([m]) => m === "typeText").map(([, a]) => a), [
    "${vars.b}",
    "<${vars.b}>",
  ]);
});

Deno.test("extract selectors are substituted; names are not", async () => {
  const { clock, driver } = loginApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [{
        action: "tap",
        name: "${vars.field}",
        body: { id: "${vars.field}" },
        extract: { label: { sel: { id: "${vars.other}" }, prop: "label" } },
      }],
    }),
    { clock, vars: { field: "user", other: "go" } },
  );
  assert.equal(r.ok, true);
  assert.equal(r.vars.label, "Sign in");
  assert.equal(r.steps[0].stepId, "${vars.field}");
});

Deno.test("interrupt conditions are substituted with the bindings as each step starts", async () => {
  const { clock, driver } = loginApp();
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        { action: "tap", body: { id: "user" } },
        {
          action: "tap",
          body: { id: "go" },
          extract: { blocker: { sel: { id: "pass" }, prop: "identifier" } },
        },
        { action: "tap", body: { id: "user" } },
      ],
      interrupts: [{
        condition: { kind: "exists", sel: { id: "${vars.blocker}" }, negate: false },
        steps: [{ action: "wait", body: { for: { id: "go" }, timeout: 0 } }],
      }],
    }),
    { clock },
  );
  assert.equal(r.ok, true);
  // Unbound for the first two steps (the literal id matches nothing); bound to `pass` (always on
  // screen) before the third, whose pre-check fires the recovery until the entry goes inert.
  assert.deepEqual(r.steps.map((s) => `${s.index}:${s.action}`), [
    "0:tap",
    "1:tap",
    "3:wait",
    "4:wait",
    "5:wait",
    "2:tap",
  ]);
});

Deno.test("re-validation failures elsewhere: if condition, extract selector, interrupt condition, expect", async () => {
  const bad: Assertion = { kind: "label", sel: { id: "go" }, op: { matches: "${vars.re}" } };
  const cases: Array<[Partial<Scenario>, RegExp]> = [
    [
      { steps: [{ action: "if", body: { condition: bad, then: [] } }] },
      /^step 0 \(if\): invalid step after substitution: if\.condition\.op\.matches: invalid regex/,
    ],
    [
      {
        steps: [{
          action: "tap",
          body: { id: "go" },
          extract: { x: { sel: { labelMatches: "${vars.re}" }, prop: "value" } },
        }],
      },
      /^step 0 \(tap\): invalid step after substitution: extract\.x\.sel\.labelMatches: invalid regex/,
    ],
    [
      {
        steps: [{ action: "tap", body: { id: "go" } }],
        interrupts: [{ condition: bad, steps: [] }],
      },
      /^step 0 \(tap\): invalid step after substitution: interrupts\[0\]\.condition\.op\.matches: /,
    ],
    [
      { expect: [bad] },
      /^expect: invalid step after substitution: expect\[0\]\.op\.matches: invalid regex/,
    ],
  ];
  for (const [fields, want] of cases) {
    const { clock, driver } = loginApp();
    const r = await runScenario(driver, scenario(fields), { clock, vars: { re: "(" } });
    assert.match(r.failure ?? "", want);
    assert.deepEqual(driver.actions, []);
  }
});
