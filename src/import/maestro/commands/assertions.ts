/**
 * Assertions and waits: `assertVisible`, `assertNotVisible`, `extendedWaitUntil`,
 * `waitForAnimationToEnd`, `assertTrue` (docs/import-maestro.md#assertions-and-waits). Maestro
 * polls for an element before it asserts, so each becomes a bounded `wait`: `for` the element,
 * or `until` it is `gone`.
 *
 * @module
 */
import type { PNode } from "../../../yaml/pnode.ts";
import { Untranslatable } from "../findings.ts";
import type { Command, Handler, Translator } from "../translator.ts";
import { boolOf, child, numberOf } from "../values.ts";
import { ANIMATION_TIMEOUT_S, LOOKUP_TIMEOUT_S, seconds } from "./timing.ts";

function visibility(visible: boolean): Handler {
  return (cmd, t) => {
    if (boolOf(child(cmd.value, "optional")) === true) {
      throw new Untranslatable(
        "OPTIONAL",
        "an optional assertion never fails in Maestro, so there is nothing to check",
        "drop it, or remove `optional` to check it",
      );
    }
    return [waitFor(cmd, t, cmd.value, visible, LOOKUP_TIMEOUT_S)];
  };
}

function waitFor(
  cmd: Command,
  t: Translator,
  node: PNode | null | undefined,
  visible: boolean,
  timeout: number,
) {
  const sel = t.selector(cmd, node);
  return t.step(
    cmd,
    visible ? { wait: { for: sel, timeout } } : {
      wait: { until: { gone: sel }, timeout },
    },
  );
}

const extendedWaitUntil: Handler = (cmd, t) => {
  const ms = numberOf(child(cmd.value, "timeout"), cmd.scope, "timeout");
  const timeout = ms === undefined ? LOOKUP_TIMEOUT_S : seconds(ms);
  const visible = child(cmd.value, "visible");
  const notVisible = child(cmd.value, "notVisible");
  if (visible && notVisible) {
    return [waitFor(cmd, t, visible, true, timeout), waitFor(cmd, t, notVisible, false, timeout)];
  }
  if (visible) return [waitFor(cmd, t, visible, true, timeout)];
  if (notVisible) return [waitFor(cmd, t, notVisible, false, timeout)];
  throw new Untranslatable("OPTION", "neither visible nor notVisible given", "remove the command");
};

const waitForAnimationToEnd: Handler = (cmd, t) => {
  const ms = numberOf(child(cmd.value, "timeout"), cmd.scope, "timeout");
  const timeout = ms === undefined ? ANIMATION_TIMEOUT_S : seconds(ms);
  return [t.step(cmd, { wait: { until: "settled", timeout } })];
};

const assertTrue: Handler = () => {
  throw new Untranslatable(
    "SCRIPT",
    "the condition is JavaScript, which bajutsu does not run",
    "an `assert` with `value`/`label`/`count` checks of the screen",
  );
};

function aiCommand(): Handler {
  return () => {
    throw new Untranslatable(
      "NO_EQUIVALENT",
      "an AI judgement is not a deterministic check",
      "assert the elements the judgement is about (`assert`, `wait`)",
    );
  };
}

/** The assertion family. */
export const ASSERTION_COMMANDS: Record<string, Handler> = {
  assertVisible: visibility(true),
  assertNotVisible: visibility(false),
  extendedWaitUntil,
  waitForAnimationToEnd,
  assertTrue,
  assertWithAI: aiCommand(),
  assertNoDefectsWithAI: aiCommand(),
  extractTextWithAI: aiCommand(),
};
