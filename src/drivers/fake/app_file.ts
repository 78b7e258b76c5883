/**
 * The fake app file: a YAML description of a small app the fake driver runs with no device, so
 * a `platform: fake` target works anywhere. Errors are `LoadError`s with line and column.
 *
 * Format (times in milliseconds of virtual time; a *selector* is a scenario selector mapping,
 * or a bare string meaning `{id: <string>}`):
 *
 * ```yaml
 * name: login-demo              # optional; default: the file name
 * size: [390, 844]              # optional screen size in points
 * initial: onboarding           # required: the screen shown at launch
 * screens:                      # required: name → element list (document order = paint order)
 *   onboarding:
 *     - { id: start, label: Start, traits: [button], frame: [20, 700, 350, 50] }
 *   login:                      # or a mapping, to mark a screen as always collapsed
 *     elements:
 *       - { id: user, label: User, value: "", traits: [textField], frame: [20, 200, 350, 44],
 *           focused: true }     # element keys: id label value traits frame(required)
 *                               #   hidden focused options (choices for selectOption/picker)
 *       - scroll:               # a scrolling region; content frames are relative to viewport
 *           id: list
 *           viewport: [0, 300, 390, 400]
 *           content: [ { id: row0, label: Row 0, traits: [cell], frame: [0, 0, 390, 60] } ]
 *     collapsed: root           # optional: empty | root
 * reactions:                    # the first rule (in order) matching an event fires
 *   - on: { tap: start }        # tap doubleTap longPress submit type selectOption
 *                               #   setPickerValue (each takes a selector) | back: true
 *     screen: onboarding        # optional: only while this screen shows
 *     when: { id: user, value: alice }   # optional: selector(s) that must all match now
 *     unless: [ { id: banner } ]         # optional: selector(s) none of which may match
 *     then:                     # effects, each with an optional afterMs delay
 *       - goto: login           # goto <screen> | back: true | alert: <name>
 *         afterMs: 300          # reveal/hide/increment: <selector>
 *       - set: { target: title, label: Hi }  # set: {target, label?, value?, traits?, frame?}
 *       - collapse: { forMs: 200, mode: root }
 *       - exchange: { method: POST, url: https://api.test/login, status: 200 }
 * timers:                       # atMs since launch, or afterEnterMs since entering `screen`
 *   - { afterEnterMs: 1500, screen: login, then: [ { reveal: banner } ] }
 * alerts:                       # raised by `alert:` effects; cover the screen until dismissed
 *   notifications:
 *     title: Allow notifications?
 *     message: optional text
 *     hidesTree: false          # true: the app tree is hidden while the alert is up
 *     buttons: [ { label: "Don't Allow" }, { label: Allow, id: allow, then: [] } ]
 * crashes: [ { atCall: 5, method: tap, times: 1 } ]   # times: n | always
 * latency: { queryMs: 0, actionMs: 0 }
 * network: { exchanges: [] }    # present = the `network` capability; seeded exchanges
 * launchCycle:                  # optional: a scenario's launch k shows initial[k % length]
 *   counter: launches.json      #   instead of `initial`, k counted per scenario in this state
 *   initial: [home, broken]     #   file (relative to the app file): a flaky app (launch_cycle.ts)
 * ```
 *
 * @module
 */
import type { LoadError } from "../../yaml/load_error.ts";
import { parseYaml, parseYamlFile } from "../../yaml/parse.ts";
import type { PNode } from "../../yaml/pnode.ts";
import { keyPath, newReadContext, type ReadContext, report } from "../../yaml/read_context.ts";
import { closedEntries, seqNode } from "../../yaml/mapping.ts";
import { nonEmptyStr } from "../../yaml/scalars.ts";
import { describeNode } from "../../yaml/describe.ts";
import { numberAtLeast } from "./app_file_values.ts";
import { RefChecker } from "./app_file_refs.ts";
import {
  readAlert,
  readCrash,
  readExchange,
  readLatency,
  readReaction,
  readTimer,
} from "./app_file_rules.ts";
import { readScreen } from "./app_file_screens.ts";
import { readLaunchCycle } from "./launch_cycle.ts";
import { DEFAULT_FAKE_SIZE, fakeApp } from "./build.ts";
import type { FakeAlertSpec, FakeAppSpec, FakeExchangeSpec, FakeScreenSpec } from "./types.ts";

export { createFakeDriver } from "./fake_driver.ts";

const TOP_KEYS: readonly string[] = [
  "name",
  "size",
  "initial",
  "screens",
  "reactions",
  "timers",
  "alerts",
  "crashes",
  "latency",
  "network",
  "launchCycle",
];

/** A load result: the app, or null with the errors that prevented it. */
export interface FakeAppLoad {
  app: FakeAppSpec | null;
  errors: LoadError[];
}

/** Reads and validates a fake app file. */
export async function loadFakeApp(file: string): Promise<FakeAppLoad> {
  const { node, errors } = await parseYamlFile(file);
  if (errors.length > 0) return { app: null, errors };
  return fakeAppFromNode(node, file);
}

/** Same as `loadFakeApp` for text already in memory; `file` names it in errors. */
export function parseFakeApp(text: string, file: string): FakeAppLoad {
  const { node, errors } = parseYaml(text, file);
  if (errors.length > 0) return { app: null, errors };
  return fakeAppFromNode(node, file);
}

/** Validates a parsed document into a `FakeAppSpec`. */
export function fakeAppFromNode(node: PNode | null, file: string): FakeAppLoad {
  const ctx = newReadContext();
  if (node === null) {
    report(ctx, { file, line: 1, col: 1 }, "E_CONFIG", "", "empty fake app file");
    return { app: null, errors: ctx.errors };
  }
  const top = closedEntries(ctx, node, "", TOP_KEYS, ["initial", "screens"]);
  if (top === undefined || !top.has("screens") || !top.has("initial")) {
    return { app: null, errors: ctx.errors };
  }
  const get = (k: string) => top.get(k)?.value;

  const screens = readScreens(ctx, get("screens")!);
  const alertsNode = get("alerts");
  const alertNames = new Set(
    alertsNode?.kind === "map" ? alertsNode.entries.map((e) => e.key) : [],
  );
  const screensNode = get("screens")!;
  const screenNames = screensNode.kind === "map" ? screensNode.entries.map((e) => e.key) : [];
  const refs = new RefChecker(ctx, screenNames, screens, alertNames);

  const initialNode = get("initial")!;
  const initial = nonEmptyStr(ctx, initialNode, "initial");
  if (initial !== undefined) refs.screen(initial, initialNode, "initial");

  const name = get("name") ? nonEmptyStr(ctx, get("name")!, "name") : baseName(file);
  const size = get("size")
    ? readSize(ctx, get("size")!)
    : [...DEFAULT_FAKE_SIZE] as [number, number];
  const alerts = new Map<string, FakeAlertSpec>();
  if (alertsNode) {
    if (alertsNode.kind !== "map") {
      report(
        ctx,
        alertsNode.pos,
        "E_TYPE",
        "alerts",
        `expected a mapping of alert names to alerts, got ${describeNode(alertsNode)}`,
      );
    } else {
      for (const e of alertsNode.entries) {
        const alert = readAlert(ctx, refs, e.key, e.value, keyPath("alerts", e.key));
        if (alert !== undefined) alerts.set(e.key, alert);
      }
    }
  }
  const list = <T>(key: string, read: (n: PNode, path: string) => T | undefined): T[] => {
    const n = get(key);
    if (!n) return [];
    const items = seqNode(ctx, n, key)?.items ?? [];
    return items.map((item, i) => read(item, `${key}[${i}]`)).filter((x) => x !== undefined);
  };
  const reactions = list("reactions", (n, p) => readReaction(ctx, refs, n, p));
  const timers = list("timers", (n, p) => readTimer(ctx, refs, n, p));
  const crashes = list("crashes", (n, p) => readCrash(ctx, n, p));
  const latency = get("latency")
    ? readLatency(ctx, get("latency")!, "latency")
    : { queryMs: 0, actionMs: 0 };
  const network = get("network") ? readNetwork(ctx, get("network")!) : null;
  const launchCycle = get("launchCycle")
    ? readLaunchCycle(ctx, refs, get("launchCycle")!, file)
    : null;

  if (
    ctx.errors.length > 0 || name === undefined || size === undefined || latency === undefined ||
    initial === undefined || network === undefined || launchCycle === undefined
  ) {
    // Reading order is by section; report in file order.
    const errors = [...ctx.errors].sort((a, b) => a.line - b.line || a.col - b.col);
    return { app: null, errors };
  }
  const app = fakeApp({
    name,
    size,
    initial,
    screens: [...screens.values()],
    reactions,
    timers,
    alerts,
    crashes,
    latency,
    network,
    launchCycle,
  });
  return { app, errors: [] };
}

function readScreens(ctx: ReadContext, node: PNode): Map<string, FakeScreenSpec> {
  const screens = new Map<string, FakeScreenSpec>();
  if (node.kind !== "map") {
    report(
      ctx,
      node.pos,
      "E_TYPE",
      "screens",
      `expected a mapping of screen names to element lists, got ${describeNode(node)}`,
    );
    return screens;
  }
  if (node.entries.length === 0) {
    report(ctx, node.pos, "E_CONFIG", "screens", "declare at least one screen");
  }
  for (const e of node.entries) {
    const screen = readScreen(ctx, e.key, e.value, keyPath("screens", e.key));
    if (screen !== undefined) screens.set(e.key, screen);
  }
  return screens;
}

const screenSide = numberAtLeast(1);

function readSize(ctx: ReadContext, node: PNode): [number, number] | undefined {
  const seq = seqNode(ctx, node, "size");
  if (seq === undefined) return undefined;
  if (seq.items.length !== 2) {
    return report(
      ctx,
      node.pos,
      "E_TYPE",
      "size",
      `expected [width, height], got ${seq.items.length} numbers`,
    );
  }
  const [w, h] = seq.items.map((n, i) => screenSide(ctx, n, `size[${i}]`));
  return w === undefined || h === undefined ? undefined : [w, h];
}

function readNetwork(ctx: ReadContext, node: PNode): FakeExchangeSpec[] | undefined {
  const f = closedEntries(ctx, node, "network", ["exchanges"]);
  if (f === undefined) return undefined;
  const n = f.get("exchanges")?.value;
  if (!n) return [];
  const items = seqNode(ctx, n, "network.exchanges")?.items ?? [];
  return items
    .map((item, i) => readExchange(ctx, item, `network.exchanges[${i}]`))
    .filter((x) => x !== undefined);
}

function baseName(file: string): string {
  const last = file.split(/[\\/]/).pop() ?? file;
  return last.replace(/\.ya?ml$/i, "") || "fake-app";
}
