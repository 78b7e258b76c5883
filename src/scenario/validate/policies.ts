/**
 * Scenario-level policy blocks: `redact` (docs/redaction.md#the-redact-block), `network` (report
 * filtering), `systemAlertHandling` (+ deprecated aliases) and `permissions`
 * (docs/scenario-language.md#a-scenario).
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { Redact, Scenario, SystemAlertHandling } from "../types.ts";
import { indexPath, keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, field, required, seqNode } from "../../yaml/mapping.ts";
import { bool, num, oneOf, str, strList } from "../../yaml/scalars.ts";
import { ALERT_CHOICES, RULE_PROMPTS } from "./device_control.ts";
import { describeNode } from "../../yaml/describe.ts";

/** Services `permissions` may name. */
export const PERMISSION_SERVICES = [
  "location",
  "camera",
  "microphone",
  "contacts",
  "photos",
  "calendar",
  "notifications",
] as const;

const REDACT_LISTS = ["labels", "headers", "fields", "unmaskHeaders"] as const;
const REDACT_FLAGS = ["unmaskSecureFields", "unmaskCredentialNames"] as const;
const REDACT_KEYS: ReadonlySet<string> = new Set([...REDACT_LISTS, ...REDACT_FLAGS]);
const NETWORK_KEYS: ReadonlySet<string> = new Set(["filter"]);
const FILTER_KEYS: ReadonlySet<string> = new Set(["domains"]);
const ALERT_CFG_KEYS: ReadonlySet<string> = new Set([
  "enabled",
  "rules",
  "instruction",
  "labels",
  "pollInterval",
]);
const RULE_KEYS: ReadonlySet<string> = new Set(["prompt", "choice"]);
const SERVICES: ReadonlySet<string> = new Set(PERMISSION_SERVICES);

/** `redact: {labels?, headers?, fields?, unmaskHeaders?, unmaskSecureFields?, …}`. */
export function redact(ctx: ValidationContext, node: PNode, path: string): Redact | undefined {
  const m = closedMap(ctx, node, path, REDACT_KEYS, "a redact block");
  if (!m) return undefined;
  const out: Redact = {};
  for (const e of m.entries) {
    const p = keyPath(path, e.key);
    if ((REDACT_LISTS as readonly string[]).includes(e.key)) {
      out[e.key as (typeof REDACT_LISTS)[number]] = strList(ctx, e.value, p);
    } else if ((REDACT_FLAGS as readonly string[]).includes(e.key)) {
      out[e.key as (typeof REDACT_FLAGS)[number]] = bool(ctx, e.value, p);
    } // any other key was already reported as unknown by closedMap
  }
  return out;
}

/** `network: {filter?: {domains?: string[]}}`. */
export function network(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): Scenario["network"] {
  const m = closedMap(ctx, node, path, NETWORK_KEYS, "a network block");
  if (!m) return undefined;
  const f = field(m, "filter");
  if (!f) return {};
  const fp = keyPath(path, "filter");
  const fm = closedMap(ctx, f, fp, FILTER_KEYS, "a network filter");
  if (!fm) return undefined;
  const d = field(fm, "domains");
  return { filter: d ? { domains: strList(ctx, d, keyPath(fp, "domains")) } : {} };
}

/**
 * `systemAlertHandling: bool | {enabled?=true, rules?, instruction?, pollInterval? > 0}`;
 * rule prompts must be unique.
 */
export function systemAlertHandling(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): SystemAlertHandling | undefined {
  if (node.kind !== "map") return bool(ctx, node, path);
  const m = closedMap(ctx, node, path, ALERT_CFG_KEYS, "systemAlertHandling");
  if (!m) return undefined;
  const out: Exclude<SystemAlertHandling, boolean> = { enabled: true };
  for (const e of m.entries) {
    const p = keyPath(path, e.key);
    switch (e.key) {
      case "enabled":
        out.enabled = bool(ctx, e.value, p) ?? true;
        break;
      case "rules":
        out.rules = alertRules(ctx, e.value, p);
        break;
      case "instruction":
        out.instruction = e.value.kind === "seq" ? strList(ctx, e.value, p) : str(ctx, e.value, p);
        break;
      case "labels":
        out.labels = strList(ctx, e.value, p);
        break;
      case "pollInterval": {
        const n = num(ctx, e.value, p);
        if (n !== undefined && n <= 0) {
          report(ctx, e.value.pos, "E_COUNT_POSITIVE", p, `pollInterval must be > 0, got ${n}`);
        } else out.pollInterval = n;
        break;
      }
    }
  }
  return out;
}

type AlertRule = NonNullable<Exclude<SystemAlertHandling, boolean>["rules"]>[number];

function alertRules(ctx: ValidationContext, node: PNode, path: string): AlertRule[] | undefined {
  const s = seqNode(ctx, node, path, "a list of alert rules");
  if (!s) return undefined;
  const out: AlertRule[] = [];
  const seen = new Set<string>();
  s.items.forEach((item, i) => {
    const p = indexPath(path, i);
    const m = closedMap(ctx, item, p, RULE_KEYS, "an alert rule {prompt, choice}");
    if (!m) return;
    const pn = required(ctx, m, "prompt", p);
    const prompt = pn && oneOf(ctx, pn, keyPath(p, "prompt"), RULE_PROMPTS);
    const cn = required(ctx, m, "choice", p);
    const choice = cn && oneOf(ctx, cn, keyPath(p, "choice"), ALERT_CHOICES);
    if (prompt && seen.has(prompt)) {
      report(
        ctx,
        pn!.pos,
        "E_DUPLICATE_KEY",
        keyPath(p, "prompt"),
        `prompt ${prompt} already has a rule (prompts must be unique)`,
      );
      return;
    }
    if (prompt) seen.add(prompt);
    if (prompt && choice) out.push({ prompt, choice });
  });
  return out;
}

/** `permissions: {<service>: grant|revoke}` (E_PERMISSION). */
export function permissions(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): Record<string, "grant" | "revoke"> {
  const out: Record<string, "grant" | "revoke"> = {};
  if (node.kind !== "map") {
    report(ctx, node.pos, "E_TYPE", path, `expected a mapping, got ${describeNode(node)}`);
    return out;
  }
  for (const e of node.entries) {
    const p = keyPath(path, e.key);
    if (!SERVICES.has(e.key)) {
      report(
        ctx,
        e.keyPos,
        "E_PERMISSION",
        p,
        `unknown permission service "${e.key}"; expected one of ${PERMISSION_SERVICES.join(", ")}`,
      );
      continue;
    }
    const v = oneOf(ctx, e.value, p, ["grant", "revoke"] as const, "E_PERMISSION");
    if (v) out[e.key] = v;
  }
  return out;
}
