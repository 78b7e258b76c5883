/**
 * What a backend declares about itself (its descriptor) and what the runner gets once one is
 * chosen (a {@link Backend}). Each backend folder `src/drivers/<name>/backend.ts` exports one
 * descriptor; `registry.ts` lists them and selects among them. Shared code reads the descriptor's
 * flags (capabilities, `recordsScenarioVideoUpFront`), never an actuator's name.
 *
 * @example
 * ```ts
 * import type { BackendDescriptor } from "../backend.ts";
 * export const EXAMPLE_BACKEND = {
 *   actuator: "example",
 *   platform: "any",
 *   tokens: ["example"],
 *   engines: [],
 *   needs: [],
 *   capabilities: ["query", "screenshot"],
 *   recordsScenarioVideoUpFront: false,
 *   availability: () => ({ available: false, reason: "not available in this build" }),
 *   prepare: () => Promise.reject(new BackendUnavailable("not available in this build")),
 * } as const satisfies BackendDescriptor;
 * ```
 *
 * @module
 */
import type { Effective } from "../config/effective.ts";
import type { Platform } from "../config/types.ts";
import type { Capability } from "./driver.ts";
import type { EnvironmentFactory } from "./environment.ts";

/**
 * What the run asks of the backend (the CLI's flags).
 *
 * @example
 * ```ts
 * const req: BackendRequest = { backend: ["web"], workers: 2, browsers: ["chromium", "firefox"] };
 * ```
 */
export interface BackendRequest {
  /** Ordered backend tokens (`--backend`); empty or absent = the config's `backend` list. */
  backend?: string[];
  /** Parallel lanes wanted (`--workers`); at least one lane is always built. */
  workers: number;
  /** Engines of the run (`--browser`); several = a matrix. Backends without engines ignore it. */
  browsers?: string[];
  /** `--headed`; unset = the target's own setting. */
  headed?: boolean;
  /**
   * `--udid a,b,…`: the devices (serials, udids, or simulator names) the run leases. Given, the
   * run is pinned to them (`BackendSetup.pinned`); absent or empty = the backend's default
   * device. Backends without devices ignore it.
   */
  udids?: string[];
  /** `--log-predicate`: the device-log filter (iOS `log stream --predicate`). */
  logPredicate?: string;
  /** `--log-subsystem`: the app's log subsystem (iOS), used when no predicate is given. */
  logSubsystem?: string;
  /** The run's environment (knobs such as `BAJUTSU_ADB_RESIDENT`); default the process's. */
  env?: (name: string) => string | undefined;
  /** One warning line for the operator (printed on stderr as `warning: …`). */
  warn?: (line: string) => void;
}

/**
 * Whether a backend can run in this build and on this machine, and if not, why.
 *
 * @example
 * ```ts
 * const missing: Availability = { available: false, reason: "adb is not on PATH" };
 * ```
 */
export type Availability = { available: true } | { available: false; reason: string };

/**
 * What a descriptor's `prepare` builds for one run: the lanes and the environment factory.
 *
 * @example
 * ```ts
 * const setup: BackendSetup = {
 *   lanes: laneNames("fake", 2),
 *   pinned: false,
 *   engines: [],
 *   factory: () => createFakeFactory(appFile),
 * };
 * ```
 */
export interface BackendSetup {
  /** Devices or browser lanes the pool leases from. */
  lanes: string[];
  /** The operator named the devices (no replacement rung). */
  pinned: boolean;
  /** Engines of a matrix run; one entry (or none) for a plain run. */
  engines: string[];
  /** The environment factory of one engine pass (null = the target's own engine). */
  factory(engine: string | null): Promise<EnvironmentFactory>;
}

/**
 * A chosen backend: its descriptor's flags plus the run's lanes and factory.
 *
 * @example
 * ```ts
 * const backend = await selectBackend(eff, { workers: 1 });
 * const video = backend.recordsScenarioVideoUpFront ? `${runDir}/${sid}/scenario.mp4` : undefined;
 * ```
 */
export interface Backend extends BackendSetup {
  actuator: string;
  capabilities: Set<Capability>;
  /**
   * The backend records one video per scenario, started with the app (`<sid>/scenario.mp4`), so
   * there is no per-step video segment to start (web: Playwright records a whole context).
   */
  recordsScenarioVideoUpFront: boolean;
}

/**
 * One finding of `bajutsu doctor`: what was checked, how it went, and the command that fixes a
 * problem.
 *
 * @example
 * ```ts
 * const check: DoctorCheck = {
 *   name: "iOS runtimes",
 *   status: "fail",
 *   detail: "no iOS simulator runtime is installed",
 *   fix: "xcodebuild -downloadPlatform iOS",
 * };
 * ```
 */
export interface DoctorCheck {
  name: string;
  /** `warn` is worth knowing and fails nothing; `skip` means not needed on this machine. */
  status: "ok" | "warn" | "fail" | "skip";
  detail: string;
  /** The exact command (or action) that fixes it. */
  fix?: string;
}

/**
 * What `doctor` knows when it asks a backend for its checks.
 *
 * @example
 * ```ts
 * const ctx: DoctorContext = { eff: null, env: (k) => Deno.env.get(k), required: false };
 * ```
 */
export interface DoctorContext {
  /** The target checked (`--target`), or null for a machine-wide check. */
  eff: Effective | null;
  env: (name: string) => string | undefined;
  /**
   * The backend is needed (a target of its platform was named): a missing tool is a failure.
   * Otherwise a backend whose tools are missing reports one `skip`.
   */
  required: boolean;
}

/**
 * One device (or browser engine) a backend can lease, as serve's device picker lists it.
 *
 * @example
 * ```ts
 * const sim: LeasableDevice = {
 *   id: "5A1C0E8B-2D4F-4C1A-9E3B-7F6D5C4B3A21",
 *   name: "iPhone 16",
 *   state: "Shutdown",
 *   usable: true,
 *   detail: "iOS 18.4",
 * };
 * ```
 */
export interface LeasableDevice {
  /** What the run takes for it (`--udid <id>`, or `--browser <id>` for an engine). */
  id: string;
  name: string;
  /**
   * The backend's own word: `Booted`/`Shutdown` (simctl), `device`/`offline`/`unauthorized`
   * (adb), `installed`/`missing` (browsers).
   */
  state: string;
  /** A run can lease it (a shut-down simulator is booted by the run). */
  usable: boolean;
  /** The runtime or model, the browser's path, or what to do to make it usable. */
  detail: string;
}

/**
 * The devices a backend can lease for one target, and the run field that names one.
 *
 * @example
 * ```ts
 * const none: DeviceList = { field: null, devices: [] }; // the fake backend
 * ```
 */
export interface DeviceList {
  /** The `POST /api/run` field the picked id goes into; null: the backend has no devices. */
  field: "udid" | "browser" | null;
  devices: LeasableDevice[];
  /** Why the list is empty or incomplete (a tool missing, adb failing), or absent. */
  problem?: string;
}

/** What a backend needs to list its devices. */
export interface DeviceListContext {
  eff: Effective;
  env: (name: string) => string | undefined;
}

/**
 * One backend as the registry knows it. Static: reading it starts nothing.
 *
 * @example
 * ```ts
 * FAKE_BACKEND.tokens; // ["fake"]
 * WEB_BACKEND.engines; // ["chromium", "firefox", "webkit"]
 * ```
 */
export interface BackendDescriptor {
  /** The actuator name, recorded in manifests (`fake`, `playwright`, `xcuitest`…). */
  readonly actuator: string;
  /** The platform of the targets it drives; `any` for a route that serves several. */
  readonly platform: Platform | "any";
  /** Every token that selects it (`--backend`, config `backend`): its actuator name included. */
  readonly tokens: readonly string[];
  /** Engines a target may name (browsers); empty when the backend has none. */
  readonly engines: readonly string[];
  /** Target settings it reads to reach the app (`baseUrl`, `bundleId`…). */
  readonly needs: readonly string[];
  /** Capabilities it always has (a driver may narrow them at run time). */
  readonly capabilities: readonly Capability[];
  /** See {@link Backend.recordsScenarioVideoUpFront}. */
  readonly recordsScenarioVideoUpFront: boolean;
  /** Whether this build can drive it at all (libraries, tools on PATH). */
  availability(): Availability;
  /**
   * Builds the run's lanes and environment factory for a target of its platform. Loads heavy
   * code on demand, so choosing one backend never loads another.
   *
   * @throws BackendUnavailable when the request cannot be served (unknown engine, no browser)
   */
  prepare(eff: Effective, req: BackendRequest): Promise<BackendSetup>;
  /** `bajutsu doctor`'s checks of this backend's tools and machine state (absent: none). */
  doctorChecks?(ctx: DoctorContext): Promise<DoctorCheck[]>;
  /** The devices (or engines) a run of `ctx.eff` can lease (absent: none to pick). */
  deviceList?(ctx: DeviceListContext): Promise<DeviceList>;
}

/**
 * The run cannot get the backend it asked for; the CLI prints the message and exits 2.
 *
 * @example
 * ```ts
 * throw new BackendUnavailable("unknown browser engine(s): opera (known: chromium, firefox, webkit)");
 * ```
 */
export class BackendUnavailable extends Error {
  readonly code = "E_BACKEND_UNAVAILABLE";
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "BackendUnavailable";
  }
}

/**
 * `workers` lane names, at least one.
 *
 * @example
 * ```ts
 * laneNames("web", 2); // ["web-0", "web-1"]
 * laneNames("fake", 0); // ["fake-0"]
 * ```
 */
export function laneNames(prefix: string, workers: number): string[] {
  return Array.from({ length: Math.max(1, workers) }, (_, i) => `${prefix}-${i}`);
}
