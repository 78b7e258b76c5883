import assert from "node:assert/strict";
import { flow, report, steps, translate } from "./helper.ts";

Deno.test("runFlow by file inlines the subflow with its env; its findings name its own lines", () => {
  const s = translate(flow("- runFlow:\n    file: sub/login.yaml\n    env:\n      USER: ann\n"), {
    "sub/login.yaml": "appId: com.example.app\nenv:\n  USER: nobody\n  PIN: '1234'\n---\n" +
      "- tapOn: Sign in\n- inputText: ${USER}\n- inputText: ${PIN}\n- runScript: x.js\n",
  });
  assert.deepEqual(steps(s), [
    { tap: { label: "Sign in" } },
    { type: { text: "ann" } },
    { type: { text: "1234" } },
  ]);
  assert.deepEqual(report(s).map((l) => l.split(" ").slice(0, 3).join(" ")), [
    "sub/login.yaml:9: W_MAESTRO_SCRIPT runScript:",
  ]);
});

Deno.test("runFlow with inline commands and a when condition becomes an if", () => {
  const s = translate(flow(
    "- runFlow:\n    when:\n      visible: Rate us\n    commands:\n      - tapOn: Not now\n" +
      "- runFlow:\n    when:\n      notVisible:\n        id: home\n    commands:\n      - back\n",
  ));
  assert.deepEqual(steps(s), [
    { if: { condition: { exists: { label: "Rate us" } }, then: [{ tap: { label: "Not now" } }] } },
    { if: { condition: { exists: { id: "home", negate: true } }, then: [{ back: {} }] } },
  ]);
});

Deno.test("platform and script conditions, a missing file and a cycle are reported", () => {
  const s = translate(
    flow(
      "- runFlow:\n    when:\n      platform: iOS\n    commands:\n      - back\n" +
        "- runFlow:\n    when:\n      true: ${A}\n    file: a.yaml\n" +
        "- runFlow: missing.yaml\n- runFlow: a.yaml\n",
    ),
    { "a.yaml": "- runFlow: main.yaml\n" },
  );
  assert.deepEqual(report(s).map((l) => l.split(" ").slice(0, 3).join(" ")), [
    "main.yaml:3: W_MAESTRO_CONDITION runFlow:",
    "main.yaml:8: W_MAESTRO_SCRIPT runFlow:",
    "main.yaml:12: W_MAESTRO_RUNFLOW runFlow:",
    "a.yaml:1: W_MAESTRO_RUNFLOW runFlow:",
  ]);
  assert.match(report(s)[3], /a cycle through runFlow/);
});

Deno.test("repeat times is unrolled; repeat while, retry, runScript and evalScript are reported", () => {
  const s = translate(flow(
    "- repeat:\n    times: 2\n    commands:\n      - tapOn: Next\n" +
      "- repeat:\n    while:\n      notVisible: End\n    commands:\n      - tapOn: Next\n" +
      "- retry:\n    maxRetries: 2\n    commands:\n      - back\n- runScript: a.js\n- evalScript: ${1}\n",
  ));
  assert.deepEqual(steps(s), [{ tap: { label: "Next" } }, { tap: { label: "Next" } }]);
  assert.deepEqual(report(s).map((l) => l.split(" ").slice(0, 3).join(" ")), [
    "main.yaml:7: W_MAESTRO_LOOP repeat:",
    "main.yaml:12: W_MAESTRO_LOOP retry:",
    "main.yaml:16: W_MAESTRO_SCRIPT runScript:",
    "main.yaml:17: W_MAESTRO_SCRIPT evalScript:",
  ]);
});

Deno.test("the header: name, tags, onFlowStart as before, onFlowComplete as an after rule", () => {
  const s = translate(
    "appId: a\nname: Checkout\ntags: [smoke, cart]\nonFlowStart:\n  - launchApp\n  - tapOn: Reset\n" +
      "onFlowComplete:\n  - tapOn: Log out\n---\n- tapOn: Buy\n",
  );
  assert.equal(s.name, "Checkout");
  assert.deepEqual(s.tags, ["smoke", "cart"]);
  assert.deepEqual(s.before.length, 1);
  assert.deepEqual(s.after.length, 1);
  assert.deepEqual(steps(s), [{ tap: { label: "Buy" } }]);
});

Deno.test("unknown commands are reported", () => {
  const s = translate(flow("- frobnicate: x\n- tapOn: A\n  extra: 1\n"));
  assert.deepEqual(report(s).map((l) => l.split(" ").slice(0, 3).join(" ")), [
    "main.yaml:3: W_MAESTRO_UNKNOWN frobnicate:",
    "main.yaml:4: W_MAESTRO_UNKNOWN {tapOn,",
  ]);
});

Deno.test("optional on a command that cannot honour it is translated strictly and reported", () => {
  const s = translate(
    flow(
      "- back:\n    optional: true\n- runFlow:\n    commands:\n      - tapOn: A\n    optional: true\n",
    ),
  );
  assert.deepEqual(steps(s), [{ back: {} }, { tap: { label: "A" } }]);
  assert.deepEqual(report(s).map((l) => l.split(" ").slice(0, 3).join(" ")), [
    "main.yaml:3: W_MAESTRO_OPTION back.optional:",
    "main.yaml:5: W_MAESTRO_OPTION runFlow.optional:",
  ]);
});
