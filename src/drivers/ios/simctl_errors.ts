/**
 * `xcrun simctl` failures placed in the error taxonomy: every one is a DeviceError (the run ends
 * with exit 2, or a forced-erase lease degrades), and the common ones name the fix. Recognised
 * from simctl's own texts (exit codes vary between Xcode releases; the texts do not):
 *
 * | simctl says | Error | Fix named |
 * |---|---|---|
 * | `Invalid device: X` | SimulatorNotFound | `xcrun simctl list devices available` |
 * | `Unable to … in current state: Shutdown` | SimulatorStateError | boot it |
 * | `No devices are booted.` | SimulatorStateError | boot one or pass `--udid` |
 * | `Invalid runtime: X` | RuntimeMissing | `xcodebuild -downloadPlatform iOS` |
 * | `Invalid device type: X` | SimctlError | `xcrun simctl list devicetypes` |
 * | FrontBoard / FBSApplicationLibrary "returned nil" / "unknown to FrontBoard" | AppNotInstalled | set `appPath` or `simctl install` |
 * | the deadline passed | SimctlTimeout (a DeviceTimeout) | — |
 * | the caller gave up (a recovery bound) | SimctlAborted | — |
 * | `boot` failed and neither `bootstatus -b` nor shutdown + boot brought it up | SimulatorBootFailed | restart CoreSimulator |
 *
 * @module
 */
import { DeviceError, DeviceTimeout } from "../driver.ts";

/**
 * A simctl call failed; `subcommand` and `exitCode` say which and how.
 *
 * @example
 * ```ts
 * throw new SimctlError("xcrun simctl install … failed (exit 1): …", "install", 1);
 * ```
 */
export class SimctlError extends DeviceError {
  override readonly code: string = "E_SIMCTL";
  constructor(message: string, readonly subcommand: string, readonly exitCode: number) {
    super(message);
  }
}

/**
 * The simulator named does not exist (deleted, another Xcode's device set, a typo).
 *
 * @example
 * ```ts
 * new SimulatorNotFound("simulator 0000 does not exist", "boot", 148, "0000");
 * ```
 */
export class SimulatorNotFound extends SimctlError {
  override readonly code = "E_SIM_NOT_FOUND";
  constructor(message: string, subcommand: string, exitCode: number, readonly udid: string) {
    super(message, subcommand, exitCode);
  }
}

/**
 * The simulator is in a state the call cannot work in (`Shutdown` for a launch, `Booted` for
 * an erase, `Creating`).
 *
 * @example
 * ```ts
 * err.state; // "Shutdown"
 * ```
 */
export class SimulatorStateError extends SimctlError {
  override readonly code = "E_SIM_STATE";
  constructor(message: string, subcommand: string, exitCode: number, readonly state: string) {
    super(message, subcommand, exitCode);
  }
}

/**
 * The iOS runtime the device or `create` asks for is not installed in this Xcode.
 *
 * @example
 * ```ts
 * err.runtime; // "com.apple.CoreSimulator.SimRuntime.iOS-18-4"
 * ```
 */
export class RuntimeMissing extends SimctlError {
  override readonly code = "E_SIM_RUNTIME";
  constructor(message: string, subcommand: string, exitCode: number, readonly runtime: string) {
    super(message, subcommand, exitCode);
  }
}

/**
 * The app to launch is not installed on the simulator.
 *
 * @example
 * ```ts
 * err.bundleId; // "com.example.shop"
 * ```
 */
export class AppNotInstalled extends SimctlError {
  override readonly code = "E_APP_NOT_INSTALLED";
  constructor(message: string, subcommand: string, exitCode: number, readonly bundleId: string) {
    super(message, subcommand, exitCode);
  }
}

/**
 * A simctl call outlived its deadline and was killed.
 *
 * @example
 * ```ts
 * throw new SimctlTimeout("xcrun simctl bootstatus X -b did not finish within 300s", "bootstatus");
 * ```
 */
export class SimctlTimeout extends DeviceTimeout {
  constructor(message: string, readonly subcommand: string) {
    super(message);
  }
}

/**
 * A simctl call killed because its caller stopped waiting (the signal it was given aborted, e.g.
 * the device-recovery bound passed). `reason` is the abort's reason.
 *
 * @example
 * ```ts
 * throw new SimctlAborted("xcrun simctl boot X was killed: device recovery …", "boot");
 * ```
 */
export class SimctlAborted extends DeviceError {
  override readonly code = "E_SIMCTL_ABORTED";
  constructor(message: string, readonly subcommand: string) {
    super(message);
  }
}

/**
 * A simulator that did not boot: `simctl boot` failed, `bootstatus -b` did not bring it up, and
 * one shutdown + boot retry failed too (docs/backends.md#booting). Most often CoreSimulator's
 * `launchd_sim` not answering (NSPOSIXErrorDomain code 60).
 *
 * @example
 * ```ts
 * err.udid; // "6B2B7A8E-…"
 * ```
 */
export class SimulatorBootFailed extends SimctlError {
  override readonly code = "E_SIM_BOOT";
  constructor(message: string, subcommand: string, exitCode: number, readonly udid: string) {
    super(message, subcommand, exitCode);
  }
}

/**
 * Whether a failed boot step is worth the next rung of the boot recovery: a simctl failure that
 * is not a missing device, runtime or xcrun (those cannot come back by retrying). A deadline
 * that passed or a caller that gave up ends the boot at once.
 *
 * @example
 * ```ts
 * bootMayRecover(new SimctlError("… (exit 60): Unable to boot the Simulator.", "boot", 60)); // true
 * ```
 */
export function bootMayRecover(err: unknown): boolean {
  return err instanceof SimctlError && err.exitCode !== -1 &&
    !(err instanceof SimulatorNotFound) && !(err instanceof RuntimeMissing);
}

/**
 * An argument that would reach simctl as an option (a udid starting with `-`) or is empty.
 *
 * @example
 * ```ts
 * throw new InvalidDeviceId("-rf");
 * ```
 */
export class InvalidDeviceId extends DeviceError {
  override readonly code = "E_SIM_UDID";
  constructor(readonly value: string) {
    super(
      `invalid simulator id ${JSON.stringify(value)}: a udid or name is not empty and never ` +
        `starts with "-"`,
    );
  }
}

/** What simctl was asked to do, for the error texts. */
export interface SimctlCall {
  subcommand: string;
  argv: readonly string[];
  /** The device the call addressed, when it addressed one. */
  udid?: string;
  /** The app the call addressed, when it addressed one. */
  bundleId?: string;
}

const LIST_FIX = "list the simulators with: xcrun simctl list devices available";

/**
 * The error for a failed call: the recognised cases name their fix, anything else quotes the
 * first lines simctl printed.
 *
 * @example
 * ```ts
 * simctlFailure({ subcommand: "boot", argv: ["boot", "X"], udid: "X" }, 148, "Invalid device: X");
 * // SimulatorNotFound: simulator X does not exist (simctl: Invalid device: X); list the …
 * ```
 */
export function simctlFailure(call: SimctlCall, exitCode: number, stderr: string): SimctlError {
  const said = firstLines(stderr);
  const { subcommand } = call;
  const invalidDevice = /Invalid device(?: or device pair)?: (.+)/.exec(stderr);
  if (invalidDevice) {
    const udid = invalidDevice[1].trim();
    return new SimulatorNotFound(
      `simulator ${udid} does not exist (simctl ${subcommand}: ${said}); ${LIST_FIX}`,
      subcommand,
      exitCode,
      udid,
    );
  }
  if (/No devices are booted/.test(stderr)) {
    return new SimulatorStateError(
      `no simulator is booted (simctl ${subcommand}); boot one with: xcrun simctl boot ` +
        `"<name>", or name one with --udid`,
      subcommand,
      exitCode,
      "Shutdown",
    );
  }
  const state = /in current state: (\w+)/.exec(stderr);
  if (state) {
    const where = call.udid ? `simulator ${call.udid}` : "the simulator";
    const fix = state[1] === "Shutdown"
      ? `; boot it with: xcrun simctl boot ${call.udid ?? "<udid>"}`
      : state[1] === "Booted"
      ? `; shut it down with: xcrun simctl shutdown ${call.udid ?? "<udid>"}`
      : "";
    return new SimulatorStateError(
      `${where} is ${state[1]}: simctl ${subcommand} cannot run in that state (${said})${fix}`,
      subcommand,
      exitCode,
      state[1],
    );
  }
  const runtime = /Invalid runtime: (.+)/.exec(stderr);
  if (runtime) {
    return new RuntimeMissing(
      `iOS runtime ${runtime[1].trim()} is not installed (simctl ${subcommand}); install one ` +
        `with: xcodebuild -downloadPlatform iOS, and list them with: xcrun simctl list runtimes`,
      subcommand,
      exitCode,
      runtime[1].trim(),
    );
  }
  if (/Invalid device type: /.test(stderr)) {
    return new SimctlError(
      `simctl ${subcommand}: ${said}; list the device types with: xcrun simctl list devicetypes`,
      subcommand,
      exitCode,
    );
  }
  if (/FBSApplicationLibrary\) returned nil|unknown to FrontBoard|is not installed/.test(stderr)) {
    const bundle = call.bundleId ?? "the app";
    return new AppNotInstalled(
      `${bundle} is not installed on simulator ${call.udid ?? "?"}: set appPath in the target, ` +
        `or install it with: xcrun simctl install ${call.udid ?? "<udid>"} <path/to/App.app>`,
      subcommand,
      exitCode,
      bundle,
    );
  }
  return new SimctlError(
    `xcrun simctl ${call.argv.join(" ")} failed (exit ${exitCode})${said ? `: ${said}` : ""}`,
    subcommand,
    exitCode,
  );
}

/** The first three non-empty lines of `text`, joined (simctl's messages run over lines). */
function firstLines(text: string): string {
  return text.split("\n").map((l) => l.trim()).filter((l) => l !== "").slice(0, 3).join(" ")
    .slice(0, 500);
}
