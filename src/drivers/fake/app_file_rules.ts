/**
 * The behaviour part of the fake app file: effects, reactions, timers, alerts, crashes, latency
 * and network exchanges. Shapes only; cross-references (screen and alert names, target ids) are
 * checked once the whole file is read (`app_file_refs.ts`).
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import { indexPath, keyPath, type ReadContext, report } from "../../yaml/read_context.ts";
import { closedEntries, seqNode } from "../../yaml/mapping.ts";
import { bool, nonEmptyStr, oneOf, strList } from "../../yaml/scalars.ts";
import { dictOf } from "../../yaml/combinators.ts";
import type { Selector } from "../../scenario/types.ts";
import type { RefChecker } from "./app_file_refs.ts";
import { readSelector } from "./app_file_selector.ts";
import { frame, integerAtLeast, nullableText, numberAtLeast, text } from "./app_file_values.ts";
import { DRIVER_METHODS } from "./crash_injector.ts";
import type {
  FakeAlertSpec,
  FakeCrashSpec,
  FakeEffect,
  FakeEffectBody,
  FakeExchangeSpec,
  FakeLatencySpec,
  FakeReactionSpec,
  FakeTimerSpec,
  FakeTrigger,
  FakeTriggerKind,
} from "./types.ts";

const EFFECT_KINDS = [
  "goto",
  "back",
  "reveal",
  "hide",
  "set",
  "increment",
  "alert",
  "collapse",
  "exchange",
] as const;

const TRIGGER_KINDS: readonly FakeTriggerKind[] = [
  "tap",
  "doubleTap",
  "longPress",
  "submit",
  "type",
  "selectOption",
  "setPickerValue",
];

/** Milliseconds and other amounts that cannot be negative. */
const nonNegative = numberAtLeast(0);
/** Call counts, `times`. */
const positiveInteger = integerAtLeast(1);
/** An HTTP status. */
const status = integerAtLeast(100);
/** HTTP headers: names to texts. */
const headers = dictOf(text);

/** `back: true` (the only value `back` takes). */
function readBack(ctx: ReadContext, node: PNode, path: string): true | undefined {
  const b = bool(ctx, node, path);
  if (b === undefined) return undefined;
  return b ? true : report(ctx, node.pos, "E_TYPE", path, "write back: true");
}

/**
 * `then:` — a list of one-key effect mappings, each with an optional `afterMs`. `scope` is the
 * screen whose elements the effects edit, when the rule names one.
 */
export function readEffects(
  ctx: ReadContext,
  refs: RefChecker,
  node: PNode,
  path: string,
  scope: string | null,
): FakeEffect[] | undefined {
  const items = seqNode(ctx, node, path)?.items;
  if (items === undefined) return undefined;
  const out = items.map((item, i) => readEffect(ctx, refs, item, indexPath(path, i), scope));
  return out.every((e) => e !== undefined) ? out : undefined;
}

function readEffect(
  ctx: ReadContext,
  refs: RefChecker,
  node: PNode,
  path: string,
  scope: string | null,
): FakeEffect | undefined {
  const fields = closedEntries(ctx, node, path, [...EFFECT_KINDS, "afterMs"]);
  if (fields === undefined) return undefined;
  const kinds = EFFECT_KINDS.filter((k) => fields.has(k));
  if (kinds.length !== 1) {
    return report(
      ctx,
      node.pos,
      "E_CONFIG",
      path,
      `an effect needs exactly one of ${EFFECT_KINDS.join(", ")}`,
    );
  }
  const afterNode = fields.get("afterMs")?.value;
  const afterMs = afterNode ? nonNegative(ctx, afterNode, keyPath(path, "afterMs")) : 0;
  const kind = kinds[0];
  const v = fields.get(kind)!.value;
  const at = keyPath(path, kind);
  const body = readEffectBody(ctx, kind, v, at);
  if (body === undefined || afterMs === undefined || !effectRefsOk(refs, body, scope, v, at)) {
    return undefined;
  }
  return { ...body, afterMs };
}

function effectRefsOk(
  refs: RefChecker,
  body: FakeEffectBody,
  scope: string | null,
  v: PNode,
  path: string,
): boolean {
  switch (body.kind) {
    case "goto":
      return refs.screen(body.screen, v, path);
    case "alert":
      return refs.alert(body.alert, v, path);
    case "reveal":
    case "hide":
    case "increment":
    case "set":
      return refs.target(body.target, scope, v, path);
    default:
      return true;
  }
}

function readEffectBody(
  ctx: ReadContext,
  kind: typeof EFFECT_KINDS[number],
  v: PNode,
  path: string,
): FakeEffectBody | undefined {
  switch (kind) {
    case "goto": {
      const screen = nonEmptyStr(ctx, v, path);
      return screen === undefined ? undefined : { kind, screen };
    }
    case "alert": {
      const alert = nonEmptyStr(ctx, v, path);
      return alert === undefined ? undefined : { kind, alert };
    }
    case "back":
      return readBack(ctx, v, path) && { kind };
    case "reveal":
    case "hide":
    case "increment": {
      const target = readSelector(ctx, v, path);
      return target === undefined ? undefined : { kind, target };
    }
    case "set":
      return readSet(ctx, v, path);
    case "collapse": {
      const f = closedEntries(ctx, v, path, ["forMs", "mode"], ["forMs"]);
      if (f === undefined || !f.has("forMs")) return undefined;
      const forMs = nonNegative(ctx, f.get("forMs")!.value, keyPath(path, "forMs"));
      const modeNode = f.get("mode")?.value;
      const mode = modeNode
        ? oneOf(ctx, modeNode, keyPath(path, "mode"), ["empty", "root"] as const)
        : "empty";
      return forMs === undefined || mode === undefined ? undefined : { kind, forMs, mode };
    }
    case "exchange": {
      const exchange = readExchange(ctx, v, path);
      return exchange === undefined ? undefined : { kind, exchange };
    }
  }
}

function readSet(ctx: ReadContext, v: PNode, path: string): FakeEffectBody | undefined {
  const f = closedEntries(ctx, v, path, ["target", "label", "value", "traits", "frame"], [
    "target",
  ]);
  if (f === undefined || !f.has("target")) return undefined;
  if (f.size < 2) {
    return report(ctx, v.pos, "E_CONFIG", path, "set needs label, value, traits or frame");
  }
  const target = readSelector(ctx, f.get("target")!.value, keyPath(path, "target"));
  const out: FakeEffectBody & { kind: "set" } = { kind: "set", target: target ?? {} };
  let ok = target !== undefined;
  for (const key of ["label", "value"] as const) {
    const node = f.get(key)?.value;
    if (!node) continue;
    const s = nullableText(ctx, node, keyPath(path, key));
    if (s === undefined) ok = false;
    else out[key] = s;
  }
  const traitsNode = f.get("traits")?.value;
  if (traitsNode) {
    const traits = strList(ctx, traitsNode, keyPath(path, "traits"));
    if (traits === undefined) ok = false;
    else out.traits = traits;
  }
  const frameNode = f.get("frame")?.value;
  if (frameNode) {
    const fr = frame(ctx, frameNode, keyPath(path, "frame"));
    if (fr === undefined) ok = false;
    else out.frame = fr;
  }
  return ok ? out : undefined;
}

/** `{method, url, status?, requestHeaders?, responseHeaders?, requestBody?, responseBody?, durationMs?}` */
export function readExchange(
  ctx: ReadContext,
  v: PNode,
  path: string,
): FakeExchangeSpec | undefined {
  const f = closedEntries(ctx, v, path, [
    "method",
    "url",
    "status",
    "requestHeaders",
    "responseHeaders",
    "requestBody",
    "responseBody",
    "durationMs",
  ], ["method", "url"]);
  if (f === undefined || !f.has("method") || !f.has("url")) return undefined;
  const get = (k: string) => f.get(k)?.value;
  const at = (k: string) => keyPath(path, k);
  const method = nonEmptyStr(ctx, get("method")!, at("method"));
  const url = nonEmptyStr(ctx, get("url")!, at("url"));
  const code = get("status") ? status(ctx, get("status")!, at("status")) : null;
  const reqH = get("requestHeaders")
    ? headers(ctx, get("requestHeaders")!, at("requestHeaders"))
    : {};
  const resH = get("responseHeaders")
    ? headers(ctx, get("responseHeaders")!, at("responseHeaders"))
    : {};
  const reqB = get("requestBody")
    ? nullableText(ctx, get("requestBody")!, at("requestBody"))
    : null;
  const resB = get("responseBody")
    ? nullableText(ctx, get("responseBody")!, at("responseBody"))
    : null;
  const durationMs = get("durationMs") ? nonNegative(ctx, get("durationMs")!, at("durationMs")) : 0;
  if (
    method === undefined || url === undefined || code === undefined || reqH === undefined ||
    resH === undefined || reqB === undefined || resB === undefined || durationMs === undefined
  ) return undefined;
  return {
    method: method.toUpperCase(),
    url,
    status: code,
    requestHeaders: reqH,
    responseHeaders: resH,
    requestBody: reqB,
    responseBody: resB,
    durationMs,
  };
}

function readTrigger(
  ctx: ReadContext,
  refs: RefChecker,
  node: PNode,
  path: string,
  scope: string | null,
): FakeTrigger | undefined {
  const kinds = [...TRIGGER_KINDS, "back"];
  const f = closedEntries(ctx, node, path, kinds);
  if (f === undefined) return undefined;
  if (f.size !== 1) {
    return report(ctx, node.pos, "E_CONFIG", path, `on: needs exactly one of ${kinds.join(", ")}`);
  }
  const [key, entry] = [...f][0];
  const at = keyPath(path, key);
  if (key === "back") return readBack(ctx, entry.value, at) && { kind: "back" };
  const target = readSelector(ctx, entry.value, at);
  if (target === undefined || !refs.target(target, scope, entry.value, at)) return undefined;
  return { kind: key as FakeTriggerKind, target };
}

/** A rule's `screen:`, which must name a declared screen; null when absent. */
function readScope(
  ctx: ReadContext,
  refs: RefChecker,
  node: PNode | undefined,
  path: string,
): string | null | undefined {
  if (node === undefined) return null;
  const screen = nonEmptyStr(ctx, node, path);
  return screen !== undefined && refs.screen(screen, node, path) ? screen : undefined;
}

/** One `reactions[]` rule. */
export function readReaction(
  ctx: ReadContext,
  refs: RefChecker,
  node: PNode,
  path: string,
): FakeReactionSpec | undefined {
  const f = closedEntries(ctx, node, path, ["on", "screen", "when", "unless", "then"], [
    "on",
    "then",
  ]);
  if (f === undefined || !f.has("on") || !f.has("then")) return undefined;
  const screen = readScope(ctx, refs, f.get("screen")?.value, keyPath(path, "screen"));
  // An unknown screen is reported once; the rest of the rule is still read for its own errors.
  const scope = screen ?? null;
  const on = readTrigger(ctx, refs, f.get("on")!.value, keyPath(path, "on"), scope);
  const when = readConditions(ctx, f.get("when")?.value, keyPath(path, "when"));
  const unless = readConditions(ctx, f.get("unless")?.value, keyPath(path, "unless"));
  const then = readEffects(ctx, refs, f.get("then")!.value, keyPath(path, "then"), scope);
  if (
    on === undefined || then === undefined || screen === undefined || when === undefined ||
    unless === undefined
  ) return undefined;
  return { on, screen, when, unless, then };
}

/** `when:` / `unless:` — one selector or a list of them (absent = none). */
function readConditions(
  ctx: ReadContext,
  node: PNode | undefined,
  path: string,
): Selector[] | undefined {
  if (node === undefined) return [];
  const items = node.kind === "seq" ? node.items : [node];
  const at = (i: number) => (node.kind === "seq" ? indexPath(path, i) : path);
  const sels = items.map((item, i) => readSelector(ctx, item, at(i)));
  return sels.every((s) => s !== undefined) ? sels : undefined;
}

/** One `timers[]` entry: exactly one of `atMs` / `afterEnterMs`. */
export function readTimer(
  ctx: ReadContext,
  refs: RefChecker,
  node: PNode,
  path: string,
): FakeTimerSpec | undefined {
  const f = closedEntries(ctx, node, path, ["atMs", "afterEnterMs", "screen", "then"], ["then"]);
  if (f === undefined || !f.has("then")) return undefined;
  const atNode = f.get("atMs")?.value;
  const enterNode = f.get("afterEnterMs")?.value;
  if ((atNode === undefined) === (enterNode === undefined)) {
    return report(
      ctx,
      node.pos,
      "E_CONFIG",
      path,
      "a timer needs exactly one of atMs, afterEnterMs",
    );
  }
  const screenNode = f.get("screen")?.value;
  const screen = readScope(ctx, refs, screenNode, keyPath(path, "screen"));
  if (enterNode && !screenNode) {
    return report(
      ctx,
      node.pos,
      "E_REQUIRED",
      path,
      `afterEnterMs needs the "screen" it counts from`,
    );
  }
  const ms = atNode
    ? nonNegative(ctx, atNode, keyPath(path, "atMs"))
    : nonNegative(ctx, enterNode!, keyPath(path, "afterEnterMs"));
  const then = readEffects(ctx, refs, f.get("then")!.value, keyPath(path, "then"), screen ?? null);
  if (ms === undefined || then === undefined || screen === undefined) return undefined;
  return { at: { from: atNode ? "launch" : "screen", ms }, screen, then };
}

/** One `alerts.<name>` entry. */
export function readAlert(
  ctx: ReadContext,
  refs: RefChecker,
  name: string,
  node: PNode,
  path: string,
): FakeAlertSpec | undefined {
  const f = closedEntries(ctx, node, path, ["title", "message", "buttons", "hidesTree"], [
    "title",
    "buttons",
  ]);
  if (f === undefined || !f.has("title") || !f.has("buttons")) return undefined;
  const title = text(ctx, f.get("title")!.value, keyPath(path, "title"));
  const messageNode = f.get("message")?.value;
  const message = messageNode ? nullableText(ctx, messageNode, keyPath(path, "message")) : null;
  const hidesNode = f.get("hidesTree")?.value;
  const hidesTree = hidesNode ? bool(ctx, hidesNode, keyPath(path, "hidesTree")) : false;
  const buttonsNode = f.get("buttons")!.value;
  const items = seqNode(ctx, buttonsNode, keyPath(path, "buttons"))?.items;
  if (items !== undefined && items.length === 0) {
    report(
      ctx,
      buttonsNode.pos,
      "E_CONFIG",
      keyPath(path, "buttons"),
      "an alert needs at least one button",
    );
  }
  const buttons = (items ?? []).map((item, i) => {
    const at = indexPath(keyPath(path, "buttons"), i);
    const b = closedEntries(ctx, item, at, ["label", "id", "then"], ["label"]);
    if (b === undefined || !b.has("label")) return undefined;
    const label = text(ctx, b.get("label")!.value, keyPath(at, "label"));
    const idNode = b.get("id")?.value;
    const identifier = idNode ? nonEmptyStr(ctx, idNode, keyPath(at, "id")) : null;
    const thenNode = b.get("then")?.value;
    const then = thenNode ? readEffects(ctx, refs, thenNode, keyPath(at, "then"), null) : [];
    if (label === undefined || identifier === undefined || then === undefined) return undefined;
    return { label, identifier, then };
  });
  if (
    title === undefined || message === undefined || hidesTree === undefined ||
    items === undefined || items.length === 0 || !buttons.every((b) => b !== undefined)
  ) return undefined;
  return { name, title, message, hidesTree, buttons };
}

/** One `crashes[]` entry: `{atCall, method?, times?: n | always}`. */
export function readCrash(ctx: ReadContext, node: PNode, path: string): FakeCrashSpec | undefined {
  const f = closedEntries(ctx, node, path, ["atCall", "method", "times"], ["atCall"]);
  if (f === undefined || !f.has("atCall")) return undefined;
  const atCall = positiveInteger(ctx, f.get("atCall")!.value, keyPath(path, "atCall"));
  const methodNode = f.get("method")?.value;
  const method = methodNode
    ? oneOf(ctx, methodNode, keyPath(path, "method"), DRIVER_METHODS)
    : null;
  const timesNode = f.get("times")?.value;
  let times: number | undefined = 1;
  if (timesNode?.kind === "scalar" && timesNode.value === "always") times = Infinity;
  else if (timesNode) times = positiveInteger(ctx, timesNode, keyPath(path, "times"));
  if (atCall === undefined || method === undefined || times === undefined) return undefined;
  return { atCall, method, times };
}

/** `latency: {queryMs?, actionMs?}`. */
export function readLatency(
  ctx: ReadContext,
  node: PNode,
  path: string,
): FakeLatencySpec | undefined {
  const f = closedEntries(ctx, node, path, ["queryMs", "actionMs"]);
  if (f === undefined) return undefined;
  const read = (k: string) => {
    const n = f.get(k)?.value;
    return n ? nonNegative(ctx, n, keyPath(path, k)) : 0;
  };
  const queryMs = read("queryMs");
  const actionMs = read("actionMs");
  return queryMs === undefined || actionMs === undefined ? undefined : { queryMs, actionMs };
}
