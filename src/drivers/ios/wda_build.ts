/**
 * WebDriverAgent built once per Xcode version, iOS runtime and CPU architecture with
 * `xcodebuild build-for-testing` into the cache (`<cache>/wda/<version>/derived/<key>`), and
 * reused by every later run on the machine. A failed build is a DeviceError quoting the tail of
 * the build log and naming the full log's path.
 *
 * ```
 * xcodebuild build-for-testing -project <src>/WebDriverAgent.xcodeproj -scheme WebDriverAgentRunner \
 *   -destination 'platform=iOS Simulator,id=<udid>' -derivedDataPath <derived> \
 *   CODE_SIGNING_ALLOWED=NO GCC_TREAT_WARNINGS_AS_ERRORS=0 COMPILER_INDEX_STORE_ENABLE=NO
 * ```
 *
 * @module
 */
import { join } from "node:path";
import { DeviceError } from "../driver.ts";
import { spawnGroupChild } from "../../process/group_child.ts";
import { timerDeadline, withinDeadline } from "../../time/deadline.ts";
import { withFileLock } from "./file_lock.ts";
import { WDA_PACKAGE, wdaProject } from "./wda_package.ts";
import { pathExists } from "../../fs/probe.ts";

/** Deadline of one build, seconds (a cold build takes minutes). */
export const BUILD_S = 1800;
/** The runner app the build produces. */
export const RUNNER_APP = "Build/Products/Debug-iphonesimulator/WebDriverAgentRunner-Runner.app";
/** Lines of the build log quoted in a failure. */
const TAIL_LINES = 15;

/**
 * The WebDriverAgent build failed.
 *
 * @example
 * ```ts
 * err.logPath; // "/Users/ci/.cache/bajutsu/wda/16.12.7/build-16.4-16F6-iOS-18-4-arm64.log"
 * ```
 */
export class WdaBuildFailed extends DeviceError {
  override readonly code = "E_WDA_BUILD";
  constructor(message: string, readonly logPath: string) {
    super(message);
  }
}

/** A usable build: where its products are. */
export interface WdaBuild {
  /** The `-derivedDataPath` holding `Build/Products`. */
  derivedDataPath: string;
  /** The project the products were built from. */
  project: string;
  key: string;
}

/** Runs the build, its output (both streams) into `logPath`; resolves with how it ended. */
export type BuildRunner = (
  cmd: string,
  args: string[],
  logPath: string,
) => Promise<{ code: number; timedOut: boolean }>;

/**
 * The build in a process group of its own, so an aborted run never leaves an xcodebuild behind
 * (the group is killed at exit), bounded by {@link BUILD_S}.
 */
export const runBuild: BuildRunner = async (cmd, args, logPath) => {
  await Deno.writeTextFile(logPath, `$ ${cmd} ${args.join(" ")}\n`);
  const child = spawnGroupChild({ cmd, args, output: { file: `${logPath}.out` } });
  const timer = timerDeadline(BUILD_S);
  const timedOut = await withinDeadline(child.exited.then(() => false), timer, true);
  const exit = await child.stop();
  const out = await Deno.readTextFile(`${logPath}.out`).catch(() => "");
  await Deno.writeTextFile(logPath, out, { append: true });
  await Deno.remove(`${logPath}.out`).catch(() => {});
  return { code: exit.code, timedOut };
};

export interface WdaBuildRequest {
  xcodebuild: string;
  /** The unpacked package folder. */
  sourceDir: string;
  cacheDir: string;
  /** The device to build for (its runtime and the host's architecture make the key). */
  udid: string;
  runtime: string;
  xcodeVersion: string;
  arch: string;
  run?: BuildRunner;
  log?: (line: string) => void;
}

/** `Xcode 16.4\nBuild version 16F6` → `16.4-16F6`. */
export function xcodeVersionKey(versionOutput: string): string {
  const version = /Xcode\s+(\S+)/.exec(versionOutput)?.[1] ?? "unknown";
  const build = /Build version\s+(\S+)/.exec(versionOutput)?.[1];
  return build ? `${version}-${build}` : version;
}

/** `com.apple.CoreSimulator.SimRuntime.iOS-18-4` → `iOS-18-4`. */
export function runtimeKey(runtime: string): string {
  return runtime.split(".").pop() || "unknown-runtime";
}

/** Deno's `aarch64` is Xcode's `arm64`. */
export function xcodeArch(arch: string = Deno.build.arch): string {
  return arch === "aarch64" ? "arm64" : arch;
}

/** The cache key and folders of a build. */
export function buildLocation(
  req: Pick<WdaBuildRequest, "cacheDir" | "runtime" | "xcodeVersion" | "arch">,
) {
  const key = `${req.xcodeVersion}-${runtimeKey(req.runtime)}-${req.arch}`;
  const root = join(req.cacheDir, "wda", WDA_PACKAGE.version);
  return {
    key,
    derivedDataPath: join(root, "derived", key),
    logPath: join(root, `build-${key}.log`),
    stamp: join(root, "derived", key, ".bajutsu-built"),
    lock: join(root, ".build.lock"),
  };
}

/**
 * The build for this Xcode, runtime and architecture: the cached one, or a new one.
 *
 * @throws WdaBuildFailed with the log's tail and path
 */
export async function ensureWdaBuild(req: WdaBuildRequest): Promise<WdaBuild> {
  const at = buildLocation(req);
  const project = wdaProject(req.sourceDir);
  const done: WdaBuild = { derivedDataPath: at.derivedDataPath, project, key: at.key };
  if (await pathExists(at.stamp) && await pathExists(join(at.derivedDataPath, RUNNER_APP))) {
    return done;
  }
  return await withFileLock(at.lock, async () => {
    if (await pathExists(at.stamp) && await pathExists(join(at.derivedDataPath, RUNNER_APP))) {
      return done;
    }
    req.log?.(`building WebDriverAgent ${WDA_PACKAGE.version} for ${at.key} (once per machine)`);
    const args = [
      "build-for-testing",
      "-project",
      project,
      "-scheme",
      "WebDriverAgentRunner",
      "-destination",
      `platform=iOS Simulator,id=${req.udid}`,
      "-derivedDataPath",
      at.derivedDataPath,
      "CODE_SIGNING_ALLOWED=NO",
      "GCC_TREAT_WARNINGS_AS_ERRORS=0",
      "COMPILER_INDEX_STORE_ENABLE=NO",
    ];
    const r = await (req.run ?? runBuild)(req.xcodebuild, args, at.logPath);
    const output = await Deno.readTextFile(at.logPath).catch(() => "");
    if (r.timedOut || r.code !== 0) {
      const tail = output.trimEnd().split("\n").slice(-TAIL_LINES).join("\n");
      throw new WdaBuildFailed(
        `WebDriverAgent build failed (${
          r.timedOut ? `no result within ${BUILD_S}s` : `xcodebuild exit ${r.code}`
        }); last lines:\n${tail}\nfull log: ${at.logPath}`,
        at.logPath,
      );
    }
    if (!await pathExists(join(at.derivedDataPath, RUNNER_APP))) {
      throw new WdaBuildFailed(
        `WebDriverAgent build reported success but ${RUNNER_APP} is missing; full log: ${at.logPath}`,
        at.logPath,
      );
    }
    await Deno.writeTextFile(at.stamp, `${new Date().toISOString()}\n`);
    return done;
  });
}
