/**
 * `Effective`: one target's configuration after layering defaults × target × built-ins
 * (docs/configuration.md#layering). Every later stage (runner, drivers, evidence, reports) reads
 * this, never the raw `Config`. Scenario values and CLI flags are layered on top by the runner.
 *
 * @module
 */
import type { Interrupt, Redact, Selector, SystemAlertHandling } from "../scenario/types.ts";
import type {
  AiSettings,
  Browser,
  DeviceProvider,
  LaunchServer,
  Mailbox,
  NotifyEndpoint,
  Platform,
  XcuitestConfig,
} from "./types.ts";

/** iOS Simulator / device settings. */
export interface IosSettings {
  platform: "ios";
  bundleId: string;
  deeplinkScheme?: string;
  appPath?: string;
  build?: string;
  xcuitest?: Required<Pick<XcuitestConfig, "deviceType">> & XcuitestConfig;
}

/** Android settings. */
export interface AndroidSettings {
  platform: "android";
  package: string;
  /** The activity to launch; absent = the launcher activity, resolved on the device. */
  activity?: string;
  appPath?: string;
  build?: string;
  grantPermissions: string[];
}

/** Web (Playwright) settings. */
export interface WebSettings {
  platform: "web";
  baseUrl: string;
  headless: boolean;
  browser: Browser;
  deviceMode: string;
  /** Remote Playwright browser server to connect to instead of launching a browser. */
  wsEndpoint?: string;
  viewport?: { width: number; height: number };
  /** The attribute read as the identifier (docs/backends.md#test-id-attribute). */
  testIdAttribute: string;
}

/** The scripted fake app (tests and demos). */
export interface FakeSettings {
  platform: "fake";
  /** Absolute path of the fake-app file. */
  app: string;
}

/** Platform-specific settings, discriminated by `platform`. */
export type PlatformSettings = IosSettings | AndroidSettings | WebSettings | FakeSettings;

/** Evidence directories (absolute, or undefined = the `<dir>/` beside each scenario). */
export interface EvidenceDirs {
  scenarios?: string;
  baselines?: string;
  schemas?: string;
  goldens?: string;
}

/** Run-behaviour defaults the scenario and CLI flags may override. */
export interface RunDefaults {
  /** undefined = built-in (on). */
  systemAlertHandling?: SystemAlertHandling;
  erase: boolean;
  network: boolean;
  /** App-wide handlers, checked before the scenario's own. */
  interrupts: Interrupt[];
  /**
   * Seconds an action polls for its selector to resolve uniquely before acting; 0 (default) =
   * one read (docs/configuration.md#actiontimeout).
   */
  actionTimeoutS: number;
  /** p95 of step durations above which the run fails, seconds; null = no budget. */
  stepP95BudgetS?: number | null;
}

/** One target, fully layered. */
export interface Effective {
  target: string;
  platform: Platform;
  app: PlatformSettings;
  /** Ordered backend tokens (platform or actuator names). */
  backend: string[];
  device: string;
  locale: string;
  launchEnv: Record<string, string>;
  launchArgs: string[];
  readyWhen?: Selector;
  idNamespaces: string[];
  reservedNamespaces: string[];
  launchServer?: LaunchServer;
  deviceProvider: DeviceProvider;
  cloudBatch?: string;
  cloudBatchBudget?: number;
  mailbox?: Mailbox;
  /** Absolute path of the prelude scenario file. */
  setup?: string;
  /** Evidence tokens applied to every leaf step (from `defaults` only). */
  capture: string[];
  redact: Redact;
  secrets: string[];
  requires: string[];
  ai?: AiSettings;
  dirs: EvidenceDirs;
  doctor: { idCoverageOk: number; idCoverageFail: number };
  notify: NotifyEndpoint[];
  visualCompare: "exact" | "pixelmatch";
  run: RunDefaults;
  /** Directory of the config file (base of its relative paths). */
  configDir: string;
}
