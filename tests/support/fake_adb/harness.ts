/**
 * A fake Android device farm for tests: a temp folder holding the devices' state, a `bin/adb`
 * shim to put first on PATH (it runs `adb.ts` with the farm's folder), fake APKs, and the
 * UiAutomator2 server package as a fixture tarball (the `BAJUTSU_UIA2_SERVER_TARBALL` override),
 * so nothing needs the network or an emulator.
 *
 * @example
 * ```ts
 * await using farm = await FakeFarm.create();
 * await farm.addDevice("emulator-5554");
 * const apk = await farm.writeApk({ package: "com.example.app", screen: CONTRACT_SCREEN });
 * const env = farm.env(); // PATH with the fake adb first, the tarball override, a cache folder
 * ```
 *
 * @module
 */
import { join } from "node:path";
import type { ContractScreen } from "../../drivers/contract.ts";
import type { FakeApkSpec } from "./app.ts";
import {
  type DeviceEntry,
  type DeviceFaults,
  deviceFile,
  devicesFile,
  type DeviceState,
  newDevice,
  readDevice,
  readDevices,
  withDevice,
  writeJson,
} from "./state.ts";

const ADB_SCRIPT = new URL("./adb.ts", import.meta.url).pathname;

/** The pinned server version the fixture tarball claims to be. */
export const FIXTURE_SERVER_VERSION = "10.6.6";

/** One recorded adb call. */
export interface AdbCall {
  serial: string | null;
  args: string[];
}

/** One recorded request to a fake UiAutomator2 server. */
export interface ServerCall {
  method: string;
  pathname: string;
  body: unknown;
}

export class FakeFarm {
  private constructor(readonly home: string) {}

  static async create(): Promise<FakeFarm> {
    const home = await Deno.makeTempDir({ prefix: "bajutsu-fake-adb-" });
    const farm = new FakeFarm(home);
    await Deno.mkdir(join(home, "bin"));
    await Deno.mkdir(join(home, "cache"));
    writeJson(devicesFile(home), []);
    const shim = `#!/bin/sh\nFAKE_ADB_HOME='${home}' exec '${Deno.execPath()}' run -A -q ` +
      `--no-config --no-lock '${ADB_SCRIPT}' "$@"\n`;
    await Deno.writeTextFile(farm.adbPath, shim, { mode: 0o755 });
    await farm.#writeServerTarball();
    return farm;
  }

  /** The shim's path (what the backend runs as `adb`). */
  get adbPath(): string {
    return join(this.home, "bin", "adb");
  }

  /** The fixture tarball of the server package. */
  get serverTarball(): string {
    return join(this.home, "appium-uiautomator2-server.tgz");
  }

  /** An environment for a `bajutsu` subprocess: the fake adb first on PATH, no network. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      PATH: `${join(this.home, "bin")}:${Deno.env.get("PATH") ?? "/usr/bin:/bin"}`,
      BAJUTSU_UIA2_SERVER_TARBALL: this.serverTarball,
      XDG_CACHE_HOME: join(this.home, "cache"),
      NO_COLOR: "1",
      ...extra,
    };
  }

  /** Attaches a device (state `device`, API 34, system locale en-US unless said otherwise). */
  addDevice(
    serial: string,
    opts: {
      state?: string;
      screen?: [number, number];
      faults?: Partial<DeviceFaults>;
      sdk?: number;
      systemLocale?: string;
    } = {},
  ): void {
    const entry: DeviceEntry = {
      serial,
      state: opts.state ?? "device",
      model: "sdk_gphone64_x86_64",
      product: "sdk_gphone64_x86_64",
    };
    writeJson(devicesFile(this.home), [...readDevices(this.home), entry]);
    const state = newDevice(serial, opts.screen ?? [1080, 2400]);
    Object.assign(state.faults, opts.faults ?? {});
    if (opts.sdk !== undefined) state.sdk = opts.sdk;
    if (opts.systemLocale !== undefined) state.systemLocale = opts.systemLocale;
    writeJson(deviceFile(this.home, serial), state);
  }

  /** Changes a device's `adb devices` state (`offline`, `unauthorized`, `device`). */
  setDeviceState(serial: string, state: string): void {
    const devices = readDevices(this.home).map((d) => d.serial === serial ? { ...d, state } : d);
    writeJson(devicesFile(this.home), devices);
  }

  /** Arms faults on a device. */
  arm(serial: string, faults: Partial<DeviceFaults>): void {
    withDevice(this.home, serial, (d) => Object.assign(d.faults, faults));
  }

  /** A device's state now. */
  device(serial: string): DeviceState {
    return readDevice(this.home, serial);
  }

  /** Installs an app directly (as if it had been installed before the run). */
  preinstall(serial: string, apk: FakeApkSpec): void {
    withDevice(this.home, serial, (d) => {
      d.installed[apk.package] = { apk, grants: [] };
    });
  }

  /** Writes a fake APK file and returns its path. */
  async writeApk(
    spec: { package: string; screen?: ContractScreen; activity?: string; crashOnTap?: string },
    name = `${spec.package}.apk`,
  ): Promise<string> {
    const apk: FakeApkSpec = {
      fakeApk: true,
      versionName: "1.0",
      activity: ".MainActivity",
      ...spec,
    };
    const path = join(this.home, name);
    await Deno.writeTextFile(path, JSON.stringify(apk));
    return path;
  }

  /** Every adb call so far. */
  calls(): AdbCall[] {
    return lines(join(this.home, "calls.jsonl")) as AdbCall[];
  }

  /** Every request the device's fake servers received so far. */
  serverCalls(serial: string): ServerCall[] {
    return lines(join(this.home, `server-${serial}.jsonl`)) as ServerCall[];
  }

  /** Pids of the long-lived fake processes (instrumentation, recordings) still registered. */
  processes(serial: string): number[] {
    return this.device(serial).processes.map((p) => p.pid);
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  /** Kills any fake process left (a test that failed midway) and removes the folder. */
  async close(): Promise<void> {
    for (const d of readDevices(this.home)) {
      for (const pid of this.processes(d.serial)) {
        try {
          Deno.kill(pid, "SIGKILL");
        } catch { /* gone */ }
      }
    }
    await Deno.remove(this.home, { recursive: true });
  }

  /** The npm package's layout (`package/apks/…`), with fake APKs inside. */
  async #writeServerTarball(): Promise<void> {
    const root = join(this.home, "tarball");
    const apks = join(root, "package", "apks");
    await Deno.mkdir(apks, { recursive: true });
    const server: FakeApkSpec = {
      fakeApk: true,
      package: "io.appium.uiautomator2.server",
      versionName: FIXTURE_SERVER_VERSION,
    };
    const test: FakeApkSpec = {
      fakeApk: true,
      package: "io.appium.uiautomator2.server.test",
      versionName: "1.0",
      instrumentation: "io.appium.uiautomator2.server.test/androidx.test.runner.AndroidJUnitRunner",
    };
    await Deno.writeTextFile(
      join(apks, `appium-uiautomator2-server-v${FIXTURE_SERVER_VERSION}.apk`),
      JSON.stringify(server),
    );
    await Deno.writeTextFile(
      join(apks, "appium-uiautomator2-server-debug-androidTest.apk"),
      JSON.stringify(test),
    );
    await Deno.writeTextFile(
      join(root, "package", "package.json"),
      JSON.stringify({ name: "appium-uiautomator2-server", version: FIXTURE_SERVER_VERSION }),
    );
    const tar = await new Deno.Command("tar", {
      args: ["czf", this.serverTarball, "-C", root, "package"],
    }).output();
    if (tar.code !== 0) throw new Error(new TextDecoder().decode(tar.stderr));
  }
}

function lines(path: string): unknown[] {
  try {
    return Deno.readTextFileSync(path).split("\n").filter((l) => l !== "").map((l) =>
      JSON.parse(l)
    );
  } catch {
    return [];
  }
}
