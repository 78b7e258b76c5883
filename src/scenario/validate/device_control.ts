/**
 * Device and app-lifecycle step bodies (docs/scenario-language.md#device-control): relaunch,
 * setLocation, push, setClipboard, overrideStatusBar, handleSystemAlert, manual.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { StepBodies } from "../types.ts";
import { keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, field, presentKeys, required } from "../../yaml/mapping.ts";
import { anyMap, int, nonEmptyStr, num, oneOf, str, strList, strMap } from "../../yaml/scalars.ts";
import { selector } from "./selector.ts";

/** Prompts the intent form of handleSystemAlert (and alert rules) can name. */
export const ALERT_PROMPTS = ["notifications", "tracking", "paste", "savePassword"] as const;
/**
 * What an alert-handling rule may name: the system prompts, and a web page's JavaScript dialogs
 * (docs/scenario-language.md#dialogs).
 */
export const RULE_PROMPTS = [
  ...ALERT_PROMPTS,
  "alert",
  "confirm",
  "prompt",
  "beforeunload",
] as const;
/** Answers to a system prompt. */
export const ALERT_CHOICES = ["grant", "deny"] as const;
/** The only selector fields a SpringBoard alert button can carry. */
const ALERT_SEL_FIELDS: ReadonlySet<string> = new Set(["label", "labelMatches", "index"]);

const RELAUNCH_KEYS: ReadonlySet<string> = new Set(["env", "args"]);
const LOCATION_KEYS: ReadonlySet<string> = new Set(["lat", "lon"]);
const PUSH_KEYS: ReadonlySet<string> = new Set(["payload"]);
const TEXT_KEYS: ReadonlySet<string> = new Set(["text"]);
const STATUS_BAR_KEYS: ReadonlySet<string> = new Set([
  "time",
  "batteryLevel",
  "batteryState",
  "cellularBars",
  "wifiBars",
]);
const ALERT_KEYS: ReadonlySet<string> = new Set(["sel", "prompt", "choice", "timeout"]);
const MANUAL_KEYS: ReadonlySet<string> = new Set(["label", "bypass"]);

/** `relaunch: {env?, args?}`. */
export function relaunch(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["relaunch"] | undefined {
  const m = closedMap(ctx, node, path, RELAUNCH_KEYS, "a relaunch payload");
  if (!m) return undefined;
  const out: StepBodies["relaunch"] = {};
  const env = field(m, "env");
  if (env) out.env = strMap(ctx, env, keyPath(path, "env"));
  const args = field(m, "args");
  if (args) out.args = strList(ctx, args, keyPath(path, "args"));
  return out;
}

/** `setLocation: {lat, lon}`. */
export function setLocation(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["setLocation"] | undefined {
  const m = closedMap(ctx, node, path, LOCATION_KEYS, "a setLocation payload");
  if (!m) return undefined;
  const la = required(ctx, m, "lat", path);
  const lat = la && num(ctx, la, keyPath(path, "lat"));
  const lo = required(ctx, m, "lon", path);
  const lon = lo && num(ctx, lo, keyPath(path, "lon"));
  return lat !== undefined && lon !== undefined ? { lat, lon } : undefined;
}

/** `push: {payload: map}`. */
export function push(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["push"] | undefined {
  const m = closedMap(ctx, node, path, PUSH_KEYS, "a push payload");
  const p = m && required(ctx, m, "payload", path);
  const payload = p && anyMap(ctx, p, keyPath(path, "payload"));
  return payload && { payload };
}

/** `setClipboard: {text}`. */
export function setClipboard(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["setClipboard"] | undefined {
  const m = closedMap(ctx, node, path, TEXT_KEYS, "a setClipboard payload");
  const t = m && required(ctx, m, "text", path);
  const text = t && str(ctx, t, keyPath(path, "text"));
  return text === undefined ? undefined : { text };
}

/** `overrideStatusBar: {time?, batteryLevel?, batteryState?, cellularBars?, wifiBars?}`. */
export function overrideStatusBar(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["overrideStatusBar"] | undefined {
  const m = closedMap(ctx, node, path, STATUS_BAR_KEYS, "an overrideStatusBar payload");
  if (!m) return undefined;
  const out: StepBodies["overrideStatusBar"] = {};
  for (const e of m.entries) {
    const p = keyPath(path, e.key);
    switch (e.key) {
      case "time":
      case "batteryState":
        out[e.key] = str(ctx, e.value, p);
        break;
      case "batteryLevel":
      case "cellularBars":
      case "wifiBars":
        out[e.key] = int(ctx, e.value, p);
        break;
    }
  }
  return out;
}

/**
 * `handleSystemAlert`: `{sel, timeout}` with a label-only selector (E_ALERT_SEL), or
 * `{prompt, choice, timeout}`; exactly one naming form (E_ALERT_FORM).
 */
export function handleSystemAlert(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["handleSystemAlert"] | undefined {
  const m = closedMap(ctx, node, path, ALERT_KEYS, "a handleSystemAlert payload");
  if (!m) return undefined;
  const t = required(ctx, m, "timeout", path);
  const timeout = t && num(ctx, t, keyPath(path, "timeout"));
  const hasSel = field(m, "sel") !== undefined;
  const intent = presentKeys(m, ["prompt", "choice"]);
  if (hasSel === (intent.length > 0)) {
    report(
      ctx,
      m.pos,
      "E_ALERT_FORM",
      path,
      `handleSystemAlert needs exactly one naming form: {sel, timeout} or {prompt, choice, ` +
        `timeout}; got ${hasSel ? "both" : "neither"}`,
    );
    return undefined;
  }
  if (hasSel) {
    const selNode = field(m, "sel")!;
    const p = keyPath(path, "sel");
    const sel = selector(ctx, selNode, p);
    if (selNode.kind === "map") {
      for (const e of selNode.entries) {
        if (!ALERT_SEL_FIELDS.has(e.key)) {
          report(
            ctx,
            e.keyPos,
            "E_ALERT_SEL",
            keyPath(p, e.key),
            `handleSystemAlert sel accepts only label, labelMatches, index (a system alert ` +
              `button carries no ${e.key})`,
          );
        }
      }
    }
    return sel && timeout !== undefined ? { sel, timeout } : undefined;
  }
  if (intent.length !== 2) {
    report(ctx, m.pos, "E_ALERT_FORM", path, "the intent form needs both prompt and choice");
    return undefined;
  }
  const prompt = oneOf(ctx, field(m, "prompt")!, keyPath(path, "prompt"), ALERT_PROMPTS);
  const choice = oneOf(ctx, field(m, "choice")!, keyPath(path, "choice"), ALERT_CHOICES);
  return prompt && choice && timeout !== undefined ? { prompt, choice, timeout } : undefined;
}

/** `manual: {label (non-empty), bypass?}`. */
export function manual(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["manual"] | undefined {
  const m = closedMap(ctx, node, path, MANUAL_KEYS, "a manual payload");
  if (!m) return undefined;
  const l = required(ctx, m, "label", path);
  const label = l && nonEmptyStr(ctx, l, keyPath(path, "label"));
  const b = field(m, "bypass");
  const bypass = b && str(ctx, b, keyPath(path, "bypass"));
  if (label === undefined) return undefined;
  return bypass === undefined ? { label } : { label, bypass };
}
