/**
 * One Maestro flow → one bajutsu scenario (docs/import-maestro.md#the-flow-header): `name` (else
 * the file's name), `tags`, `env` (inlined), `onFlowStart` as `before`, the commands as `steps`,
 * `onFlowComplete` as an `after` rule that always runs.
 *
 * @module
 */
import { basename, extname } from "node:path";
import type { FlowFile } from "./flow_file.ts";
import type { Finding } from "./findings.ts";
import type { OutItem } from "./out_items.ts";
import {
  type Command,
  type FlowScope,
  type Handler,
  type Preconditions,
  Translator,
  type TranslatorIo,
} from "./translator.ts";
import { Untranslatable } from "./findings.ts";
import { scalarText } from "./values.ts";
import { envEntries } from "./commands/flow_control.ts";
import { LAUNCH_COMMANDS } from "./commands/launch.ts";
import { TAP_COMMANDS } from "./commands/tap.ts";
import { TEXT_COMMANDS } from "./commands/text_entry.ts";
import { ASSERTION_COMMANDS } from "./commands/assertions.ts";
import { GESTURE_COMMANDS } from "./commands/gestures.ts";
import { FLOW_COMMANDS } from "./commands/flow_control.ts";
import { DEVICE_COMMANDS } from "./commands/device.ts";

/** Every command the import knows, by Maestro name. */
export const HANDLERS: Readonly<Record<string, Handler>> = {
  ...LAUNCH_COMMANDS,
  ...TAP_COMMANDS,
  ...TEXT_COMMANDS,
  ...ASSERTION_COMMANDS,
  ...GESTURE_COMMANDS,
  ...FLOW_COMMANDS,
  ...DEVICE_COMMANDS,
  action,
};

/** The old spelling `action: back` of the bare commands (back, hideKeyboard, scroll…). */
function action(cmd: Command, t: Translator): OutItem[] {
  const name = scalarText(cmd.value) ?? "";
  const handler = ACTIONS.has(name) ? HANDLERS[name] : undefined;
  if (!handler) {
    throw new Untranslatable(
      "UNKNOWN",
      `unknown action ${JSON.stringify(name)}`,
      "write the bajutsu step by hand",
    );
  }
  return handler({ ...cmd, name, value: null }, t);
}

const ACTIONS: ReadonlySet<string> = new Set([
  "back",
  "hideKeyboard",
  "scroll",
  "clearKeychain",
  "pasteText",
]);

/** The translated scenario, ready to be written. */
export interface ImportedScenario {
  name: string;
  /** The flow as shown in messages (its display path). */
  source: string;
  appId?: string;
  tags: string[];
  preconditions: Preconditions;
  before: OutItem[];
  steps: OutItem[];
  after: OutItem[];
  findings: Finding[];
  /** Names the flow reads from the environment (`${secrets.NAME}`), sorted. */
  secrets: string[];
}

/** Translates the flow read from `abs`. */
export function translateFlow(flow: FlowFile, abs: string, io: TranslatorIo): ImportedScenario {
  const config = new Map(flow.config.map((e) => [e.key, e.value]));
  const appId = scalarText(config.get("appId") ?? config.get("url"));
  const secrets = new Set<string>();
  const scope: FlowScope = {
    abs,
    file: io.display(abs),
    env: new Map(envEntries(flow.config)),
    secrets,
    appId,
  };
  const t = new Translator(io, HANDLERS);
  t.flowStack.push(abs);
  const hook = (key: string) => {
    const node = config.get(key);
    return node?.kind === "seq" ? t.list(node.items, scope) : [];
  };
  const before = hook("onFlowStart");
  const steps = t.list(flow.commands, scope);
  const after = hook("onFlowComplete");
  const tagsNode = config.get("tags");
  const tags = tagsNode?.kind === "seq" ? tagsNode.items.flatMap((n) => scalarText(n) ?? []) : [];
  return {
    name: scalarText(config.get("name")) ?? basename(abs, extname(abs)),
    source: scope.file,
    appId,
    tags,
    preconditions: t.preconditions,
    before,
    steps,
    after,
    findings: t.findings,
    secrets: [...secrets].sort(),
  };
}
