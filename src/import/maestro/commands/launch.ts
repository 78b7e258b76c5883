/**
 * App lifecycle commands: `launchApp`, `stopApp`, `killApp`, `clearState`, `clearKeychain`,
 * `openLink`. Before the first step they become the scenario's launch preconditions (bajutsu
 * launches the app itself); later, `launchApp` is a `relaunch` (docs/import-maestro.md#launching).
 *
 * @module
 */
import type { PNode } from "../../../yaml/pnode.ts";
import { Untranslatable } from "../findings.ts";
import type { OutItem } from "../out_items.ts";
import type { Command, Handler, Translator } from "../translator.ts";
import { boolOf, child, scalarText } from "../values.ts";

const launchApp: Handler = (cmd, t) => {
  const v = cmd.value;
  const appId = v?.kind === "scalar"
    ? t.text(cmd, v)
    : t.text(cmd, child(v, "appId") ?? child(v, "url"));
  if (appId && cmd.scope.appId && appId !== cmd.scope.appId && !appId.includes("${")) {
    throw new Untranslatable(
      "LAUNCH",
      `launches another app (${appId}): a bajutsu scenario drives the config's one app`,
      "test that app in a scenario of its own target",
    );
  }
  const erase = boolOf(child(v, "clearState")) === true ||
    boolOf(child(v, "clearKeychain")) === true;
  const args = launchArguments(cmd, t, child(v, "arguments"));
  const items: OutItem[] = [];
  const permissions = child(v, "permissions");
  if (permissions && !allowsAll(permissions)) {
    items.push(t.dropOption(
      cmd,
      "permissions",
      "OPTION",
      "bajutsu sets no permissions at launch",
      "grant them on the device beforehand, or answer the prompts with `handleSystemAlert`",
    ));
  }
  if (t.stepCount === 0) {
    if (erase) t.preconditions.erase = true;
    if (args.length > 0) {
      t.preconditions.launchArgs = [...t.preconditions.launchArgs ?? [], ...args];
    }
    return items;
  }
  if (erase) {
    throw new Untranslatable(
      "LAUNCH",
      "clears the app's state in the middle of the flow: `relaunch` never erases",
      "split the flow: a second scenario with `preconditions: {erase: true}`",
    );
  }
  items.push(t.step(cmd, { relaunch: args.length > 0 ? { args } : {} }));
  return items;
};

/** Maestro's `arguments` map as iOS-style launch arguments: `-key value`. */
function launchArguments(cmd: Command, t: Translator, node: PNode | undefined): string[] {
  if (!node || node.kind !== "map") return [];
  return node.entries.flatMap((e) => [`-${e.key}`, t.text(cmd, e.value) ?? ""]);
}

/** Maestro's default: every permission allowed. */
function allowsAll(node: PNode): boolean {
  return node.kind === "map" && node.entries.length === 1 && node.entries[0].key === "all" &&
    scalarText(node.entries[0].value) === "allow";
}

/** `stopApp`/`killApp`: absorbed by a following `launchApp` (bajutsu's launch terminates first). */
const stopApp: Handler = (cmd, t) => {
  if (cmd.next?.name === "launchApp" || t.stepCount === 0) return [];
  throw new Untranslatable(
    "NO_EQUIVALENT",
    "bajutsu does not stop the app in the middle of a scenario",
    "`relaunch: {}` to restart it, or `background: {}`",
  );
};

const clearState: Handler = (_cmd, t) => {
  if (t.stepCount === 0) {
    t.preconditions.erase = true;
    return [];
  }
  throw new Untranslatable(
    "LAUNCH",
    "clears the app's state in the middle of the flow",
    "split the flow: a second scenario with `preconditions: {erase: true}`",
  );
};

const clearKeychain: Handler = (cmd, t) => {
  if (t.stepCount === 0) {
    t.preconditions.erase = true;
    return [];
  }
  return [t.step(cmd, { clearKeychain: {} })];
};

const openLink: Handler = (cmd, t) => {
  const v = cmd.value;
  const link = v?.kind === "map" ? t.text(cmd, child(v, "link")) : t.text(cmd, v);
  if (!link) throw new Untranslatable("OPTION", "no link given", "remove the command");
  if (t.stepCount === 0 && t.preconditions.deeplink === undefined) {
    t.preconditions.deeplink = link;
    return [];
  }
  throw new Untranslatable(
    "NO_EQUIVALENT",
    "bajutsu opens a link only when it launches the app",
    "a scenario of its own with `preconditions: {deeplink: …}`",
  );
};

/** The lifecycle family. */
export const LAUNCH_COMMANDS: Record<string, Handler> = {
  launchApp,
  stopApp,
  killApp: stopApp,
  clearState,
  clearKeychain,
  openLink,
};
