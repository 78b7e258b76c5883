/**
 * The iOS Simulator backend's descriptor (tokens `ios`/`xcuitest`): available where `xcrun` and
 * `xcodebuild` are on PATH (Xcode installed and selected). Choosing it resolves the simulator
 * pool (`--udid`, `--workers`), reads the iOS knobs, and hands out a factory whose environments
 * build WebDriverAgent once per Xcode/runtime/architecture and keep it warm per simulator.
 *
 * @module
 */
import { join } from "node:path";
import type { Effective, IosSettings } from "../../config/effective.ts";
import { type EnvGetter, processEnv, readXcuitestKnobs } from "../../config/env_knobs.ts";
import { runBounded } from "../../process/bounded_command.ts";
import { onPath } from "../../process/which.ts";
import { type Clock, realClock } from "../../time/clock.ts";
import {
  type Availability,
  type BackendDescriptor,
  type BackendRequest,
  type BackendSetup,
  BackendUnavailable,
} from "../backend.ts";
import { DeviceError } from "../driver.ts";
import { IOS_CAPABILITIES } from "./capabilities.ts";
import { cacheDir } from "./cache_dir.ts";
import type { IosRun } from "./environment.ts";
import type { SimDevice } from "./simctl_json.ts";
import type { WdaBuild } from "./wda_build.ts";
import { BACKEND_NAMES } from "../../model/backend_names.ts";

/** The install hint of every "no Xcode" message. */
export const XCODE_HINT = "install Xcode from the App Store, then select it: " +
  "sudo xcode-select -s /Applications/Xcode.app/Contents/Developer";

/**
 * Whether this machine has the tools: `xcrun` and `xcodebuild` on `pathEnv`.
 *
 * @example
 * ```ts
 * iosAvailability("/usr/bin:/bin"); // { available: true } on a Mac with Xcode
 * ```
 */
export function iosAvailability(pathEnv: string | undefined = Deno.env.get("PATH")): Availability {
  const missing = ["xcrun", "xcodebuild"].filter((tool) => onPath(tool, pathEnv) === null);
  if (missing.length === 0) return { available: true };
  return { available: false, reason: `${missing.join(" and ")} not on PATH: ${XCODE_HINT}` };
}

/** The iOS Simulator backend (simctl + WebDriverAgent). */
export const IOS_BACKEND = {
  ...BACKEND_NAMES.ios,
  engines: [],
  needs: ["bundleId"],
  capabilities: IOS_CAPABILITIES,
  recordsScenarioVideoUpFront: false,
  availability: () => iosAvailability(),
  prepare: prepareIos,
  doctorChecks: async (ctx) => (await import("./doctor.ts")).iosDoctorChecks(ctx),
  deviceList: async (ctx) => (await import("./device_list.ts")).iosDeviceList(ctx),
} as const satisfies BackendDescriptor;

function iosSettings(eff: Effective): IosSettings {
  if (eff.app.platform !== "ios") {
    throw new BackendUnavailable(`target ${eff.target} is not an iOS target`);
  }
  return eff.app;
}

/** Runner logs older than this are pruned when a run starts, days. */
const RUNNER_LOG_KEEP_DAYS = 7;

async function pruneOldLogs(dir: string): Promise<void> {
  const cutoff = Date.now() - RUNNER_LOG_KEEP_DAYS * 86_400_000;
  try {
    for await (const e of Deno.readDir(dir)) {
      if (!e.isFile || !e.name.startsWith("runner-")) continue;
      const path = join(dir, e.name);
      const info = await Deno.stat(path);
      if ((info.mtime?.getTime() ?? Date.now()) < cutoff) await Deno.remove(path);
    }
  } catch {
    // nothing to prune
  }
}

async function prepareIos(eff: Effective, req: BackendRequest): Promise<BackendSetup> {
  return (await setUpIos(eff, req)).setup;
}

/** What `setUpIos` takes from outside (tests point it at the fakes). */
export interface IosDeps {
  env?: EnvGetter;
  /** The `xcrun` and `xcodebuild` executables (default: found on PATH). */
  xcrun?: string;
  xcodebuild?: string;
  clock?: Clock;
  log?: (line: string) => void;
}

/**
 * The run's lanes and factory, plus the shared run state behind them (tests read it).
 *
 * @throws BackendUnavailable for a non-iOS target or a real device
 * @throws SimulatorNotFound when `--udid` names no simulator (listing the available ones)
 */
export async function setUpIos(
  eff: Effective,
  req: BackendRequest,
  deps: IosDeps = {},
): Promise<{ setup: BackendSetup; run: IosRun }> {
  const app = iosSettings(eff);
  if (app.xcuitest?.deviceType === "device") {
    throw new BackendUnavailable(
      "xcuitest.deviceType: device (a real iPhone or iPad) is not supported in this build; " +
        "run on a simulator (deviceType: simulator)",
    );
  }
  const env = deps.env ?? req.env ?? processEnv;
  const knobWarning = req.warn ?? ((line: string) => console.error(`warning: ${line}`));
  const knobs = readXcuitestKnobs(env, knobWarning);
  // Loaded on demand: choosing another backend never loads simctl or WebDriverAgent code.
  const [{ Simctl }, { resolveLanes }, { iosFactory }, pkg, build] = await Promise.all([
    import("./simctl.ts"),
    import("./device_lanes.ts"),
    import("./environment.ts"),
    import("./wda_package.ts"),
    import("./wda_build.ts"),
  ]);
  const simctl = new Simctl({ xcrun: deps.xcrun });
  const warn = req.warn;
  const log = deps.log ??
    (warn
      ? (line: string) => warn(`ios: ${line}`)
      : (line: string) => console.error(`ios: ${line}`));
  const pinned = (req.udids?.length ?? 0) > 0;
  const { lanes, catalog } = await resolveLanes(simctl, {
    specs: req.udids ?? [],
    pinned,
    workers: req.workers,
    model: eff.device,
    log,
  });
  const cache = cacheDir(env);
  const runnerLogDir = knobs.runnerLogDir ??
    join(env("TMPDIR") ?? "/tmp", "bajutsu-runner-logs");
  await pruneOldLogs(runnerLogDir);
  const xcodebuild = deps.xcodebuild ?? "xcodebuild";
  let sources: Promise<string> | null = null;
  let xcode: Promise<string> | null = null;
  const builds = new Map<string, Promise<WdaBuild>>();
  const buildFor = async (device: SimDevice): Promise<WdaBuild> => {
    sources ??= pkg.ensureWdaSources({ cacheDir: cache, tarball: env("BAJUTSU_WDA_TARBALL") });
    const prebuilt = app.xcuitest?.testRunner;
    if (prebuilt) {
      return await usePrebuilt(prebuilt, pkg.wdaProject(await sources), build.RUNNER_APP);
    }
    xcode ??= runBounded(xcodebuild, ["-version"], { timeoutS: 60 }).then((r) => {
      if (r.code !== 0) throw new DeviceError(`xcodebuild -version failed: ${r.stderr.trim()}`);
      return build.xcodeVersionKey(r.stdout);
    });
    const [sourceDir, xcodeVersion] = await Promise.all([sources, xcode]);
    const arch = build.xcodeArch();
    const key =
      build.buildLocation({ cacheDir: cache, runtime: device.runtime, xcodeVersion, arch })
        .key;
    let pending = builds.get(key);
    if (pending === undefined) {
      pending = build.ensureWdaBuild({
        xcodebuild,
        sourceDir,
        cacheDir: cache,
        udid: device.udid,
        runtime: device.runtime,
        xcodeVersion,
        arch,
        log,
      });
      // A failed build is not remembered: the next lease tries again.
      pending.catch(() => builds.delete(key));
      builds.set(key, pending);
    }
    return await pending;
  };
  const run: IosRun = {
    eff,
    app,
    simctl,
    xcodebuild,
    knobs,
    clock: deps.clock ?? realClock,
    pinned,
    catalog,
    buildFor,
    runnerLogDir,
    logPredicate: req.logPredicate ||
      (req.logSubsystem ? `subsystem == "${req.logSubsystem.replace(/"/g, '\\"')}"` : null),
    log,
  };
  return {
    setup: { lanes, pinned, engines: [], factory: () => Promise.resolve(iosFactory(run)) },
    run,
  };
}

/** `xcuitest.testRunner`: a derived-data folder holding a WebDriverAgent built elsewhere. */
async function usePrebuilt(dir: string, project: string, runnerApp: string): Promise<WdaBuild> {
  try {
    await Deno.stat(join(dir, runnerApp));
  } catch {
    throw new DeviceError(
      `xcuitest.testRunner ${dir} holds no ${runnerApp}: point it at the -derivedDataPath of a ` +
        "WebDriverAgent build-for-testing, or remove it to let bajutsu build one",
    );
  }
  return { derivedDataPath: dir, project, key: "prebuilt" };
}
