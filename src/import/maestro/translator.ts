/**
 * The translation of one Maestro flow into one bajutsu scenario's step lists: the dispatcher over
 * the command families, the state they share (launch preconditions, the focused field, variable
 * names, the runFlow stack) and the findings (docs/import-maestro.md).
 *
 * @module
 */
import { stringify } from "yaml";
import type { PNode } from "../../yaml/pnode.ts";
import { toPlain } from "../../yaml/pnode.ts";
import { parseYaml } from "../../yaml/parse.ts";
import { newContext } from "../../scenario/validate/validation_context.ts";
import { step as validateStep } from "../../scenario/validate/step.ts";
import type { FlowRead } from "./flow_file.ts";
import { type Finding, type FindingCode, Untranslatable } from "./findings.ts";
import { type OutItem, stepItem, StepList, type StepObject, stepsOf } from "./out_items.ts";
import type { ImportedSelector } from "./selector.ts";
import { translateSelector } from "./selector.ts";
import { boolOf, child, type EnvScope, scalarText, textOf } from "./values.ts";

/** Where a command was read: its file (absolute and as shown) and the variables in scope. */
export interface FlowScope extends EnvScope {
  abs: string;
  file: string;
  /** The top-level flow's `appId` (a `launchApp` of another app cannot be translated). */
  appId?: string;
}

/** One Maestro command: `name: value`, or a bare name (`- back`) with a null value. */
export interface Command {
  name: string;
  value: PNode | null;
  item: PNode;
  line: number;
  scope: FlowScope;
  /** The command after this one in the same list (a `stopApp` before a `launchApp`). */
  next?: Command;
}

/** Translates one command into output items; throws `Untranslatable` for a command it cannot. */
export type Handler = (cmd: Command, t: Translator) => OutItem[];

/** What a translation needs from outside: reading referenced flows and naming files. */
export interface TranslatorIo {
  read(abs: string): FlowRead;
  display(abs: string): string;
}

/** Launch settings gathered from the flow's first `launchApp` / `clearState` / `openLink`. */
export interface Preconditions {
  erase?: boolean;
  launchArgs?: string[];
  deeplink?: string;
}

/** Commands whose translation honours `optional` itself (an `if exists`, or a finding). */
const OPTIONAL_AWARE: ReadonlySet<string> = new Set([
  "tapOn",
  "doubleTapOn",
  "longPressOn",
  "assertVisible",
  "assertNotVisible",
]);

/** The state of translating one top-level flow. */
export class Translator {
  readonly findings: Finding[] = [];
  readonly preconditions: Preconditions = {};
  /** Steps emitted so far: a `launchApp` before the first one is the scenario's own launch. */
  stepCount = 0;
  /** The field the last tap or text entry aimed at (Maestro types into the focused field). */
  focus: ImportedSelector | undefined;
  /** Files of the `runFlow`s being translated, outermost first (cycle detection). */
  readonly flowStack: string[] = [];
  #vars = 0;

  constructor(readonly io: TranslatorIo, readonly handlers: Readonly<Record<string, Handler>>) {}

  /** Translates a command list. */
  list(nodes: readonly PNode[], scope: FlowScope): OutItem[] {
    const cmds = nodes.map((n) => this.#parse(n, scope));
    cmds.forEach((c, i) => c.next = cmds[i + 1]);
    return cmds.flatMap((c) => this.command(c));
  }

  /** Translates one command, or leaves it as a comment with a finding. */
  command(cmd: Command): OutItem[] {
    try {
      const handler = Object.hasOwn(this.handlers, cmd.name) ? this.handlers[cmd.name] : undefined;
      if (!handler) {
        throw new Untranslatable(
          "UNKNOWN",
          "not a Maestro command this import knows",
          "check the command's spelling, or write the bajutsu step by hand",
        );
      }
      const items = handler(cmd, this);
      if (OPTIONAL_AWARE.has(cmd.name) || boolOf(child(cmd.value, "optional")) !== true) {
        return items;
      }
      const note = this.dropOption(
        cmd,
        "optional",
        "OPTION",
        "a failing bajutsu step fails the scenario; Maestro would have gone on",
        "wrap the steps in an `if` on the element they need, or drop `optional`",
      );
      return [note, ...items];
    } catch (err) {
      if (err instanceof Untranslatable) return [this.leaveOut(cmd, err)];
      throw err;
    }
  }

  /** Records a finding for the whole command and returns it as a comment. */
  leaveOut(cmd: Command, why: Untranslatable, option?: string): OutItem {
    const command = option ? `${cmd.name}.${option}` : cmd.name;
    const finding: Finding = {
      file: cmd.scope.file,
      line: cmd.line,
      command,
      code: why.code,
      why: why.why,
      instead: why.instead,
    };
    this.findings.push(finding);
    const head = `W_MAESTRO_${why.code} ${cmd.scope.file}:${cmd.line}: ${command}: ${why.why}; ` +
      `instead: ${why.instead}`;
    const source = option ? [] : stringify([toPlain(cmd.item)], { lineWidth: 0 }).trimEnd()
      .split("\n");
    return { kind: "comment", lines: [head, ...source] };
  }

  /** Records a finding for one option the translated command leaves out. */
  dropOption(
    cmd: Command,
    option: string,
    code: FindingCode,
    why: string,
    instead: string,
  ): OutItem {
    return this.leaveOut(cmd, new Untranslatable(code, why, instead), option);
  }

  /**
   * A translated step: the Maestro `label` names it, and it is checked against the scenario
   * grammar, so the output always loads (a step that would not is left out instead).
   */
  step(cmd: Command, body: StepObject): OutItem {
    const label = scalarText(child(cmd.value, "label"));
    const name = label?.replace(/[/\\]/g, "-").trim();
    const out = name && name !== "." && name !== ".." ? { name, ...body } : body;
    const problem = grammarProblem(out);
    if (problem) {
      throw new Untranslatable(
        "INVALID",
        `the translation is not a valid step: ${problem}`,
        "write the step by hand",
      );
    }
    this.stepCount++;
    return stepItem(out);
  }

  /** The selector of a command's value (a string is its text). */
  selector(cmd: Command, node: PNode | null | undefined = cmd.value): ImportedSelector {
    if (!node) {
      throw new Untranslatable("SELECTOR", "the command names no element", "add a selector");
    }
    return translateSelector(node, cmd.scope);
  }

  /** A string option with `${…}` resolved. */
  text(cmd: Command, node: PNode | null | undefined): string | undefined {
    return textOf(node, cmd.scope);
  }

  /** A fresh variable name for a value the flow produces (`random1`, `random2`, …). */
  newVar(prefix: string): string {
    this.#vars++;
    return `${prefix}${this.#vars}`;
  }

  #parse(item: PNode, scope: FlowScope): Command {
    const line = item.pos.line;
    if (item.kind === "scalar") {
      return { name: String(item.value), value: null, item, line, scope };
    }
    if (item.kind === "map" && item.entries.length === 1) {
      const [e] = item.entries;
      return { name: e.key, value: e.value, item, line, scope };
    }
    const keys = item.kind === "map" ? item.entries.map((e) => e.key).join(", ") : "a list";
    return { name: `{${keys}}`, value: null, item, line, scope };
  }
}

/** `steps` of nested output items as a `StepList` (for `if.then`). */
export function nested(items: OutItem[]): StepList {
  return new StepList(items);
}

/** The first grammar problem of a step, or undefined when it loads. */
function grammarProblem(body: StepObject): string | undefined {
  const text = stringify(plainStep(body), { lineWidth: 0 });
  const parsed = parseYaml(text, "import");
  if (parsed.errors.length > 0 || !parsed.node) return parsed.errors[0]?.message ?? "empty";
  // The typed pass, as lint reads a file with no templating: an environment token cannot fill a
  // number slot.
  const ctx = newContext(false);
  validateStep(ctx, parsed.node, "step");
  return ctx.errors[0]?.message;
}

/** A step with its nested `StepList`s as plain lists of steps. */
export function plainStep(value: unknown): unknown {
  if (value instanceof StepList) return stepsOf(value.items).map(plainStep);
  if (Array.isArray(value)) return value.map(plainStep);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainStep(v)]));
  }
  return value;
}
