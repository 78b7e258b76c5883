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
 * ```
 *
 * @module
 */
import type { LoadError } from "../../scenario/errors.ts";
import { parseYaml, parseYamlFile } from "../../scenario/parse_yaml.ts";
import type { PNode } from "../../scenario/pnode.ts";
import { join, NodeReader } from "./app_file_reader.ts";
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
  const r = new NodeReader(file);
  if (node === null) {
    r.fail({ file, line: 1, col: 1 }, "E_CONFIG", "", "empty fake app file");
    return { app: null, errors: r.errors };
  }
  const top = r.map(node, "", TOP_KEYS, ["initial", "screens"]);
  if (top === null || !top.has("screens") || !top.has("initial")) {
    return { app: null, errors: r.errors };
  }
  const get = (k: string) => top.get(k)?.value;

  const screens = readScreens(r, get("screens")!);
  const alertsNode = get("alerts");
  const alertNames = new Set(
    alertsNode?.kind === "map" ? alertsNode.entries.map((e) => e.key) : [],
  );
  const screensNode = get("screens")!;
  const screenNames = screensNode.kind === "map" ? screensNode.entries.map((e) => e.key) : [];
  const refs = new RefChecker(r, screenNames, screens, alertNames);

  const initialNode = get("initial")!;
  const initial = r.name(initialNode, "initial");
  if (initial !== null) refs.screen(initial, initialNode, "initial");

  const name = get("name") ? r.name(get("name")!, "name") : baseName(file);
  const size = get("size") ? readSize(r, get("size")!) : [...DEFAULT_FAKE_SIZE] as [number, number];
  const alerts = new Map<string, FakeAlertSpec>();
  if (alertsNode) {
    if (alertsNode.kind !== "map") r.fail(alertsNode, "E_TYPE", "alerts", "expected a mapping");
    else {
      for (const e of alertsNode.entries) {
        const alert = readAlert(r, refs, e.key, e.value, join("alerts", e.key));
        if (alert !== null) alerts.set(e.key, alert);
      }
    }
  }
  const list = <T>(key: string, read: (n: PNode, path: string) => T | null): T[] => {
    const n = get(key);
    if (!n) return [];
    const items = r.seq(n, key) ?? [];
    return items.map((item, i) => read(item, `${key}[${i}]`)).filter((x): x is T => x !== null);
  };
  const reactions = list("reactions", (n, p) => readReaction(r, refs, n, p));
  const timers = list("timers", (n, p) => readTimer(r, refs, n, p));
  const crashes = list("crashes", (n, p) => readCrash(r, n, p));
  const latency = get("latency")
    ? readLatency(r, get("latency")!, "latency")
    : { queryMs: 0, actionMs: 0 };
  const network = get("network") ? readNetwork(r, get("network")!) : null;

  if (r.errors.length > 0 || name === null || size === null || latency === null) {
    // Reading order is by section; report in file order.
    const errors = [...r.errors].sort((a, b) => a.line - b.line || a.col - b.col);
    return { app: null, errors };
  }
  const app = fakeApp({
    name,
    size,
    initial: initial!,
    screens: [...screens.values()],
    reactions,
    timers,
    alerts,
    crashes,
    latency,
    network,
  });
  return { app, errors: [] };
}

function readScreens(r: NodeReader, node: PNode): Map<string, FakeScreenSpec> {
  const screens = new Map<string, FakeScreenSpec>();
  if (node.kind !== "map") {
    r.fail(node, "E_TYPE", "screens", "expected a mapping of screen names to element lists");
    return screens;
  }
  if (node.entries.length === 0) r.fail(node, "E_CONFIG", "screens", "declare at least one screen");
  for (const e of node.entries) {
    const screen = readScreen(r, e.key, e.value, join("screens", e.key));
    if (screen !== null) screens.set(e.key, screen);
  }
  return screens;
}

function readSize(r: NodeReader, node: PNode): [number, number] | null {
  const items = r.seq(node, "size");
  if (items === null) return null;
  if (items.length !== 2) return r.fail(node, "E_TYPE", "size", "expected [width, height]");
  const [w, h] = items.map((n, i) => r.number(n, `size[${i}]`, 1));
  return w === null || h === null ? null : [w, h];
}

function readNetwork(r: NodeReader, node: PNode): FakeExchangeSpec[] | null {
  const f = r.map(node, "network", ["exchanges"]);
  if (f === null) return null;
  const n = f.get("exchanges")?.value;
  if (!n) return [];
  const items = r.seq(n, "network.exchanges") ?? [];
  return items
    .map((item, i) => readExchange(r, item, `network.exchanges[${i}]`))
    .filter((x): x is FakeExchangeSpec => x !== null);
}

function baseName(file: string): string {
  const last = file.split(/[\\/]/).pop() ?? file;
  return last.replace(/\.ya?ml$/i, "") || "fake-app";
}
