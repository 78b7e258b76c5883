/**
 * A config document (`PNode`) → `Config`, strictly: unknown keys at any depth, wrong types and
 * out-of-set values are load errors with line:col; deprecated keys are warnings.
 *
 * @module
 */
import type { PNode } from "../yaml/pnode.ts";
import type { LoadError } from "../yaml/load_error.ts";
import { enumOf, listOf, type Reader, record, strOrList } from "../yaml/combinators.ts";
import { keyPath, newReadContext, type ReadContext, report, warn } from "../yaml/read_context.ts";
import { bool, str } from "../yaml/scalars.ts";
import { describeNode } from "../yaml/describe.ts";
import {
  aiSettings,
  captureToken,
  doctor,
  latencyBudget,
  launchServer,
  mailbox,
  mockServer,
  nonNegativeNumber,
  notifyList,
  positiveInteger,
  strList,
  strMap,
  testIdAttribute,
  viewport,
  xcuitest,
} from "./field_readers.ts";
import { inScenarioGrammar } from "../scenario/validate/validation_context.ts";
import { selector } from "../scenario/validate/selector.ts";
import { interrupts } from "../scenario/validate/scenario.ts";
import {
  redact as scenarioRedact,
  systemAlertHandling as scenarioAlertHandling,
} from "../scenario/validate/policies.ts";
import { BROWSERS, type Config, type Defaults, PLATFORMS, type TargetConfig } from "./types.ts";
import { derivePlatform, missingIdentifier, PLATFORM_IDENTIFIER } from "./platform.ts";
import { ignoredOn } from "./platform_keys.ts";
import { checkDeviceProviders, deviceProvider } from "./device_provider.ts";

/** What parsing one config document yields. */
export interface ParsedConfig {
  config: Config | null;
  errors: LoadError[];
  warnings: LoadError[];
}

const backend: Reader<string[]> = (ctx, node, path) => {
  const list = strOrList(str)(ctx, node, path);
  if (list !== undefined && list.length === 0) {
    return report(ctx, node.pos, "E_TYPE", path, "expected at least one backend token, got []");
  }
  return list;
};

// Keys whose values use scenario grammar: a config and a scenario accept exactly the same
// selectors, steps and policies.
const readyWhen = inScenarioGrammar(selector);
const configInterrupts = inScenarioGrammar(interrupts);
const redact = inScenarioGrammar(scenarioRedact);
const alertHandling = inScenarioGrammar(scenarioAlertHandling);

const platform = enumOf(PLATFORMS);
const visualCompare = enumOf(["exact", "pixelmatch"] as const);

const readDefaults = record({
  backend,
  platform,
  device: str,
  locale: str,
  capture: listOf(captureToken),
  redact,
  secrets: strList,
  ai: aiSettings,
  reservedNamespaces: strList,
  doctor,
  visualCompare,
  requires: strList,
});

/** Target keys accepted only as deprecated spellings of `systemAlertHandling`. */
const DEPRECATED_ALERT_KEYS = ["alertHandling", "dismissAlerts"] as const;

const readTargetFields = record({
  platform,
  bundleId: str,
  baseUrl: str,
  package: str,
  activity: str,
  app: str,
  backend,
  device: str,
  locale: str,
  headless: bool,
  browser: enumOf(BROWSERS),
  deviceMode: str,
  wsEndpoint: str,
  viewport,
  testIdAttribute,
  actionTimeout: nonNegativeNumber,
  latencyBudget,
  grantPermissions: strList,
  launchEnv: strMap,
  launchArgs: strList,
  readyWhen,
  idNamespaces: strList,
  deeplinkScheme: str,
  appPath: str,
  build: str,
  scenarios: str,
  baselines: str,
  schemas: str,
  goldens: str,
  setup: str,
  xcuitest,
  launchServer,
  deviceProvider,
  cloudBatch: str,
  cloudBatchBudget: positiveInteger,
  mailbox,
  notify: notifyList,
  redact,
  secrets: strList,
  requires: strList,
  ai: aiSettings,
  visualCompare,
  systemAlertHandling: alertHandling,
  alertHandling,
  dismissAlerts: alertHandling,
  erase: bool,
  network: bool,
  interrupts: configInterrupts,
  mockServer,
});

/** One target: fields, then the deprecated alert keys folded into `systemAlertHandling`. */
const readTarget: Reader<TargetConfig> = (ctx, node, path) => {
  const raw = readTargetFields(ctx, node, path);
  if (raw === undefined || node.kind !== "map") return undefined;
  const { alertHandling, dismissAlerts, ...target } = raw;
  const spelled = node.entries.filter((e) =>
    e.key === "systemAlertHandling" ||
    (DEPRECATED_ALERT_KEYS as readonly string[]).includes(e.key)
  );
  for (const e of spelled) {
    if (e.key === "systemAlertHandling") continue;
    warn(
      ctx,
      e.keyPos,
      "W_DEPRECATED",
      keyPath(path, e.key),
      `${e.key} is deprecated; use systemAlertHandling`,
    );
  }
  if (spelled.length > 1) {
    const e = spelled[1];
    report(
      ctx,
      e.keyPos,
      "E_DUPLICATE_KEY",
      keyPath(path, e.key),
      `${e.key} and ${spelled[0].key} both set system alert handling; keep only ` +
        "systemAlertHandling",
    );
  } else if (target.systemAlertHandling === undefined) {
    const legacy = alertHandling ?? dismissAlerts;
    if (legacy !== undefined) target.systemAlertHandling = legacy;
  }
  const mock = node.entries.find((e) => e.key === "mockServer");
  if (mock) {
    warn(
      ctx,
      mock.keyPos,
      "W_IGNORED",
      keyPath(path, "mockServer"),
      "mockServer is accepted but has no effect",
    );
  }
  return target as TargetConfig;
};

const readTargets: Reader<Record<string, TargetConfig>> = (ctx, node, path) => {
  if (node.kind !== "map") {
    return report(
      ctx,
      node.pos,
      "E_TYPE",
      path,
      `expected a mapping of target names to targets, got ${describeNode(node)}`,
    );
  }
  const out: Record<string, TargetConfig> = {};
  for (const e of node.entries) {
    const t = readTarget(ctx, e.value, keyPath(path, e.key));
    if (t !== undefined) out[e.key] = t;
  }
  return out;
};

const readTop = record({ defaults: readDefaults, targets: readTargets, notify: notifyList }, {
  ignored: ["orgs", "ui"],
});

/**
 * Parses a config document. `node` null (an empty file) is an empty config. Paths are NOT
 * resolved here (see `resolveConfigPaths`); `file`/`dir` are recorded as given.
 */
export function parseConfig(
  node: PNode | null,
  file: string,
  dir: string,
  ctx: ReadContext = newReadContext(),
): ParsedConfig {
  const top = node === null ? {} : readTop(ctx, node, "");
  if (top === undefined) return { config: null, errors: ctx.errors, warnings: ctx.warnings };
  const config: Config = {
    file,
    dir,
    defaults: (top.defaults ?? {}) as Defaults,
    targets: top.targets ?? {},
    notify: top.notify ?? [],
  };
  if (node !== null) {
    checkIdentifiers(config, node, ctx);
    checkDeviceProviders(config, node, ctx);
  }
  if (ctx.errors.length > 0) return { config: null, errors: ctx.errors, warnings: ctx.warnings };
  return { config, errors: ctx.errors, warnings: ctx.warnings };
}

/**
 * Every target carries the identifier its derived platform requires; a key its platform ignores
 * is a warning at the key.
 */
function checkIdentifiers(config: Config, root: PNode, ctx: ReadContext): void {
  const targetsNode = root.kind === "map"
    ? root.entries.find((e) => e.key === "targets")?.value
    : undefined;
  if (targetsNode?.kind !== "map") return;
  for (const e of targetsNode.entries) {
    const target = config.targets[e.key];
    const path = keyPath("targets", e.key);
    // A target that already failed to read would only earn a misleading second error here.
    if (!target || ctx.errors.some((x) => x.path === path || x.path.startsWith(`${path}.`))) {
      continue;
    }
    const p = derivePlatform(target, config.defaults);
    if (e.value.kind === "map") {
      for (const field of e.value.entries) {
        const why = ignoredOn(field.key, p);
        if (why !== null) warn(ctx, field.keyPos, "W_PLATFORM", keyPath(path, field.key), why);
      }
    }
    const key = missingIdentifier(target, p);
    if (key) {
      // No identifier at all is a shape error (a schema can say it); the wrong one for the
      // derived platform needs the derivation chain, so it is a config error.
      const none = Object.values(PLATFORM_IDENTIFIER).every((k) => target[k] === undefined);
      report(
        ctx,
        e.keyPos,
        none ? "E_REQUIRED" : "E_CONFIG",
        path,
        `target ${JSON.stringify(e.key)} (platform ${p}) needs ${key}`,
      );
    }
  }
}
