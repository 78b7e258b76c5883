/**
 * Flow control: `runFlow` (a file or inline commands, with `when` as `if`), `repeat` (unrolled
 * `times`), `retry`, `runScript`, `evalScript` (docs/import-maestro.md#flow-control).
 *
 * @module
 */
import { dirname, resolve } from "node:path";
import type { PEntry, PNode } from "../../../yaml/pnode.ts";
import { formatLoadError } from "../../../yaml/load_error.ts";
import { Untranslatable } from "../findings.ts";
import type { OutItem } from "../out_items.ts";
import {
  type Command,
  type FlowScope,
  type Handler,
  nested,
  type Translator,
} from "../translator.ts";
import { child, scalarText } from "../values.ts";
import { numberOf } from "../values.ts";

/** Most passes a `repeat` is unrolled into. */
const MAX_UNROLL = 20;

const runFlow: Handler = (cmd, t) => {
  const v = cmd.value;
  const file = v?.kind === "scalar" ? scalarText(v) : scalarText(child(v, "file"));
  const inline = child(v, "commands");
  if (file === undefined && inline?.kind !== "seq") {
    throw new Untranslatable("RUNFLOW", "neither file nor commands given", "remove the command");
  }
  // The condition first: a runFlow left out must not report the commands inside it.
  const when = child(v, "when");
  const test = when && condition(cmd, t, when);
  const scope: FlowScope = { ...cmd.scope, env: withEnv(cmd, t, child(v, "env")) };
  const items = file !== undefined
    ? fromFile(cmd, t, file, scope)
    : t.list((inline as { items: PNode[] }).items, scope);
  return test ? [t.step(cmd, { if: { condition: test, then: nested(items) } })] : items;
};

/** The caller's variables with the runFlow's `env` over them (values read in the caller's scope). */
function withEnv(cmd: Command, t: Translator, node: PNode | undefined): Map<string, string> {
  const env = new Map(cmd.scope.env);
  if (node?.kind === "map") {
    for (const e of node.entries) env.set(e.key, t.text(cmd, e.value) ?? "");
  }
  return env;
}

/** A referenced flow, translated in place: its onFlowStart, commands and onFlowComplete. */
function fromFile(cmd: Command, t: Translator, file: string, scope: FlowScope): OutItem[] {
  const abs = resolve(dirname(cmd.scope.abs), file);
  if (abs === cmd.scope.abs || t.flowStack.includes(abs)) {
    throw new Untranslatable(
      "RUNFLOW",
      `${file} runs itself (a cycle through runFlow)`,
      "break the cycle",
    );
  }
  const read = t.io.read(abs);
  if (!read.ok) {
    throw new Untranslatable(
      "RUNFLOW",
      `cannot read ${file}: ${formatLoadError(read.errors[0])}`,
      "fix the path, or copy the commands in",
    );
  }
  const { flow } = read;
  const env = new Map(scope.env);
  for (const [k, v] of envEntries(flow.config)) if (!env.has(k)) env.set(k, v);
  const sub: FlowScope = { ...scope, abs, file: t.io.display(abs), env };
  const hook = (key: string) => {
    const node = flow.config.find((e) => e.key === key)?.value;
    return node?.kind === "seq" ? t.list(node.items, sub) : [];
  };
  t.flowStack.push(abs);
  try {
    return [...hook("onFlowStart"), ...t.list(flow.commands, sub), ...hook("onFlowComplete")];
  } finally {
    t.flowStack.pop();
  }
}

/** A flow header's `env` as text values. */
export function envEntries(config: readonly PEntry[]): [string, string][] {
  const node = config.find((e) => e.key === "env")?.value;
  if (node?.kind !== "map") return [];
  return node.entries.map((e) => [e.key, scalarText(e.value) ?? ""]);
}

/** A `when`/`while` condition as a bajutsu assertion (read once). */
function condition(cmd: Command, t: Translator, node: PNode): Record<string, unknown> {
  const visible = child(node, "visible");
  const notVisible = child(node, "notVisible");
  if (child(node, "platform")) {
    throw new Untranslatable(
      "CONDITION",
      "a platform condition: a bajutsu scenario does not branch on the platform",
      "put the platform's steps in a scenario tagged for it and select it with --tag",
    );
  }
  if (child(node, "true")) {
    throw new Untranslatable(
      "SCRIPT",
      "the condition is JavaScript, which bajutsu does not run",
      "an `if` on an element (`exists`)",
    );
  }
  if (visible && !notVisible) return { exists: t.selector(cmd, visible) };
  if (notVisible && !visible) return { exists: { ...t.selector(cmd, notVisible), negate: true } };
  throw new Untranslatable(
    "CONDITION",
    "a condition on several things at once: a bajutsu `if` checks one",
    "nest one `if` per condition",
  );
}

const repeat: Handler = (cmd, t) => {
  const v = cmd.value;
  if (child(v, "while")) {
    throw new Untranslatable(
      "LOOP",
      "a loop until a condition: bajutsu has no loop over time",
      "`scroll: {to: …}` when the loop scrolls for an element, or `forEach` over the elements",
    );
  }
  const times = numberOf(child(v, "times"), cmd.scope, "times");
  if (times === undefined || !Number.isInteger(times) || times < 0 || times > MAX_UNROLL) {
    throw new Untranslatable(
      "LOOP",
      `repeat ${times ?? "forever"}: more passes than this import unrolls (${MAX_UNROLL})`,
      "write the passes out, or loop over elements with `forEach`",
    );
  }
  const body = child(v, "commands");
  const once = body?.kind === "seq" ? t.list(body.items, cmd.scope) : [];
  return Array.from({ length: times }, () => structuredClone(once)).flat();
};

const retry: Handler = () => {
  throw new Untranslatable(
    "LOOP",
    "bajutsu does not retry steps: a step passes or fails deterministically",
    "wait for the state the retry waited for (`wait`)",
  );
};

function script(): Handler {
  return () => {
    throw new Untranslatable(
      "SCRIPT",
      "bajutsu runs no JavaScript",
      "`http` for backend calls, `generate` for test data, `extract` to read the screen",
    );
  };
}

/** The flow-control family. */
export const FLOW_COMMANDS: Record<string, Handler> = {
  runFlow,
  repeat,
  retry,
  runScript: script(),
  evalScript: script(),
};
