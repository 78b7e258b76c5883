/**
 * The shared state of the fake `xcrun` and `xcodebuild` executables: one JSON file (path in
 * `FAKE_IOS_STATE`) holding the simulators, runtimes, device types, installed and running apps,
 * global defaults, privacy grants, every simctl call made, and the faults still to fire. Every
 * process that changes it takes an exclusive `flock` on `<state>.lock` and replaces the file by
 * rename, so concurrent fakes (two workers) never see half a write.
 *
 * @module
 */
import type { FaultSpec } from "../fake_w3c/faults.ts";

/** A simulator as `simctl list devices -j` shows it (plus what the fake needs). */
export interface FakeDevice {
  udid: string;
  name: string;
  state: "Shutdown" | "Booted" | "Booting" | "Shutting Down" | "Creating";
  isAvailable: boolean;
  deviceTypeIdentifier: string;
  runtime: string;
  /** Boots so far (a replacement device starts at 0). */
  boots: number;
}

/** One running app: how it was launched. */
export interface RunningApp {
  pid: number;
  args: string[];
  env: Record<string, string>;
}

/** A simctl call's scripted failure (or hang). */
export interface SimctlFault {
  /** The subcommand (`boot`, `bootstatus`, `install`, `launch` …). */
  subcommand: string;
  /** Only calls naming this udid count. */
  udid?: string;
  /** How many matching calls fail from now on (default 1). */
  times?: number;
  exit?: number;
  stderr?: string;
  /**
   * Hang this many seconds before failing (a deadline test); the call is listed in `hangs`, and
   * marked finished only if it lives through the hang.
   */
  hangS?: number;
  /** The call leaves its device Shutdown, as a boot that failed part-way does. */
  shutsDown?: boolean;
  /** Matching calls to let through before the fault starts counting (default 0). */
  skip?: number;
}

/** A simctl call that hung on a scripted fault. */
export interface HungCall {
  /** The fake xcrun's pid (the shim execs it: the process the runner spawned). */
  pid: number;
  argv: string[];
  /** It lived through the hang: false once the hang started, true only after it ended. */
  finished: boolean;
}

/** Faults of the WebDriverAgent started by the Nth `test-without-building` (1-based). */
export interface WdaSpawnFaults {
  spawn: number;
  faults: FaultSpec[];
  /** Exit at once with this code instead of serving (a runner that dies at start). */
  exitAtStart?: number;
  /** The simulator disappears (deleted from the device set) as this runner starts. */
  vanishDevice?: boolean;
  /** WDA cannot bind `USE_PORT` (another process holds it) and the test run fails. */
  portInUse?: boolean;
}

/** The app under test crashes when the Nth tap (over the whole run) reaches it. */
export interface AppCrashFault {
  onTap: number;
  times?: number;
}

export interface FakeIosState {
  runtimes: Record<string, unknown>[];
  devicetypes: Record<string, unknown>[];
  devices: FakeDevice[];
  /** udid → bundle id → installed .app path. */
  apps: Record<string, Record<string, string>>;
  /** udid → bundle id → how it runs. */
  running: Record<string, Record<string, RunningApp>>;
  /** udid → global defaults (`AppleLocale`, `AppleLanguages`). */
  defaults: Record<string, Record<string, string | string[]>>;
  /** udid → bundle id → service → grant|revoke. */
  privacy: Record<string, Record<string, Record<string, string>>>;
  /** Every simctl argv, in order. */
  calls: string[][];
  /** Every xcodebuild argv, in order. */
  xcodebuild: string[][];
  nextPid: number;
  wdaSpawns: number;
  taps: number;
  simctlFaults: SimctlFault[];
  /** Every call that hung on a fault, in order. */
  hangs: HungCall[];
  wdaFaults: WdaSpawnFaults[];
  appCrashes: AppCrashFault[];
  /** `build-for-testing` fails with this many build errors (0 = succeeds). */
  buildFailures: number;
  /** Where the built-in apps (Settings) live. */
  builtInApps: Record<string, string>;
  xcodeVersion: string;
}

export const IOS_RUNTIME = "com.apple.CoreSimulator.SimRuntime.iOS-18-4";
export const IPHONE_16 = "com.apple.CoreSimulator.SimDeviceType.iPhone-16";
export const IPHONE_15 = "com.apple.CoreSimulator.SimDeviceType.iPhone-15";

/** Udids of the default devices. */
export const DEFAULT_UDIDS = {
  iphone16: "6B2B7A8E-1C55-4F0E-9D3A-2E7C1F0B9A11",
  iphone15: "0F3E9C42-7B1D-4E6A-8C25-5A9D3B7E1C22",
};

/** The state a test starts from: one iOS 18.4 runtime, two shut-down iPhones, Settings. */
export function defaultState(builtInApps: Record<string, string>): FakeIosState {
  const runtime = {
    bundlePath:
      "/Library/Developer/CoreSimulator/Volumes/iOS_22E238/Library/Developer/CoreSimulator/Profiles/Runtimes/iOS 18.4.simruntime",
    buildversion: "22E238",
    platform: "iOS",
    runtimeRoot:
      "/Library/Developer/CoreSimulator/Volumes/iOS_22E238/Library/Developer/CoreSimulator/Profiles/Runtimes/iOS 18.4.simruntime/Contents/Resources/RuntimeRoot",
    identifier: IOS_RUNTIME,
    version: "18.4",
    isInternal: false,
    isAvailable: true,
    name: "iOS 18.4",
    supportedDeviceTypes: [],
  };
  const type = (name: string, identifier: string, model: string) => ({
    productFamily: "iPhone",
    bundlePath:
      `/Applications/Xcode.app/Contents/Developer/Platforms/iPhoneOS.platform/Library/Developer/CoreSimulator/Profiles/DeviceTypes/${name}.simdevicetype`,
    maxRuntimeVersion: 4294967295,
    maxRuntimeVersionString: "65535.255.255",
    identifier,
    modelIdentifier: model,
    minRuntimeVersionString: "17.0.0",
    minRuntimeVersion: 1114112,
    name,
  });
  return {
    runtimes: [runtime],
    devicetypes: [
      type("iPhone 15", IPHONE_15, "iPhone15,4"),
      type("iPhone 16", IPHONE_16, "iPhone17,3"),
    ],
    devices: [
      {
        udid: DEFAULT_UDIDS.iphone16,
        name: "iPhone 16",
        state: "Shutdown",
        isAvailable: true,
        deviceTypeIdentifier: IPHONE_16,
        runtime: IOS_RUNTIME,
        boots: 0,
      },
      {
        udid: DEFAULT_UDIDS.iphone15,
        name: "iPhone 15",
        state: "Shutdown",
        isAvailable: true,
        deviceTypeIdentifier: IPHONE_15,
        runtime: IOS_RUNTIME,
        boots: 0,
      },
    ],
    apps: {},
    running: {},
    defaults: {},
    privacy: {},
    calls: [],
    xcodebuild: [],
    nextPid: 40000,
    wdaSpawns: 0,
    taps: 0,
    simctlFaults: [],
    hangs: [],
    wdaFaults: [],
    appCrashes: [],
    buildFailures: 0,
    builtInApps,
    xcodeVersion: "16.4",
  };
}

/** The state file named by `FAKE_IOS_STATE`. */
export function statePath(): string {
  const path = Deno.env.get("FAKE_IOS_STATE");
  if (!path) throw new Error("FAKE_IOS_STATE is not set");
  return path;
}

/** Reads the state (a consistent snapshot: writers replace the file by rename). */
export function readState(path = statePath()): FakeIosState {
  return JSON.parse(Deno.readTextFileSync(path)) as FakeIosState;
}

/** Writes the state atomically (callers hold the lock, or own the file alone). */
export function writeState(state: FakeIosState, path = statePath()): void {
  const tmp = `${path}.${Deno.pid}.tmp`;
  Deno.writeTextFileSync(tmp, JSON.stringify(state, null, 1));
  Deno.renameSync(tmp, path);
}

/** Runs `change` on the state under the exclusive lock and writes it back. */
export async function updateState<T>(
  change: (state: FakeIosState) => T | Promise<T>,
  path = statePath(),
): Promise<T> {
  const lock = await Deno.open(`${path}.lock`, { create: true, write: true });
  try {
    await lock.lock(true);
    const state = readState(path);
    const out = await change(state);
    writeState(state, path);
    return out;
  } finally {
    lock.close();
  }
}

/** The device with `udid`, or undefined. */
export function deviceOf(state: FakeIosState, udid: string): FakeDevice | undefined {
  return state.devices.find((d) => d.udid === udid);
}

/** {@link updateState} for synchronous callers (the fake WDA's route handlers). */
export function updateStateSync<T>(change: (state: FakeIosState) => T, path = statePath()): T {
  const lock = Deno.openSync(`${path}.lock`, { create: true, write: true });
  try {
    lock.lockSync(true);
    const state = readState(path);
    const out = change(state);
    writeState(state, path);
    return out;
  } finally {
    lock.close();
  }
}
