/**
 * One scenario mapping (docs/scenario-language.md#a-scenario) → typed `Scenario` with the defaults
 * filled (docs/scenario-language.md#defaults).
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { AfterRule, Interrupt, Mock, Scenario } from "../types.ts";
import { indexPath, keyPath, report, warn } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, field, required, seqNode } from "../../yaml/mapping.ts";
import { nonEmptyStr, oneOf, str, strList, strMap } from "../../yaml/scalars.ts";
import { stepList } from "./step.ts";
import { assertion, assertionList } from "./assertion.ts";
import { captureRules } from "./capture.ts";
import { mock } from "./request.ts";
import { defaultPreconditions, preconditions } from "./preconditions.ts";
import { network, permissions, redact, systemAlertHandling } from "./policies.ts";

/** Deprecated spellings of `systemAlertHandling`. */
const ALERT_ALIASES = ["alertHandling", "dismissAlerts"] as const;

/** Every key a scenario mapping may hold. */
export const SCENARIO_KEYS: ReadonlySet<string> = new Set([
  "name",
  "description",
  "from",
  "tags",
  "data",
  "dataFile",
  "preconditions",
  "before",
  "after",
  "steps",
  "expect",
  "capturePolicy",
  "interrupts",
  "mocks",
  "network",
  "redact",
  "systemAlertHandling",
  ...ALERT_ALIASES,
  "permissions",
]);
const AFTER_KEYS: ReadonlySet<string> = new Set(["on", "steps"]);
const INTERRUPT_KEYS: ReadonlySet<string> = new Set(["condition", "steps"]);
const AFTER_ON = ["always", "success", "error"] as const;

/** Validates one scenario mapping. */
export function scenario(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): Scenario | undefined {
  const m = closedMap(ctx, node, path, SCENARIO_KEYS, "a scenario");
  if (!m) return undefined;
  const n = required(ctx, m, "name", path);
  const name = n && str(ctx, n, keyPath(path, "name"));
  const st = required(ctx, m, "steps", path);
  const out: Scenario = {
    name: name ?? "",
    tags: [],
    preconditions: defaultPreconditions(),
    before: [],
    after: [],
    steps: st ? stepList(ctx, st, keyPath(path, "steps")) : [],
    expect: [],
    capturePolicy: [],
    interrupts: [],
    mocks: [],
    permissions: {},
    file: m.pos.file,
    pos: m.pos,
  };
  let alertKey: string | undefined;
  let dataKey: string | undefined;
  for (const e of m.entries) {
    const p = keyPath(path, e.key);
    const v = e.value;
    switch (e.key) {
      case "description":
        out.description = str(ctx, v, p);
        break;
      case "from":
        out.from = str(ctx, v, p);
        break;
      case "tags":
        out.tags = strList(ctx, v, p) ?? [];
        break;
      case "data":
      case "dataFile":
        if (e.key === "data") dataRows(ctx, v, p);
        else nonEmptyStr(ctx, v, p);
        if (dataKey !== undefined) {
          report(ctx, e.keyPos, "E_DATA_XOR", p, "data and dataFile are mutually exclusive");
        }
        dataKey = e.key;
        break;
      case "preconditions":
        out.preconditions = preconditions(ctx, v, p);
        break;
      case "before":
        out.before = stepList(ctx, v, p);
        break;
      case "after":
        out.after = afterRules(ctx, v, p);
        break;
      case "expect":
        out.expect = assertionList(ctx, v, p);
        break;
      case "capturePolicy":
        out.capturePolicy = captureRules(ctx, v, p);
        break;
      case "interrupts":
        out.interrupts = interrupts(ctx, v, p);
        break;
      case "mocks":
        out.mocks = mocks(ctx, v, p);
        break;
      case "network":
        out.network = network(ctx, v, p);
        break;
      case "redact":
        out.redact = redact(ctx, v, p);
        break;
      case "permissions":
        out.permissions = permissions(ctx, v, p);
        break;
      case "systemAlertHandling":
      case "alertHandling":
      case "dismissAlerts":
        if (e.key !== "systemAlertHandling") {
          warn(ctx, e.keyPos, "W_DEPRECATED", p, `${e.key} is deprecated; use systemAlertHandling`);
        }
        if (alertKey !== undefined) {
          report(
            ctx,
            e.keyPos,
            "E_DUPLICATE_KEY",
            p,
            `${e.key} and ${alertKey} both set system alert handling; keep only systemAlertHandling`,
          );
          break;
        }
        alertKey = e.key;
        out.systemAlertHandling = systemAlertHandling(ctx, v, p);
        break;
    }
  }
  return name === undefined || !st ? undefined : out;
}

/** `data: [{col: text, …}, …]`. */
function dataRows(ctx: ValidationContext, node: PNode, path: string): void {
  const s = seqNode(ctx, node, path, "a list of data rows");
  if (!s) return;
  s.items.forEach((row, i) => strMap(ctx, row, indexPath(path, i)));
}

function afterRules(ctx: ValidationContext, node: PNode, path: string): AfterRule[] {
  const s = seqNode(ctx, node, path, "a list of after rules");
  if (!s) return [];
  const out: AfterRule[] = [];
  s.items.forEach((item, i) => {
    const p = indexPath(path, i);
    const m = closedMap(ctx, item, p, AFTER_KEYS, "an after rule {on?, steps}");
    if (!m) return;
    let on: AfterRule["on"] | undefined = "always";
    const o = field(m, "on");
    if (o) on = oneOf(ctx, o, keyPath(p, "on"), AFTER_ON);
    const st = required(ctx, m, "steps", p);
    const steps = st ? stepList(ctx, st, keyPath(p, "steps")) : [];
    if (on && st) out.push({ on, steps });
  });
  return out;
}

/**
 * `interrupts`: `[{condition: Assertion, steps?: Step[]}]` (a scenario's, and the config's
 * app-wide list).
 *
 * @example
 * ```ts
 * interrupts(ctx, node, "interrupts"); // [{ condition, steps }]
 * ```
 */
export function interrupts(ctx: ValidationContext, node: PNode, path: string): Interrupt[] {
  const s = seqNode(ctx, node, path, "a list of interrupts");
  if (!s) return [];
  const out: Interrupt[] = [];
  s.items.forEach((item, i) => {
    const p = indexPath(path, i);
    const m = closedMap(ctx, item, p, INTERRUPT_KEYS, "an interrupt {condition, steps?}");
    if (!m) return;
    const c = required(ctx, m, "condition", p);
    const condition = c && assertion(ctx, c, keyPath(p, "condition"));
    const st = field(m, "steps");
    const steps = st ? stepList(ctx, st, keyPath(p, "steps")) : [];
    if (condition) out.push({ condition, steps });
  });
  return out;
}

function mocks(ctx: ValidationContext, node: PNode, path: string): Mock[] {
  const s = seqNode(ctx, node, path, "a list of mocks");
  if (!s) return [];
  const out: Mock[] = [];
  s.items.forEach((item, i) => {
    const mk = mock(ctx, item, indexPath(path, i));
    if (mk) out.push(mk);
  });
  return out;
}
