/**
 * `resolveTarget(config, name)`: defaults × target × built-ins → `Effective`
 * (docs/configuration.md#layering; precedence CLI flag > scenario > target > defaults > built-in,
 * of which this layer handles the last three).
 *
 * @module
 */
import type { Config, Platform, TargetConfig } from "./types.ts";
import type { Effective, PlatformSettings } from "./effective.ts";
import { MissingIdentifierError, UnknownTargetError } from "./errors.ts";
import { derivePlatform, missingIdentifier } from "./platform.ts";
import { mergeAi, mergeRedact, orderedUnion } from "./merge.ts";

/** Built-in values used when neither the target nor `defaults` sets one. */
export const BUILT_IN = {
  device: "iPhone 15",
  locale: "en_US",
  capture: ["screenshot.after", "elements", "actionLog"],
  doctor: { idCoverageOk: 0.9, idCoverageFail: 0.7 },
  browser: "chromium",
  deviceMode: "desktop",
  testIdAttribute: "data-testid",
} as const;

/**
 * The effective configuration of target `name`.
 * @throws UnknownTargetError when the config has no such target (lists the known ones).
 * @throws MissingIdentifierError when the target lacks its platform's identifier.
 */
export function resolveTarget(config: Config, name: string): Effective {
  if (!Object.hasOwn(config.targets, name)) {
    throw new UnknownTargetError(name, Object.keys(config.targets));
  }
  const t = config.targets[name];
  const d = config.defaults;
  const platform = derivePlatform(t, d);
  return {
    target: name,
    platform,
    app: platformSettings(name, platform, t),
    // Without any backend in the file the platform's own token is the built-in (for an iOS
    // target that is the documented `[ios]`); a target whose devices come from an Appium
    // endpoint is driven over it unless it names its backend itself.
    backend: [
      ...(t.backend ?? (t.deviceProvider?.kind === "appium" ? ["remote"] : undefined) ??
        d.backend ?? [platform]),
    ],
    device: t.device ?? d.device ?? BUILT_IN.device,
    locale: t.locale ?? d.locale ?? BUILT_IN.locale,
    launchEnv: { ...t.launchEnv },
    launchArgs: [...(t.launchArgs ?? [])],
    readyWhen: t.readyWhen,
    idNamespaces: [...(t.idNamespaces ?? [])],
    reservedNamespaces: [...(d.reservedNamespaces ?? [])],
    launchServer: t.launchServer,
    deviceProvider: t.deviceProvider ?? { kind: "local" },
    cloudBatch: t.cloudBatch,
    cloudBatchBudget: t.cloudBatchBudget,
    mailbox: t.mailbox,
    setup: t.setup,
    capture: [...(d.capture ?? BUILT_IN.capture)],
    redact: mergeRedact(d.redact, t.redact),
    secrets: orderedUnion(d.secrets, t.secrets),
    requires: orderedUnion(d.requires, t.requires),
    ai: mergeAi(d.ai, t.ai),
    dirs: {
      scenarios: t.scenarios,
      baselines: t.baselines,
      schemas: t.schemas,
      goldens: t.goldens,
    },
    doctor: {
      idCoverageOk: d.doctor?.idCoverageOk ?? BUILT_IN.doctor.idCoverageOk,
      idCoverageFail: d.doctor?.idCoverageFail ?? BUILT_IN.doctor.idCoverageFail,
    },
    notify: [...(t.notify ?? config.notify)],
    visualCompare: t.visualCompare ?? d.visualCompare ?? "exact",
    run: {
      systemAlertHandling: t.systemAlertHandling,
      erase: t.erase ?? false,
      network: t.network ?? true,
      interrupts: [...(t.interrupts ?? [])],
      actionTimeoutS: t.actionTimeout ?? 0,
      stepP95BudgetS: t.latencyBudget?.stepP95 ?? null,
    },
    configDir: config.dir,
  };
}

function platformSettings(name: string, platform: Platform, t: TargetConfig): PlatformSettings {
  const missing = missingIdentifier(t, platform);
  if (missing) throw new MissingIdentifierError(name, platform, missing);
  switch (platform) {
    case "ios":
      return {
        platform,
        bundleId: t.bundleId!,
        deeplinkScheme: t.deeplinkScheme,
        appPath: t.appPath,
        build: t.build,
        xcuitest: t.xcuitest
          ? { ...t.xcuitest, deviceType: t.xcuitest.deviceType ?? "simulator" }
          : undefined,
      };
    case "android":
      return {
        platform,
        package: t.package!,
        activity: t.activity,
        appPath: t.appPath,
        build: t.build,
        grantPermissions: [...(t.grantPermissions ?? [])],
      };
    case "web":
      return {
        platform,
        baseUrl: t.baseUrl!,
        headless: t.headless ?? true,
        browser: t.browser ?? BUILT_IN.browser,
        deviceMode: t.deviceMode ?? BUILT_IN.deviceMode,
        wsEndpoint: t.wsEndpoint,
        viewport: t.viewport ? { ...t.viewport } : undefined,
        testIdAttribute: t.testIdAttribute ?? BUILT_IN.testIdAttribute,
      };
    case "fake":
      return { platform, app: t.app! };
  }
}
