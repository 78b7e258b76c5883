/**
 * Text commands: `inputText`, `inputRandom*`, `eraseText`, `copyTextFrom`, `pasteText`,
 * `pressKey`, `hideKeyboard` (docs/import-maestro.md#text-ids-and-variables). Maestro types into the focused
 * field; bajutsu's `type` does too, and `clear`/`delete` name the field the flow last tapped.
 *
 * @module
 */
import { Untranslatable } from "../findings.ts";
import type { Handler } from "../translator.ts";
import { child, numberOf } from "../values.ts";
import { LOOKUP_TIMEOUT_S } from "./timing.ts";

/** The variable `copyTextFrom` fills and `pasteText` types (`${maestro.copiedText}` too). */
export const COPIED_TEXT_VAR = "copiedText";

const inputText: Handler = (cmd, t) => {
  const v = cmd.value;
  const text = v?.kind === "map" ? t.text(cmd, child(v, "text")) : t.text(cmd, v);
  if (text === undefined) throw new Untranslatable("OPTION", "no text given", "remove the command");
  return [t.step(cmd, { type: { text } })];
};

type RandomKind = "text" | "number" | "email" | "personName";

function inputRandom(kind: RandomKind): Handler {
  return (cmd, t) => {
    const length = kind === "text" || kind === "number"
      ? numberOf(child(cmd.value, "length"), cmd.scope, "length") ?? 8
      : 8;
    const charset = kind === "number" ? "numeric" : kind === "personName" ? "alpha" : "alnum";
    const name = t.newVar("random");
    const text = kind === "email" ? `\${vars.${name}}@example.com` : `\${vars.${name}}`;
    return [
      t.step(cmd, { generate: { random: { string: { length, charset } }, into: { var: name } } }),
      t.step(cmd, { type: { text } }),
    ];
  };
}

/** `eraseText`: all (`clear`) or `n` characters (`delete`) of the field last tapped. */
const eraseText: Handler = (cmd, t) => {
  const v = cmd.value;
  const count = numberOf(v?.kind === "map" ? child(v, "charactersToErase") : v, cmd.scope, "count");
  const into = t.focus;
  if (!into) {
    throw new Untranslatable(
      "NO_EQUIVALENT",
      "bajutsu erases text of a named field, and the flow tapped none before",
      "`clear: {into: <the field>}`",
    );
  }
  if (count === undefined) return [t.step(cmd, { clear: { into } })];
  if (count <= 0) return [];
  return [t.step(cmd, { delete: { into, count } })];
};

const copyTextFrom: Handler = (cmd, t) => {
  const sel = t.selector(cmd);
  return [t.step(cmd, {
    wait: { for: sel, timeout: LOOKUP_TIMEOUT_S },
    extract: { [COPIED_TEXT_VAR]: { sel, prop: "label" } },
  })];
};

const pasteText: Handler = (
  cmd,
  t,
) => [t.step(cmd, { type: { text: `\${vars.${COPIED_TEXT_VAR}}` } })];

/** Maestro key names (case-insensitive) → bajutsu `press` keys. */
const KEYS: Record<string, string> = {
  enter: "Enter",
  backspace: "Backspace",
  tab: "Tab",
  escape: "Escape",
  "remote dpad up": "ArrowUp",
  "remote dpad down": "ArrowDown",
  "remote dpad left": "ArrowLeft",
  "remote dpad right": "ArrowRight",
};

const pressKey: Handler = (cmd, t) => {
  const v = cmd.value;
  const name = (v?.kind === "map" ? t.text(cmd, child(v, "key")) : t.text(cmd, v)) ?? "";
  const lower = name.toLowerCase();
  if (lower === "back") return [t.step(cmd, { back: {} })];
  const key = KEYS[lower];
  if (key) return [t.step(cmd, { press: { key } })];
  throw new Untranslatable(
    "KEY",
    `the ${JSON.stringify(name)} key is a device button bajutsu does not press`,
    lower === "home"
      ? "`background: {}` to leave the app"
      : "drive the app through its own controls",
  );
};

const hideKeyboard: Handler = () => {
  throw new Untranslatable(
    "NO_EQUIVALENT",
    "bajutsu has no keyboard step: a tap on an element the keyboard covers scrolls it into reach first",
    "drop it, or tap a neutral element to dismiss the keyboard",
  );
};

/** The text family. */
export const TEXT_COMMANDS: Record<string, Handler> = {
  inputText,
  inputRandomText: inputRandom("text"),
  inputRandomNumber: inputRandom("number"),
  inputRandomEmail: inputRandom("email"),
  inputRandomPersonName: inputRandom("personName"),
  eraseText,
  copyTextFrom,
  pasteText,
  pressKey,
  hideKeyboard,
  "hide keyboard": hideKeyboard,
};
