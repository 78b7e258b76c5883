/**
 * The fake device farm's state, on disk so every fake `adb` process (one per call) and the fake
 * UiAutomator2 server (inside a long-lived `am instrument` process) see one device: a JSON file
 * per device in `$FAKE_ADB_HOME`, changed under a lock (a directory made atomically).
 *
 * @module
 */
import { join } from "node:path";
import type { FaultSpec } from "../fake_w3c/faults.ts";
import type { FakeApkSpec, RunningApp } from "./app.ts";

/** One attached device as `adb devices` lists it. */
export interface DeviceEntry {
  serial: string;
  /** `device`, `offline`, `unauthorized`. */
  state: string;
  model: string;
  product: string;
}

/** Faults a test arms on a device; each counts down as it fires. */
export interface DeviceFaults {
  /** The next N `uiautomator dump` calls say "ERROR: could not get idle state.". */
  idleFailures: number;
  /** The next N adb calls to this device fail with "error: device offline". */
  offlineCalls: number;
  /** `getprop sys.boot_completed` reads "" this many times before "1". */
  bootPolls: number;
  /**
   * One entry per future `am instrument` run: the fake server's faults for that run (`[]` for a
   * healthy one). Runs past the list are healthy.
   */
  serverRuns: FaultSpec[][];
  /** `am instrument` exits at once (the server never comes up), this many times. */
  instrumentFailures: number;
  /** A tap on the app's `crashOnTap` element crashes it this many more times (0: inert). */
  appCrashes: number;
  /** The next N `cmd locale set-app-locales` calls fail as a locked-down device's do. */
  localeRefusals: number;
}

/** An app installed on the device. */
export interface InstalledApp {
  apk: FakeApkSpec;
  grants: string[];
}

/** A long-lived fake process a test may want to find dead later. */
export interface FakeProcess {
  kind: "instrument" | "screenrecord" | "logcat";
  pid: number;
}

/** One device's state. */
export interface DeviceState {
  serial: string;
  screen: [number, number];
  installed: Record<string, InstalledApp>;
  app: RunningApp | null;
  /** The fake UiAutomator2 server's host port while it runs. */
  serverPort: number | null;
  forwards: { local: number; remote: string }[];
  processes: FakeProcess[];
  logcat: { pid: number; line: string }[];
  nextPid: number;
  faults: DeviceFaults;
  /** Files on the device's storage (`/sdcard/…` → host path under the home). */
  files: Record<string, string>;
  /** Every input event, in order (`tap 80 42`, `text Ada`…), for assertions. */
  inputs: string[];
  /** `ro.build.version.sdk` (below 33 there is no `cmd locale`, as on Android 12 and older). */
  sdk: number;
  /** The system locale (`persist.sys.locale`), a BCP 47 tag. */
  systemLocale: string;
}

/** The folder of the fake farm. */
export function homeDir(): string {
  const home = Deno.env.get("FAKE_ADB_HOME");
  if (!home) throw new Error("FAKE_ADB_HOME is not set");
  return home;
}

export function devicesFile(home: string): string {
  return join(home, "devices.json");
}

export function deviceFile(home: string, serial: string): string {
  return join(home, `device-${serial.replace(/[^\w.-]/g, "_")}.json`);
}

export function readDevices(home: string): DeviceEntry[] {
  try {
    return JSON.parse(Deno.readTextFileSync(devicesFile(home)));
  } catch {
    return [];
  }
}

export function writeJson(path: string, value: unknown): void {
  const tmp = `${path}.${Deno.pid}.tmp`;
  Deno.writeTextFileSync(tmp, JSON.stringify(value, null, 1));
  Deno.renameSync(tmp, path);
}

export function readDevice(home: string, serial: string): DeviceState {
  return JSON.parse(Deno.readTextFileSync(deviceFile(home, serial)));
}

/** A fresh device with nothing installed. */
export function newDevice(serial: string, screen: [number, number]): DeviceState {
  return {
    serial,
    screen,
    installed: {},
    app: null,
    serverPort: null,
    forwards: [],
    processes: [],
    logcat: [],
    nextPid: 4000,
    faults: {
      idleFailures: 0,
      offlineCalls: 0,
      bootPolls: 0,
      serverRuns: [],
      instrumentFailures: 0,
      appCrashes: 0,
      localeRefusals: 0,
    },
    files: {},
    inputs: [],
    sdk: 34,
    systemLocale: "en-US",
  };
}

/** Runs `fn` on the device's state under the farm's lock and saves what it changed. */
export function withDevice<T>(home: string, serial: string, fn: (d: DeviceState) => T): T {
  return withLock(home, () => {
    const state = readDevice(home, serial);
    const out = fn(state);
    writeJson(deviceFile(home, serial), state);
    return out;
  });
}

/** Holds the farm's lock while `fn` runs (a lock older than 5 s is taken as abandoned). */
export function withLock<T>(home: string, fn: () => T): T {
  const lock = join(home, "lock");
  const started = Date.now();
  while (true) {
    try {
      Deno.mkdirSync(lock);
      break;
    } catch (err) {
      if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
      try {
        const age = Date.now() - (Deno.statSync(lock).mtime?.getTime() ?? Date.now());
        if (age > 5000) Deno.removeSync(lock);
      } catch { /* released meanwhile */ }
      if (Date.now() - started > 10_000) throw new Error("fake adb: lock held for 10s");
      const until = Date.now() + 2;
      while (Date.now() < until) { /* spin a moment: a synchronous sleep */ }
    }
  }
  try {
    return fn();
  } finally {
    try {
      Deno.removeSync(lock);
    } catch { /* gone */ }
  }
}

/** Appends one JSON line to a log file of the farm. */
export function appendLog(home: string, name: string, entry: unknown): void {
  Deno.writeTextFileSync(join(home, name), JSON.stringify(entry) + "\n", { append: true });
}
