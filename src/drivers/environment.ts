/**
 * The per-platform environment seam: how one device (or browser lane) gets an app launched and a
 * driver built. A backend that keeps a resident runner process (the XCUITest runner) reports
 * `reusable`, and the pool keeps it warm across leases, relaunching only the app. Each backend
 * implements it beside its driver; the runner's pool is its only caller.
 *
 * @example
 * ```ts
 * import type { EnvironmentFactory } from "./environment.ts";
 * async function oneLease(factory: EnvironmentFactory, req: StartRequest) {
 *   const env = await factory.create("web-0", "playwright");
 *   try {
 *     const driver = await env.start(req);
 *     await driver.tap({ id: "onboarding.skip" });
 *     await env.relaunch?.({}); // the `relaunch` step: the app starts over, the device stays
 *     await env.endLease();
 *   } finally {
 *     await env.teardown();
 *     await factory.close?.();
 *   }
 * }
 * ```
 *
 * @module
 */
import type { Driver } from "./driver.ts";
import type { Preconditions, Scenario } from "../scenario/types.ts";

/**
 * What one lease asks of an environment's `start`.
 *
 * @example
 * ```ts
 * const req: StartRequest = {
 *   scenario,
 *   preconditions: scenario.preconditions,
 *   erase: true,
 *   warm: false,
 *   extraEnv: {},
 *   replaceDevice: false,
 * };
 * ```
 */
export interface StartRequest {
  scenario: Scenario;
  preconditions: Preconditions;
  erase: boolean;
  /** True when the environment's resident runner is being reused (app relaunch only). */
  warm: boolean;
  /** Extra launch environment (collector ports, mocks…). */
  extraEnv: Record<string, string>;
  replaceDevice: boolean;
  /**
   * Where to write a scenario-wide video (`<runDir>/<sid>/scenario.mp4`), asked of a backend
   * whose descriptor says it records the scenario video up front. Absent = none.
   */
  videoPath?: string;
  /**
   * Told of each step of a device boot that did not go through at once (a failed boot and its
   * recovery), as it ends; the runner records them in the manifest (`boot_attempts`).
   */
  onBootAttempt?: (attempt: BootAttempt) => void;
}

/**
 * One step of a device boot that did not go through at once: the failed boot, then each call of
 * its recovery (docs/backends.md#booting).
 *
 * @example
 * ```ts
 * const a: BootAttempt = {
 *   device: "6B2B7A8E-1C55-4F0E-9D3A-2E7C1F0B9A11",
 *   command: "boot",
 *   ok: false,
 *   exitCode: 60,
 *   detail: "xcrun simctl boot 6B2B… failed (exit 60): … Unable to boot the Simulator. …",
 * };
 * ```
 */
export interface BootAttempt {
  device: string;
  /** `boot`, `bootstatus -b`, `shutdown`. */
  command: string;
  ok: boolean;
  /** The tool's exit code when the step failed; null when it succeeded or was killed. */
  exitCode: number | null;
  /** Why it failed; "" when it succeeded. */
  detail: string;
}

/**
 * One device or browser lane, leased to one scenario at a time.
 *
 * @example
 * ```ts
 * const driver = await env.start(req);
 * if (env.reusable && await env.health(2)) await env.endLease(); // keep the runner warm
 * else await env.teardown();
 * ```
 */
export interface Environment {
  /** The actuator this environment drives (`fake`, `playwright`, `xcuitest`, `adb`). */
  readonly actuator: string;
  /** The device it runs on; may change when the environment swaps in a replacement device. */
  readonly device: string;
  readonly deviceName: string;
  readonly deviceRuntime: string;
  /** Keeps a resident runner worth reusing across leases. */
  readonly reusable: boolean;
  /** The route refuses erase (real device, remote endpoint). */
  readonly rejectsErase: boolean;
  readonly canReplaceDevice: boolean;
  /** Launches the app (cold, or on the warm resident) and returns a fresh driver. */
  start(req: StartRequest): Promise<Driver>;
  /** Relaunches the app with overrides (the `relaunch` step); null when the route has none. */
  relaunch?(overrides: { env?: Record<string, string>; args?: string[] }): Promise<void>;
  /** Bounded liveness probe of the resident runner; false is a cache miss, never an error. */
  health(timeoutS: number): Promise<boolean>;
  /** End of a lease on a warm resident: terminate the app only. */
  endLease(): Promise<void>;
  /** Full teardown (runner process, browser, recordings). */
  teardown(): Promise<void>;
  videoStartStalled?(): boolean;
  /**
   * The automation route the current lease uses, for the manifest (Android: `uiautomator2` or
   * `dump`); absent or "" when the backend has only one.
   */
  route?(): string;
  /**
   * Epoch seconds at which the current lease's scenario video started (web), so a report can
   * seek to a step; 0 when nothing records.
   */
  videoAnchorS?(): number;
  /**
   * The remote session the current lease runs on (endpoint without credentials, session id, the
   * cloud's page for it), for the manifest; absent or null on local backends.
   */
  remoteSession?(): RemoteSession | null;
}

/**
 * A session on a remote WebDriver endpoint, as the manifest records it: never a credential.
 *
 * @example
 * ```ts
 * const s: RemoteSession = {
 *   endpoint: "https://hub-cloud.browserstack.com/wd/hub",
 *   sessionId: "0f3c2a",
 *   sessionUrl: "https://app-automate.browserstack.com/dashboard/v2/sessions/0f3c2a",
 * };
 * ```
 */
export interface RemoteSession {
  /** `scheme://host[:port]/path`, without userinfo. */
  endpoint: string;
  sessionId: string;
  /** The cloud's page for the session (its video, logs), when known. */
  sessionUrl: string | null;
}

/**
 * Builds the environments of one engine pass; `close` releases what they share (a browser).
 *
 * @example
 * ```ts
 * const factory = await backend.factory(null);
 * const env = await factory.create(backend.lanes[0], backend.actuator);
 * ```
 */
export interface EnvironmentFactory {
  create(device: string, actuator: string): Promise<Environment>;
  /** Releases what the factory shares between environments (a browser); after the pass. */
  close?(): Promise<void>;
  /**
   * Ends what the factory shares at once, on an abort (a second Ctrl-C): no context or video is
   * saved, the process exits right after (docs/signals.md#the-browser).
   */
  abort?(): Promise<void>;
}
