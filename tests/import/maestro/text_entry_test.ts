import assert from "node:assert/strict";
import { flow, report, steps, translate } from "./helper.ts";

Deno.test("inputText types into the focused field; eraseText clears the field last tapped", () => {
  const s = translate(flow(
    "- tapOn:\n    id: email\n- inputText: a@b.c\n- eraseText\n- inputText:\n    text: x\n- eraseText: 2\n",
  ));
  assert.deepEqual(steps(s), [
    { tap: { id: "email" } },
    { type: { text: "a@b.c" } },
    { clear: { into: { id: "email" } } },
    { type: { text: "x" } },
    { delete: { into: { id: "email" }, count: 2 } },
  ]);
});

Deno.test("eraseText with no field tapped before is reported", () => {
  const s = translate(flow("- eraseText\n"));
  assert.match(
    report(s)[0],
    /^main\.yaml:3: W_MAESTRO_NO_EQUIVALENT eraseText: .*instead: `clear: \{into/,
  );
});

Deno.test("copyTextFrom extracts the label; pasteText and ${maestro.copiedText} type it", () => {
  const s = translate(
    flow("- copyTextFrom:\n    id: code\n- pasteText\n- inputText: ${maestro.copiedText}\n"),
  );
  assert.deepEqual(steps(s), [
    {
      wait: { for: { id: "code" }, timeout: 17 },
      extract: { copiedText: { sel: { id: "code" }, prop: "label" } },
    },
    { type: { text: "${vars.copiedText}" } },
    { type: { text: "${vars.copiedText}" } },
  ]);
});

Deno.test("random input is generated, then typed", () => {
  const s = translate(flow("- inputRandomNumber:\n    length: 4\n- inputRandomEmail\n"));
  assert.deepEqual(steps(s), [
    {
      generate: { random: { string: { length: 4, charset: "numeric" } }, into: { var: "random1" } },
    },
    { type: { text: "${vars.random1}" } },
    { generate: { random: { string: { length: 8, charset: "alnum" } }, into: { var: "random2" } } },
    { type: { text: "${vars.random2}@example.com" } },
  ]);
});

Deno.test("pressKey: Enter and friends are press, back is back, device buttons are reported", () => {
  const s = translate(
    flow(
      "- pressKey: Enter\n- pressKey: back\n- pressKey:\n    key: tab\n- pressKey: Home\n- hideKeyboard\n",
    ),
  );
  assert.deepEqual(steps(s), [{ press: { key: "Enter" } }, { back: {} }, {
    press: { key: "Tab" },
  }]);
  assert.deepEqual(report(s).map((l) => l.split(" ").slice(0, 3).join(" ")), [
    "main.yaml:7: W_MAESTRO_KEY pressKey:",
    "main.yaml:8: W_MAESTRO_NO_EQUIVALENT hideKeyboard:",
  ]);
});
