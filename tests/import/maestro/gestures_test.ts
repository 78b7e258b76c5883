import assert from "node:assert/strict";
import { flow, report, steps, translate } from "./helper.ts";

Deno.test("scrollUntilVisible scrolls to the element in the content direction", () => {
  const s = translate(flow(
    "- scrollUntilVisible:\n    element: Terms\n- scrollUntilVisible:\n    element:\n      id: top\n    direction: UP\n",
  ));
  assert.deepEqual(steps(s), [
    { scroll: { to: { label: "Terms" } } },
    { scroll: { to: { id: "top" }, direction: "up" } },
  ]);
});

Deno.test("an element swipe and a swipe between device points translate", () => {
  const s = translate(flow(
    "- swipe:\n    from:\n      id: carousel\n    direction: LEFT\n- swipe:\n    start: 100, 500\n    end: 100, 200\n",
  ));
  assert.deepEqual(steps(s), [
    { swipe: { on: { id: "carousel" }, direction: "left", amount: 0.5 } },
    { swipe: { from: [100, 500], to: [100, 200] } },
  ]);
});

Deno.test("screen-wide swipes, percentage swipes and scroll are reported", () => {
  const s = translate(flow(
    "- swipe:\n    direction: UP\n- swipe:\n    start: 90%, 50%\n    end: 10%, 50%\n- scroll\n",
  ));
  assert.deepEqual(steps(s), []);
  assert.deepEqual(report(s).map((l) => l.split(" ").slice(0, 3).join(" ")), [
    "main.yaml:3: W_MAESTRO_NO_EQUIVALENT swipe:",
    "main.yaml:5: W_MAESTRO_POINT swipe:",
    "main.yaml:8: W_MAESTRO_NO_EQUIVALENT scroll:",
  ]);
});
