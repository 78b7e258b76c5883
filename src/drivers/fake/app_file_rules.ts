/**
 * The behaviour part of the fake app file: effects, reactions, timers, alerts, crashes, latency
 * and network exchanges. Shapes only; cross-references (screen and alert names, target ids) are
 * checked once the whole file is read (`app_file_refs.ts`).
 *
 * @module
 */
import type { PNode } from "../../scenario/pnode.ts";
import type { Selector } from "../../scenario/types.ts";
import { join, type NodeReader } from "./app_file_reader.ts";
import type { RefChecker } from "./app_file_refs.ts";
import { readSelector } from "./app_file_selector.ts";
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

/**
 * `then:` — a list of one-key effect mappings, each with an optional `afterMs`. `scope` is the
 * screen whose elements the effects edit, when the rule names one.
 */
export function readEffects(
  r: NodeReader,
  refs: RefChecker,
  node: PNode,
  path: string,
  scope: string | null,
): FakeEffect[] | null {
  const items = r.seq(node, path);
  if (items === null) return null;
  const out = items.map((item, i) => readEffect(r, refs, item, `${path}[${i}]`, scope));
  return out.every((e) => e !== null) ? out as FakeEffect[] : null;
}

function readEffect(
  r: NodeReader,
  refs: RefChecker,
  node: PNode,
  path: string,
  scope: string | null,
): FakeEffect | null {
  const fields = r.map(node, path, [...EFFECT_KINDS, "afterMs"]);
  if (fields === null) return null;
  const kinds = EFFECT_KINDS.filter((k) => fields.has(k));
  if (kinds.length !== 1) {
    return r.fail(
      node,
      "E_CONFIG",
      path,
      `an effect needs exactly one of ${EFFECT_KINDS.join(", ")}`,
    );
  }
  const afterNode = fields.get("afterMs")?.value;
  const afterMs = afterNode ? r.number(afterNode, join(path, "afterMs"), 0) : 0;
  const kind = kinds[0];
  const v = fields.get(kind)!.value;
  const at = join(path, kind);
  const body = readEffectBody(r, kind, v, at);
  if (body === null || afterMs === null || !effectRefsOk(refs, body, scope, v, at)) return null;
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
  r: NodeReader,
  kind: typeof EFFECT_KINDS[number],
  v: PNode,
  path: string,
): FakeEffectBody | null {
  switch (kind) {
    case "goto": {
      const screen = r.name(v, path);
      return screen === null ? null : { kind, screen };
    }
    case "alert": {
      const alert = r.name(v, path);
      return alert === null ? null : { kind, alert };
    }
    case "back":
      return r.boolean(v, path) === true ? { kind } : r.fail(v, "E_TYPE", path, "write back: true");
    case "reveal":
    case "hide":
    case "increment": {
      const target = readSelector(r, v, path);
      return target === null ? null : { kind, target };
    }
    case "set":
      return readSet(r, v, path);
    case "collapse": {
      const f = r.map(v, path, ["forMs", "mode"], ["forMs"]);
      if (f === null || !f.has("forMs")) return null;
      const forMs = r.number(f.get("forMs")!.value, join(path, "forMs"), 0);
      const modeNode = f.get("mode")?.value;
      const mode = modeNode ? r.oneOf(modeNode, join(path, "mode"), ["empty", "root"]) : "empty";
      return forMs === null || mode === null ? null : { kind, forMs, mode };
    }
    case "exchange": {
      const exchange = readExchange(r, v, path);
      return exchange === null ? null : { kind, exchange };
    }
  }
}

function readSet(r: NodeReader, v: PNode, path: string): FakeEffectBody | null {
  const f = r.map(v, path, ["target", "label", "value", "traits", "frame"], ["target"]);
  if (f === null || !f.has("target")) return null;
  if (f.size < 2) return r.fail(v, "E_CONFIG", path, "set needs label, value, traits or frame");
  const target = readSelector(r, f.get("target")!.value, join(path, "target"));
  const out: FakeEffectBody & { kind: "set" } = { kind: "set", target: target ?? {} };
  let ok = target !== null;
  for (const key of ["label", "value"] as const) {
    const node = f.get(key)?.value;
    if (!node) continue;
    const s = r.nullableText(node, join(path, key));
    if (s === undefined) ok = false;
    else out[key] = s;
  }
  const traitsNode = f.get("traits")?.value;
  if (traitsNode) {
    const traits = r.stringList(traitsNode, join(path, "traits"));
    if (traits === null) ok = false;
    else out.traits = traits;
  }
  const frameNode = f.get("frame")?.value;
  if (frameNode) {
    const frame = r.frame(frameNode, join(path, "frame"));
    if (frame === null) ok = false;
    else out.frame = frame;
  }
  return ok ? out : null;
}

/** `{method, url, status?, requestHeaders?, responseHeaders?, requestBody?, responseBody?, durationMs?}` */
export function readExchange(r: NodeReader, v: PNode, path: string): FakeExchangeSpec | null {
  const f = r.map(v, path, [
    "method",
    "url",
    "status",
    "requestHeaders",
    "responseHeaders",
    "requestBody",
    "responseBody",
    "durationMs",
  ], ["method", "url"]);
  if (f === null || !f.has("method") || !f.has("url")) return null;
  const get = (k: string) => f.get(k)?.value;
  const method = r.name(get("method")!, join(path, "method"));
  const url = r.name(get("url")!, join(path, "url"));
  const status = get("status") ? r.integer(get("status")!, join(path, "status"), 100) : null;
  const reqH = get("requestHeaders")
    ? r.stringMap(get("requestHeaders")!, join(path, "requestHeaders"))
    : {};
  const resH = get("responseHeaders")
    ? r.stringMap(get("responseHeaders")!, join(path, "responseHeaders"))
    : {};
  const reqB = get("requestBody")
    ? r.nullableText(get("requestBody")!, join(path, "requestBody"))
    : null;
  const resB = get("responseBody")
    ? r.nullableText(get("responseBody")!, join(path, "responseBody"))
    : null;
  const durationMs = get("durationMs")
    ? r.number(get("durationMs")!, join(path, "durationMs"), 0)
    : 0;
  if (
    method === null || url === null || (get("status") && status === null) || reqH === null ||
    resH === null || reqB === undefined || resB === undefined || durationMs === null
  ) return null;
  return {
    method: method.toUpperCase(),
    url,
    status,
    requestHeaders: reqH,
    responseHeaders: resH,
    requestBody: reqB,
    responseBody: resB,
    durationMs,
  };
}

function readTrigger(
  r: NodeReader,
  refs: RefChecker,
  node: PNode,
  path: string,
  scope: string | null,
): FakeTrigger | null {
  const kinds = [...TRIGGER_KINDS, "back"];
  const f = r.map(node, path, kinds);
  if (f === null) return null;
  if (f.size !== 1) {
    return r.fail(node, "E_CONFIG", path, `on: needs exactly one of ${kinds.join(", ")}`);
  }
  const [key, entry] = [...f][0];
  if (key === "back") {
    return r.boolean(entry.value, join(path, key)) === true
      ? { kind: "back" }
      : r.fail(entry.value, "E_TYPE", join(path, key), "write back: true");
  }
  const target = readSelector(r, entry.value, join(path, key));
  if (target === null || !refs.target(target, scope, entry.value, join(path, key))) return null;
  return { kind: key as FakeTriggerKind, target };
}

/** One `reactions[]` rule. */
export function readReaction(
  r: NodeReader,
  refs: RefChecker,
  node: PNode,
  path: string,
): FakeReactionSpec | null {
  const f = r.map(node, path, ["on", "screen", "when", "unless", "then"], ["on", "then"]);
  if (f === null || !f.has("on") || !f.has("then")) return null;
  const screenNode = f.get("screen")?.value;
  let screen = screenNode ? r.name(screenNode, join(path, "screen")) : null;
  if (screen !== null && !refs.screen(screen, screenNode!, join(path, "screen"))) screen = null;
  const on = readTrigger(r, refs, f.get("on")!.value, join(path, "on"), screen);
  const when = readConditions(r, f.get("when")?.value, join(path, "when"));
  const unless = readConditions(r, f.get("unless")?.value, join(path, "unless"));
  const then = readEffects(r, refs, f.get("then")!.value, join(path, "then"), screen);
  const bad = on === null || then === null || (screenNode && screen === null) || when === null ||
    unless === null;
  return bad ? null : { on: on!, screen, when: when!, unless: unless!, then: then! };
}

/** `when:` / `unless:` — one selector or a list of them (absent = none). */
function readConditions(r: NodeReader, node: PNode | undefined, path: string) {
  if (node === undefined) return [];
  const items = node.kind === "seq" ? node.items : [node];
  const at = (i: number) => (node.kind === "seq" ? `${path}[${i}]` : path);
  const sels = items.map((item, i) => readSelector(r, item, at(i)));
  return sels.every((s) => s !== null) ? sels as Selector[] : null;
}

/** One `timers[]` entry: exactly one of `atMs` / `afterEnterMs`. */
export function readTimer(
  r: NodeReader,
  refs: RefChecker,
  node: PNode,
  path: string,
): FakeTimerSpec | null {
  const f = r.map(node, path, ["atMs", "afterEnterMs", "screen", "then"], ["then"]);
  if (f === null || !f.has("then")) return null;
  const atNode = f.get("atMs")?.value;
  const enterNode = f.get("afterEnterMs")?.value;
  if ((atNode === undefined) === (enterNode === undefined)) {
    return r.fail(node, "E_CONFIG", path, "a timer needs exactly one of atMs, afterEnterMs");
  }
  const screenNode = f.get("screen")?.value;
  let screen = screenNode ? r.name(screenNode, join(path, "screen")) : null;
  if (screen !== null && !refs.screen(screen, screenNode!, join(path, "screen"))) screen = null;
  if (enterNode && !screenNode) {
    return r.fail(node, "E_REQUIRED", path, `afterEnterMs needs the "screen" it counts from`);
  }
  const ms = atNode
    ? r.number(atNode, join(path, "atMs"), 0)
    : r.number(enterNode!, join(path, "afterEnterMs"), 0);
  const then = readEffects(r, refs, f.get("then")!.value, join(path, "then"), screen);
  if (ms === null || then === null || (screenNode && screen === null)) return null;
  return { at: { from: atNode ? "launch" : "screen", ms }, screen, then };
}

/** One `alerts.<name>` entry. */
export function readAlert(
  r: NodeReader,
  refs: RefChecker,
  name: string,
  node: PNode,
  path: string,
): FakeAlertSpec | null {
  const f = r.map(node, path, ["title", "message", "buttons", "hidesTree"], ["title", "buttons"]);
  if (f === null || !f.has("title") || !f.has("buttons")) return null;
  const title = r.text(f.get("title")!.value, join(path, "title"));
  const messageNode = f.get("message")?.value;
  const message = messageNode ? r.nullableText(messageNode, join(path, "message")) : null;
  const hidesNode = f.get("hidesTree")?.value;
  const hidesTree = hidesNode ? r.boolean(hidesNode, join(path, "hidesTree")) : false;
  const buttonsNode = f.get("buttons")!.value;
  const items = r.seq(buttonsNode, join(path, "buttons"));
  if (items !== null && items.length === 0) {
    r.fail(buttonsNode, "E_CONFIG", join(path, "buttons"), "an alert needs at least one button");
  }
  const buttons = (items ?? []).map((item, i) => {
    const at = `${path}.buttons[${i}]`;
    const b = r.map(item, at, ["label", "id", "then"], ["label"]);
    if (b === null || !b.has("label")) return null;
    const label = r.text(b.get("label")!.value, join(at, "label"));
    const idNode = b.get("id")?.value;
    const identifier = idNode ? r.name(idNode, join(at, "id")) : null;
    const thenNode = b.get("then")?.value;
    const then = thenNode ? readEffects(r, refs, thenNode, join(at, "then"), null) : [];
    if (label === null || (idNode && identifier === null) || then === null) return null;
    return { label, identifier, then };
  });
  if (
    title === null || message === undefined || hidesTree === null || items === null ||
    items.length === 0 || buttons.some((b) => b === null)
  ) return null;
  return {
    name,
    title,
    message,
    hidesTree,
    buttons: buttons as FakeAlertSpec["buttons"],
  };
}

/** One `crashes[]` entry: `{atCall, method?, times?: n | always}`. */
export function readCrash(r: NodeReader, node: PNode, path: string): FakeCrashSpec | null {
  const f = r.map(node, path, ["atCall", "method", "times"], ["atCall"]);
  if (f === null || !f.has("atCall")) return null;
  const atCall = r.integer(f.get("atCall")!.value, join(path, "atCall"), 1);
  const methodNode = f.get("method")?.value;
  const method = methodNode ? r.oneOf(methodNode, join(path, "method"), DRIVER_METHODS) : null;
  const timesNode = f.get("times")?.value;
  let times: number | null = 1;
  if (timesNode?.kind === "scalar" && timesNode.value === "always") times = Infinity;
  else if (timesNode) times = r.integer(timesNode, join(path, "times"), 1);
  if (atCall === null || (methodNode && method === null) || times === null) return null;
  return { atCall, method, times };
}

/** `latency: {queryMs?, actionMs?}`. */
export function readLatency(r: NodeReader, node: PNode, path: string): FakeLatencySpec | null {
  const f = r.map(node, path, ["queryMs", "actionMs"]);
  if (f === null) return null;
  const read = (k: string) => {
    const n = f.get(k)?.value;
    return n ? r.number(n, join(path, k), 0) : 0;
  };
  const queryMs = read("queryMs");
  const actionMs = read("actionMs");
  return queryMs === null || actionMs === null ? null : { queryMs, actionMs };
}
