import assert from "node:assert/strict";
import { flow, report, steps, translate } from "./helper.ts";

Deno.test("assertVisible waits for the element, assertNotVisible until it is gone", () => {
  const s = translate(flow("- assertVisible: Done\n- assertNotVisible:\n    id: spinner\n"));
  assert.deepEqual(steps(s), [
    { wait: { for: { label: "Done" }, timeout: 17 } },
    { wait: { until: { gone: { id: "spinner" } }, timeout: 17 } },
  ]);
});

Deno.test("extendedWaitUntil and waitForAnimationToEnd take their timeouts in seconds", () => {
  const s = translate(flow(
    "- extendedWaitUntil:\n    visible: Home\n    timeout: 10000\n- extendedWaitUntil:\n    notVisible:\n      id: loader\n" +
      "- waitForAnimationToEnd\n- waitForAnimationToEnd:\n    timeout: 2500\n",
  ));
  assert.deepEqual(steps(s), [
    { wait: { for: { label: "Home" }, timeout: 10 } },
    { wait: { until: { gone: { id: "loader" } }, timeout: 17 } },
    { wait: { until: "settled", timeout: 15 } },
    { wait: { until: "settled", timeout: 2.5 } },
  ]);
});

Deno.test("optional assertions, assertTrue and AI checks are reported", () => {
  const s = translate(flow(
    "- assertVisible:\n    text: Maybe\n    optional: true\n- assertTrue: ${a == 1}\n- assertWithAI:\n    assertion: looks fine\n",
  ));
  assert.deepEqual(steps(s), []);
  assert.deepEqual(report(s).map((l) => l.split(" ").slice(0, 3).join(" ")), [
    "main.yaml:3: W_MAESTRO_OPTIONAL assertVisible:",
    "main.yaml:6: W_MAESTRO_SCRIPT assertTrue:",
    "main.yaml:7: W_MAESTRO_NO_EQUIVALENT assertWithAI:",
  ]);
});

Deno.test("a timeout read from the environment is reported, not guessed", () => {
  const s = translate(flow("- extendedWaitUntil:\n    visible: Home\n    timeout: ${T}\n"));
  assert.match(
    report(s)[0],
    /W_MAESTRO_OPTION extendedWaitUntil: timeout "\$\{T\}" is not a number/,
  );
});
