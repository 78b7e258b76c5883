/**
 * The typed form of a loaded `bajutsu.config.yaml` (docs/configuration.md#the-config-file,
 * docs/configuration.md#layering): what the file says, with relative paths already made absolute.
 * Built-in defaults are NOT filled in here; they are applied by `resolveTarget`, which layers
 * defaults × target into an `Effective`.
 *
 * Optional fields are absent when the file does not set them, so layering can tell "unset" from
 * "set to the default value".
 *
 * @module
 */
import type { Interrupt, Redact, Selector, SystemAlertHandling } from "../scenario/types.ts";
import { type Engine, ENGINES } from "../model/engines.ts";

import type { Platform } from "../model/platform.ts";

export { type Platform, PLATFORMS } from "../model/platform.ts";

/** Playwright engines a web target may name (validated at load): the web backend's engines. */
export const BROWSERS = ENGINES;
export type Browser = Engine;

/** Events a notify endpoint can fire on. */
export const NOTIFY_EVENTS = ["failure", "change", "recovery", "always", "start"] as const;
export type NotifyEvent = typeof NOTIFY_EVENTS[number];

/** One webhook sink (`notify[]`, top-level or per target). */
export interface NotifyEndpoint {
  format: "slack";
  url: string;
  on: NotifyEvent[];
  targets: string[];
}

/** Per-token USD rates for one provider/model in `ai.pricing`. */
export interface PricingEntry {
  input: number;
  output: number;
  cacheWrite?: number;
  cacheRead?: number;
}

/** The `ai` block (parsed, never used by the deterministic core). */
export interface AiSettings {
  provider?: string;
  model?: string;
  baseUrl?: string;
  keyEnv?: string;
  effort?: string;
  language?: string;
  usageLedger?: string;
  pricing?: Record<string, PricingEntry>;
}

export interface DoctorConfig {
  idCoverageOk?: number;
  idCoverageFail?: number;
}

export interface XcuitestConfig {
  testRunner?: string;
  build?: string;
  deviceType?: "simulator" | "device";
}

/** How to bring up the server behind a web target's `baseUrl` for a run. */
export interface LaunchServer {
  cmd: string;
  readyUrl?: string;
  readyTimeout?: number;
  cwd?: string;
  env?: Record<string, string>;
  dockerImage?: string;
  dockerfile?: string;
  port?: number;
}

/** Where a target's devices come from (docs/backends.md#remote-devices-appium-selenium-grid-clouds). */
export const DEVICE_PROVIDER_KINDS = ["local", "appium"] as const;
export type DeviceProviderKind = typeof DEVICE_PROVIDER_KINDS[number];

/**
 * `deviceProvider`: `local` (this machine's simulators and emulators) or `appium` (a W3C/Appium
 * endpoint: an Appium server, Selenium Grid 4, a device cloud). `endpoint` and `capabilities`
 * may hold `${secrets.NAME}` tokens, resolved when the run starts.
 */
export interface DeviceProvider {
  kind: DeviceProviderKind;
  endpoint?: string;
  /** W3C capabilities merged over the ones derived from the target; vendor blocks untouched. */
  capabilities?: Record<string, unknown>;
}

/** Mailbox the `email` step polls. */
export interface Mailbox {
  kind?: string;
  url: string;
  headers?: Record<string, string>;
  messages?: string;
  fields?: Record<string, string>;
}

/** Accepted for compatibility; has no effect (a load warning says so). */
export interface MockServer {
  cmd: string;
  port: number;
  stubs?: string;
}

/** `defaults:` — team-wide values every target inherits. */
export interface Defaults {
  backend?: string[];
  platform?: Platform;
  device?: string;
  locale?: string;
  capture?: string[];
  redact?: Redact;
  secrets?: string[];
  ai?: AiSettings;
  reservedNamespaces?: string[];
  doctor?: DoctorConfig;
  visualCompare?: "exact" | "pixelmatch";
  requires?: string[];
}

/** `targets.<name>:` — one app under test. */
export interface TargetConfig {
  platform?: Platform;
  bundleId?: string;
  baseUrl?: string;
  package?: string;
  /** Android: the activity to launch (`.MainActivity`); default: resolved on the device. */
  activity?: string;
  /** Fake platform: path of the scripted fake-app file (absolute after loading). */
  app?: string;
  backend?: string[];
  device?: string;
  locale?: string;
  headless?: boolean;
  browser?: Browser;
  deviceMode?: string;
  /** Web: connect to a remote Playwright browser server instead of launching one. */
  wsEndpoint?: string;
  viewport?: { width: number; height: number };
  /** Web: the attribute read as the identifier (default `data-testid`; `id` is the fallback). */
  testIdAttribute?: string;
  /** Seconds an action polls for its selector to resolve uniquely before acting (0 = off). */
  actionTimeout?: number;
  /**
   * A run whose step durations' p95 is above `stepP95` (seconds) fails
   * (docs/configuration.md#latencybudget).
   */
  latencyBudget?: { stepP95: number };
  grantPermissions?: string[];
  launchEnv?: Record<string, string>;
  launchArgs?: string[];
  readyWhen?: Selector;
  idNamespaces?: string[];
  deeplinkScheme?: string;
  appPath?: string;
  build?: string;
  scenarios?: string;
  baselines?: string;
  schemas?: string;
  goldens?: string;
  setup?: string;
  xcuitest?: XcuitestConfig;
  launchServer?: LaunchServer;
  deviceProvider?: DeviceProvider;
  cloudBatch?: string;
  cloudBatchBudget?: number;
  mailbox?: Mailbox;
  notify?: NotifyEndpoint[];
  redact?: Redact;
  secrets?: string[];
  requires?: string[];
  ai?: AiSettings;
  visualCompare?: "exact" | "pixelmatch";
  /** Also read from the deprecated `alertHandling` / `dismissAlerts` keys. */
  systemAlertHandling?: SystemAlertHandling;
  erase?: boolean;
  network?: boolean;
  /** App-wide interstitial handlers (validated like a scenario's `interrupts`). */
  interrupts?: Interrupt[];
  mockServer?: MockServer;
}

/** A loaded config file. */
export interface Config {
  /** Absolute path of the file it was loaded from ("" when built in memory). */
  file: string;
  /** Directory relative paths were resolved against. */
  dir: string;
  defaults: Defaults;
  targets: Record<string, TargetConfig>;
  notify: NotifyEndpoint[];
}
