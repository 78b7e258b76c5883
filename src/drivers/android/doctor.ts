/**
 * `bajutsu doctor`'s Android checks (docs/cli.md#doctor): the SDK folder (`ANDROID_HOME` /
 * `ANDROID_SDK_ROOT`), adb and its version, every device adb sees with its state and Android
 * version (and what to do about a device that is offline or unauthorized), the UiAutomator2
 * server APKs in the cache, and the Android knobs. Each problem comes with what fixes it.
 *
 * @module
 */
import { join } from "node:path";
import type { DoctorCheck, DoctorContext } from "../backend.ts";
import { adbResidentMode, readAdbKnobs } from "../../config/env_knobs.ts";
import { type CommandRunner, runBounded } from "../../process/bounded_command.ts";
import { Adb, listDevices } from "./adb.ts";
import { findAdb } from "./backend.ts";
import { type AttachedDevice, describeDevices, deviceStateAdvice } from "./devices.ts";
import { PER_APP_LOCALE_SDK } from "./environment.ts";
import {
  cachedServerApks,
  cacheRoot,
  SERVER_PACKAGE_VERSION,
  TARBALL_OVERRIDE,
} from "./server_apks.ts";
import { isFileSync } from "../../fs/probe.ts";

/** Bound on each adb call doctor makes, seconds: doctor answers quickly or says why not. */
const CALL_S = 15;

const INSTALL_FIX = "install the Android SDK platform-tools " +
  "(https://developer.android.com/tools/releases/platform-tools) and put the folder on PATH, " +
  "or set ANDROID_HOME to the SDK folder";

const START_FIX = "start an emulator (emulator -avd <name>; emulator -list-avds lists them) " +
  "or plug a device in with USB debugging on";

function isDir(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

/** `ANDROID_HOME` / `ANDROID_SDK_ROOT`: set to an SDK that has adb, or unset with adb on PATH. */
function sdkCheck(ctx: DoctorContext): DoctorCheck {
  const home = ctx.env("ANDROID_HOME") || undefined;
  const root = ctx.env("ANDROID_SDK_ROOT") || undefined;
  const name = "Android SDK";
  if (!home && !root) {
    return {
      name,
      status: "ok",
      detail: "ANDROID_HOME and ANDROID_SDK_ROOT are not set (adb is looked up on PATH only)",
    };
  }
  const [variable, dir] = home ? ["ANDROID_HOME", home] : ["ANDROID_SDK_ROOT", root!];
  if (!isDir(dir)) {
    return {
      name,
      status: "warn",
      detail: `${variable}=${dir} is not a folder`,
      fix: `export ${variable}=<the SDK folder> (Android Studio › Settings › Android SDK shows it)`,
    };
  }
  if (!isFileSync(join(dir, "platform-tools", "adb"))) {
    return {
      name,
      status: "warn",
      detail: `${variable}=${dir} has no platform-tools/adb`,
      fix: `${join(dir, "cmdline-tools", "latest", "bin", "sdkmanager")} platform-tools`,
    };
  }
  if (home && root && home !== root) {
    return {
      name,
      status: "warn",
      detail: `ANDROID_HOME=${home} and ANDROID_SDK_ROOT=${root} differ; ANDROID_HOME is used`,
      fix: "unset ANDROID_SDK_ROOT (it is deprecated) or make both name the same folder",
    };
  }
  return { name, status: "ok", detail: `${variable}=${dir}` };
}

/** `Android Debug Bridge version 1.0.41` + `Version 35.0.2-12147458` → readable. */
function adbVersion(text: string): string | null {
  const protocol = /Android Debug Bridge version (\S+)/.exec(text)?.[1];
  if (!protocol) return null;
  const tools = /^Version (\S+)/m.exec(text)?.[1]?.split("-")[0];
  return `Android Debug Bridge ${protocol}${tools ? `, platform-tools ${tools}` : ""}`;
}

/** One line per device adb lists: usable ones with their Android version, others with advice. */
async function deviceChecks(adbPath: string, devices: AttachedDevice[]): Promise<DoctorCheck[]> {
  const seen = describeDevices(devices);
  return await Promise.all(devices.map(async (d): Promise<DoctorCheck> => {
    const name = `device ${d.serial}`;
    const model = d.model.replaceAll("_", " ");
    if (d.state !== "device") {
      return {
        name,
        status: "warn",
        detail: `${d.state}${model ? ` (${model})` : ""}: a run cannot use it`,
        fix: deviceStateAdvice(d, seen),
      };
    }
    const adb = new Adb({ adbPath, serial: d.serial, timeoutS: CALL_S });
    let release: string;
    let sdk: number;
    try {
      const [r, s] = await Promise.all([
        adb.getprop("ro.build.version.release"),
        adb.getprop("ro.build.version.sdk"),
      ]);
      release = r;
      sdk = Number(s) || 0;
    } catch (err) {
      return {
        name,
        status: "warn",
        detail: `listed, but does not answer: ${err instanceof Error ? err.message : err}`,
        fix: `adb -s ${d.serial} reconnect`,
      };
    }
    const what = `${model || "device"}, Android ${release} (API ${sdk})`;
    if (sdk > 0 && sdk < PER_APP_LOCALE_SDK) {
      return {
        name,
        status: "warn",
        detail: `${what}: older than Android 13, so a scenario's locale cannot be set for the ` +
          "app (it runs in the device's locale)",
        fix: "use an Android 13+ system image, or set the device's language in Settings",
      };
    }
    return { name, status: "ok", detail: what };
  }));
}

/** The UiAutomator2 server APKs: the override tarball, the cache, or a download to come. */
async function serverCheck(ctx: DoctorContext): Promise<DoctorCheck> {
  const name = "UiAutomator2 server";
  if (adbResidentMode(ctx.env, () => {}) === "dump") {
    return {
      name,
      status: "skip",
      detail: "not used (BAJUTSU_ADB_RESIDENT=0: the dump route only)",
    };
  }
  const override = ctx.env(TARBALL_OVERRIDE);
  if (override) {
    return isFileSync(override)
      ? { name, status: "ok", detail: `${TARBALL_OVERRIDE}=${override}` }
      : {
        name,
        status: "warn",
        detail: `${TARBALL_OVERRIDE}=${override} is not a file: runs fall back to the slower ` +
          "dump route",
        fix: `npm pack appium-uiautomator2-server@${SERVER_PACKAGE_VERSION} and point ` +
          `${TARBALL_OVERRIDE} at the .tgz`,
      };
  }
  const cached = await cachedServerApks(ctx.env);
  if (cached) return { name, status: "ok", detail: `${cached.version}: ${cached.server}` };
  return {
    name,
    status: "warn",
    detail: `appium-uiautomator2-server@${SERVER_PACKAGE_VERSION} is not in ${
      cacheRoot(ctx.env)
    } yet: the first run downloads it from the npm registry`,
    fix: `offline: npm pack appium-uiautomator2-server@${SERVER_PACKAGE_VERSION} and set ` +
      TARBALL_OVERRIDE,
  };
}

/**
 * The Android checks. Without adb and no Android target named, one `skip`.
 *
 * @example
 * ```ts
 * for (const c of await androidDoctorChecks({ eff: null, env, required: false })) {
 *   console.log(c.status, c.name, c.detail);
 * }
 * ```
 */
export async function androidDoctorChecks(
  ctx: DoctorContext,
  run: CommandRunner = runBounded,
): Promise<DoctorCheck[]> {
  const adbPath = findAdb(ctx.env);
  if (adbPath === null && !ctx.required) {
    return [{
      name: "adb",
      status: "skip",
      detail: "adb is not on PATH nor in $ANDROID_HOME/platform-tools (no Android target named)",
    }];
  }
  const out: DoctorCheck[] = [sdkCheck(ctx)];
  if (adbPath === null) {
    out.push({
      name: "adb",
      status: "fail",
      detail: "adb is not on PATH nor in $ANDROID_HOME/platform-tools",
      fix: INSTALL_FIX,
    });
    return out;
  }
  let version: string | null = null;
  let said = "";
  try {
    const r = await run(adbPath, ["version"], { timeoutS: CALL_S });
    version = r.code === 0 ? adbVersion(r.stdout) : null;
    said = r.timedOut ? `no answer within ${CALL_S}s` : (r.stderr || r.stdout).trim();
  } catch (err) {
    said = err instanceof Error ? err.message : String(err);
  }
  if (version === null) {
    out.push({
      name: "adb",
      status: "fail",
      detail: `${adbPath} version failed: ${said.split("\n")[0] || "no version printed"}`,
      fix: INSTALL_FIX,
    });
    return out;
  }
  out.push({ name: "adb", status: "ok", detail: `${version} (${adbPath})` });
  let devices: AttachedDevice[];
  try {
    devices = await listDevices(adbPath, CALL_S);
  } catch (err) {
    out.push({
      name: "devices",
      status: "fail",
      detail: `adb devices -l failed: ${err instanceof Error ? err.message : err}`,
      fix: "adb kill-server && adb start-server",
    });
    return out;
  }
  const usable = devices.filter((d) => d.state === "device");
  out.push(
    usable.length > 0
      ? {
        name: "devices",
        status: "ok",
        detail: `${usable.length} usable: ${usable.map((d) => d.serial).join(", ")}` +
          (usable.length < devices.length ? ` (adb sees: ${describeDevices(devices)})` : ""),
      }
      : {
        name: "devices",
        status: ctx.required ? "fail" : "warn",
        detail: `no usable device or emulator (adb sees: ${describeDevices(devices)})`,
        fix: START_FIX,
      },
  );
  out.push(...await deviceChecks(adbPath, devices));
  out.push(await serverCheck(ctx));
  const knobWarnings: string[] = [];
  readAdbKnobs(ctx.env, (line) => knobWarnings.push(line));
  if (knobWarnings.length > 0) {
    out.push({
      name: "Android knobs",
      status: "warn",
      detail: knobWarnings.join("; "),
      fix: "fix or unset the variable (docs/configuration.md lists the values)",
    });
  }
  return out;
}
