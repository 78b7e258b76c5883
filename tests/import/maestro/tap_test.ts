import assert from "node:assert/strict";
import { flow, report, steps, translate } from "./helper.ts";

Deno.test("tapOn, doubleTapOn and longPressOn become tap, doubleTap and longPress", () => {
  const s = translate(flow(
    "- tapOn: Login\n- doubleTapOn:\n    id: map\n- longPressOn: Row 1\n- tapOn:\n    text: Buy\n    label: Press buy\n",
  ));
  assert.deepEqual(steps(s), [
    { tap: { label: "Login" } },
    { doubleTap: { id: "map" } },
    { longPress: { sel: { label: "Row 1" }, duration: 3 } },
    { name: "Press buy", tap: { label: "Buy" } },
  ]);
});

Deno.test("a point in percent is a tapPoint; repeat repeats the tap", () => {
  const s = translate(
    flow('- tapOn:\n    point: "50%,90%"\n- tapOn:\n    id: plus\n    repeat: 3\n'),
  );
  assert.deepEqual(steps(s), [
    { tapPoint: { x: 0.5, y: 0.9 } },
    { tap: { id: "plus" } },
    { tap: { id: "plus" } },
    { tap: { id: "plus" } },
  ]);
});

Deno.test("optional taps only if the element is there; waitUntilVisible waits first", () => {
  const s = translate(flow(
    "- tapOn:\n    text: Not now\n    optional: true\n- tapOn:\n    id: ok\n    waitUntilVisible: true\n",
  ));
  assert.deepEqual(steps(s), [
    { if: { condition: { exists: { label: "Not now" } }, then: [{ tap: { label: "Not now" } }] } },
    { wait: { for: { id: "ok" }, timeout: 17 } },
    { tap: { id: "ok" } },
  ]);
});

Deno.test("a point in pixels and a tap on a relative position are left as comments", () => {
  const s = translate(
    flow('- tapOn:\n    point: "100,200"\n- tapOn:\n    text: Edit\n    below: Title\n'),
  );
  assert.deepEqual(steps(s), []);
  assert.deepEqual(report(s).map((l) => l.split(" ").slice(0, 3).join(" ")), [
    "main.yaml:3: W_MAESTRO_POINT tapOn:",
    "main.yaml:5: W_MAESTRO_SELECTOR tapOn:",
  ]);
  const comments = s.steps.filter((i) => i.kind === "comment");
  assert.equal(comments.length, 2);
  assert.deepEqual(comments[1].kind === "comment" && comments[1].lines.slice(1), [
    "- tapOn:",
    "    text: Edit",
    "    below: Title",
  ]);
});

Deno.test("a translation the scenario grammar refuses is left out as W_MAESTRO_INVALID", () => {
  const s = translate(flow('- tapOn:\n    point: "150%,50%"\n'));
  assert.deepEqual(steps(s), []);
  assert.match(
    report(s)[0],
    /^main\.yaml:3: W_MAESTRO_INVALID tapOn: the translation is not a valid step: .*\[0, 1\]/,
  );
});
