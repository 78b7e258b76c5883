/**
 * `xcrun simctl` through `Deno.Command` (docs/backends.md#ios-simulator): every call bounded by a
 * deadline (300 s for boot, bootstatus, erase and install; 60 s otherwise), every udid checked so
 * it can never reach simctl as an option, every failure a DeviceError that names the fix
 * (`simctl_errors.ts`). A failed `boot` is recovered before it fails the lease
 * (docs/backends.md#booting): `bootstatus -b`, then one shutdown + boot. A Simctl bound to an
 * AbortSignal (`withSignal`) kills its call in flight when the signal aborts. Long-lived helpers (`io recordVideo`, `spawn log stream`) run in a
 * process group of their own (`src/process/group_child.ts`).
 *
 * @example
 * ```ts
 * import { Simctl } from "./simctl.ts";
 * const simctl = new Simctl();
 * const [device] = (await simctl.listDevices()).filter((d) => d.state === "Booted");
 * await simctl.terminate(device.udid, "com.example.shop");
 * await simctl.launch(device.udid, "com.example.shop", ["-AppleLocale", "en_US"], { API: "x" });
 * ```
 *
 * @module
 */
import {
  type CommandResult,
  type CommandRunner,
  runBounded,
} from "../../process/bounded_command.ts";
import { type GroupChild, spawnGroupChild } from "../../process/group_child.ts";
import {
  bootMayRecover,
  InvalidDeviceId,
  SimctlAborted,
  type SimctlCall,
  SimctlError,
  simctlFailure,
  SimctlTimeout,
  SimulatorBootFailed,
} from "./simctl_errors.ts";
import {
  parseDevices,
  parseDeviceTypes,
  parseRuntimes,
  type SimDevice,
  type SimDeviceType,
  type SimRuntime,
} from "./simctl_json.ts";

/** Deadline of the slow calls (boot, bootstatus, erase, install), seconds. */
export const SLOW_CALL_S = 300;
/** Deadline of every other call, seconds. */
export const CALL_S = 60;

/** The services `privacy` takes (`simctl privacy help`). */
export type PrivacyService =
  | "all"
  | "calendar"
  | "contacts-limited"
  | "contacts"
  | "location"
  | "location-always"
  | "photos-add"
  | "photos"
  | "media-library"
  | "microphone"
  | "motion"
  | "reminders"
  | "siri"
  | "camera";

export interface SimctlOptions {
  /** Runs one command; tests inject a recorder. Default: `Deno.Command`. */
  run?: CommandRunner;
  /** The `xcrun` executable (found on PATH by default). */
  xcrun?: string;
  /** Overrides of the deadlines, seconds (tests shorten them). */
  slowCallS?: number;
  callS?: number;
  /** Aborting it kills the call in flight and fails every later one (see `withSignal`). */
  signal?: AbortSignal;
}

/**
 * One simctl call of a boot that did not go through at once (docs/backends.md#booting): the
 * failed `boot`, the `bootstatus -b` that waited it out, the shutdown + boot retry.
 *
 * @example
 * ```ts
 * const step: BootStep = {
 *   command: "boot",
 *   ok: false,
 *   exitCode: 60,
 *   detail: "xcrun simctl boot X failed (exit 60): … Unable to boot the Simulator. …",
 * };
 * ```
 */
export interface BootStep {
  command: "boot" | "bootstatus -b" | "shutdown";
  ok: boolean;
  /** simctl's exit code when the step failed; null when it succeeded or was killed. */
  exitCode: number | null;
  /** Why it failed (the error's message); "" when it succeeded. */
  detail: string;
}

/** What `boot` reports. */
export interface BootOptions {
  /** Called for each step of a boot whose first `boot` failed, as it ends (none otherwise). */
  onStep?: (step: BootStep) => void;
}

/**
 * Throws InvalidDeviceId unless `udid` is safe to pass to simctl as a device argument.
 *
 * @example
 * ```ts
 * checkDeviceId("5A1C0E8B-…"); // fine
 * checkDeviceId("--set");      // InvalidDeviceId
 * ```
 */
export function checkDeviceId(udid: string): string {
  if (udid.trim() === "" || udid.startsWith("-")) throw new InvalidDeviceId(udid);
  return udid;
}

/** `xcrun simctl`, one method per subcommand the runner uses. */
export class Simctl {
  readonly #run: CommandRunner;
  readonly #xcrun: string;
  readonly #slowS: number;
  readonly #callS: number;
  readonly #signal: AbortSignal | undefined;
  readonly #options: SimctlOptions;

  constructor(options: SimctlOptions = {}) {
    this.#options = options;
    this.#run = options.run ?? runBounded;
    this.#xcrun = options.xcrun ?? "xcrun";
    this.#slowS = options.slowCallS ?? SLOW_CALL_S;
    this.#callS = options.callS ?? CALL_S;
    this.#signal = options.signal;
  }

  /**
   * The same simctl, every call of which is killed when `signal` aborts (a bound on a repair:
   * giving up must not leave a `simctl boot` running). A call after the abort fails at once.
   *
   * @example
   * ```ts
   * const deadline = timerDeadline(180);
   * await simctl.withSignal(deadline.signal).boot(udid); // SimctlAborted once it passes
   * ```
   */
  withSignal(signal: AbortSignal): Simctl {
    return new Simctl({ ...this.#options, signal });
  }

  /** Every simulator, available or not (`list devices -j`). */
  async listDevices(): Promise<SimDevice[]> {
    const r = await this.#call({ subcommand: "list", argv: ["list", "devices", "-j"] });
    return parseDevices(r.stdout);
  }

  /** Installed runtimes (`list runtimes -j`). */
  async listRuntimes(): Promise<SimRuntime[]> {
    const r = await this.#call({ subcommand: "list", argv: ["list", "runtimes", "-j"] });
    return parseRuntimes(r.stdout);
  }

  /** Device types (`list devicetypes -j`). */
  async listDeviceTypes(): Promise<SimDeviceType[]> {
    const r = await this.#call({ subcommand: "list", argv: ["list", "devicetypes", "-j"] });
    return parseDeviceTypes(r.stdout);
  }

  /**
   * Boots the device and waits the boot out (`boot`, then `bootstatus -b`). Already booted (or
   * booting) is fine. A `boot` that fails (CoreSimulator's "launchd failed to respond", exit 60,
   * leaves the device Shutdown) is recovered: `bootstatus -b` (which boots a shut-down device),
   * and if that fails too one `shutdown` + `boot` + `bootstatus -b`. Each call keeps its own
   * deadline; every step of such a boot goes to `onStep`. A missing device or runtime, a call
   * past its deadline or an aborted one ends the boot at once.
   *
   * @throws SimulatorBootFailed when the retry failed too
   */
  async boot(udid: string, options: BootOptions = {}): Promise<void> {
    checkDeviceId(udid);
    const bootCall = () =>
      this.#call(
        { subcommand: "boot", argv: ["boot", udid], udid },
        { timeoutS: this.#slowS, tolerate: /current state: (Booted|Booting)/ },
      );
    try {
      await bootCall();
    } catch (err) {
      await this.#recoverBoot(udid, err, bootCall, options.onStep ?? (() => {}));
      return;
    }
    await this.bootstatus(udid);
  }

  /** The rungs after a failed `boot` (see `boot`). */
  async #recoverBoot(
    udid: string,
    failure: unknown,
    bootCall: () => Promise<unknown>,
    onStep: (step: BootStep) => void,
  ): Promise<void> {
    const steps: BootStep[] = [];
    /** Runs one step, reports it; the error when it failed. */
    const step = async (command: BootStep["command"], work: () => Promise<unknown>) => {
      try {
        await work();
        report(command, null);
        return null;
      } catch (err) {
        report(command, err);
        return err;
      }
    };
    const report = (command: BootStep["command"], err: unknown) => {
      const s: BootStep = {
        command,
        ok: err === null,
        exitCode: err instanceof SimctlError ? err.exitCode : null,
        detail: err === null ? "" : err instanceof Error ? err.message : String(err),
      };
      steps.push(s);
      onStep(s);
    };
    report("boot", failure);
    if (!bootMayRecover(failure)) throw failure;
    const waited = await step("bootstatus -b", () => this.bootstatus(udid));
    if (waited === null) return;
    if (!bootMayRecover(waited)) throw waited;
    const down = await step("shutdown", () => this.shutdown(udid));
    if (down !== null && !bootMayRecover(down)) throw down;
    const again = await step("boot", bootCall);
    if (again === null) {
      const booted = await step("bootstatus -b", () => this.bootstatus(udid));
      if (booted === null) return;
      if (!bootMayRecover(booted)) throw booted;
    } else if (!bootMayRecover(again)) throw again;
    const last = steps.findLast((x) => !x.ok)!;
    const said = last.detail.replace(/^xcrun simctl [^:]*: /, "");
    throw new SimulatorBootFailed(
      `simulator ${udid} did not boot: ${steps.map(bootStepSummary).join(", ")} (simctl said: ` +
        `${said}); CoreSimulator ` +
        `could not start it: quit Simulator, restart CoreSimulator (sudo killall -9 ` +
        `com.apple.CoreSimulator.CoreSimulatorService) or the Mac, and run again`,
      last.command.split(" ")[0],
      last.exitCode ?? -1,
      udid,
    );
  }

  /** `bootstatus <udid> -b`: returns once the device finished booting. */
  async bootstatus(udid: string): Promise<void> {
    checkDeviceId(udid);
    // bootstatus races a boot that just completed and says so (CoreSimulator 405 "… Booted").
    await this.#call(
      { subcommand: "bootstatus", argv: ["bootstatus", udid, "-b"], udid },
      { timeoutS: this.#slowS, tolerate: /current state: Booted/ },
    );
  }

  /** `shutdown`; already shut down is fine. */
  async shutdown(udid: string): Promise<void> {
    checkDeviceId(udid);
    await this.#call(
      { subcommand: "shutdown", argv: ["shutdown", udid], udid },
      { tolerate: /current state: Shutdown/ },
    );
  }

  /** `erase` (the device must be shut down). */
  async erase(udid: string): Promise<void> {
    checkDeviceId(udid);
    await this.#call({ subcommand: "erase", argv: ["erase", udid], udid }, {
      timeoutS: this.#slowS,
    });
  }

  /** `install <udid> <App.app>`. */
  async install(udid: string, appPath: string): Promise<void> {
    checkDeviceId(udid);
    await this.#call({ subcommand: "install", argv: ["install", udid, appPath], udid }, {
      timeoutS: this.#slowS,
    });
  }

  /** `uninstall`; an app that is not installed is fine. */
  async uninstall(udid: string, bundleId: string): Promise<void> {
    checkDeviceId(udid);
    await this.#call(
      { subcommand: "uninstall", argv: ["uninstall", udid, bundleId], udid, bundleId },
      { tolerateAll: true },
    );
  }

  /**
   * `launch --terminate-running-process <udid> <bundle> <args…>`, the environment passed as
   * `SIMCTL_CHILD_<K>` (simctl hands those to the app without the prefix). Returns the pid.
   */
  async launch(
    udid: string,
    bundleId: string,
    args: readonly string[] = [],
    env: Record<string, string> = {},
  ): Promise<number | null> {
    checkDeviceId(udid);
    const childEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries(env)) childEnv[`SIMCTL_CHILD_${k}`] = v;
    const r = await this.#call(
      {
        subcommand: "launch",
        argv: ["launch", "--terminate-running-process", udid, bundleId, ...args],
        udid,
        bundleId,
      },
      { env: childEnv },
    );
    // "com.example.shop: 12345"
    const pid = /:\s*(\d+)\s*$/.exec(r.stdout.trim());
    return pid ? Number(pid[1]) : null;
  }

  /** `terminate`; an app that is not running is fine. */
  async terminate(udid: string, bundleId: string): Promise<void> {
    checkDeviceId(udid);
    await this.#call(
      { subcommand: "terminate", argv: ["terminate", udid, bundleId], udid, bundleId },
      { tolerateAll: true },
    );
  }

  /** `openurl <udid> <url>` (a deeplink). */
  async openUrl(udid: string, url: string): Promise<void> {
    checkDeviceId(udid);
    await this.#call({ subcommand: "openurl", argv: ["openurl", udid, url], udid });
  }

  /** `io <udid> screenshot <path>` (PNG). */
  async screenshot(udid: string, path: string): Promise<void> {
    checkDeviceId(udid);
    await this.#call({ subcommand: "io", argv: ["io", udid, "screenshot", path], udid });
  }

  /** `privacy <udid> grant|revoke|reset <service> [<bundle>]`. */
  async privacy(
    udid: string,
    action: "grant" | "revoke" | "reset",
    service: PrivacyService,
    bundleId?: string,
  ): Promise<void> {
    checkDeviceId(udid);
    const argv = ["privacy", udid, action, service, ...(bundleId ? [bundleId] : [])];
    await this.#call({ subcommand: "privacy", argv, udid, bundleId });
  }

  /** `create <name> <devicetype> [<runtime>]`; returns the new udid. */
  async create(name: string, deviceType: string, runtime?: string): Promise<string> {
    const argv = ["create", name, deviceType, ...(runtime ? [runtime] : [])];
    const r = await this.#call({ subcommand: "create", argv });
    const udid = r.stdout.trim().split("\n").pop()?.trim() ?? "";
    if (udid === "") throw new SimctlError("simctl create printed no udid", "create", r.code);
    return udid;
  }

  /** `delete <udid>`. */
  async delete(udid: string): Promise<void> {
    checkDeviceId(udid);
    await this.#call({ subcommand: "delete", argv: ["delete", udid], udid });
  }

  /** `spawn <udid> defaults write -globalDomain <key> -array|-string <values…>`. */
  async writeGlobalDefault(udid: string, key: string, value: string | string[]): Promise<void> {
    checkDeviceId(udid);
    const typed = Array.isArray(value) ? ["-array", ...value] : ["-string", value];
    await this.#call({
      subcommand: "spawn",
      argv: ["spawn", udid, "defaults", "write", "-globalDomain", key, ...typed],
      udid,
    });
  }

  /**
   * `spawn <udid> defaults read -globalDomain <key>`: a string, a list (`( en, fr )` read as
   * `["en", "fr"]`), or null when the key is not set.
   */
  async readGlobalDefault(udid: string, key: string): Promise<string | string[] | null> {
    checkDeviceId(udid);
    const r = await this.#call(
      {
        subcommand: "spawn",
        argv: ["spawn", udid, "defaults", "read", "-globalDomain", key],
        udid,
      },
      { tolerate: /does not exist/ },
    );
    if (r.code !== 0) return null;
    return readDefaultsValue(r.stdout);
  }

  /**
   * `spawn <udid> log stream --level debug --style compact [--predicate P]`, each line to
   * `lines`, in its own process group; stop it with `stop()` (SIGTERM).
   */
  logStream(udid: string, lines: (line: string) => void, predicate?: string): GroupChild {
    checkDeviceId(udid);
    const args = ["simctl", "spawn", udid, "log", "stream", "--level", "debug", "--style"];
    args.push("compact");
    if (predicate) args.push("--predicate", predicate);
    return spawnGroupChild({ cmd: this.#xcrun, args, output: { lines } });
  }

  /**
   * `io <udid> recordVideo --codec=h264 --force <file>` in its own process group. `lines` sees
   * its output (it says `Recording started` once frames are written); stop it with
   * `stop({signal: "SIGINT"})` so the movie is finalised.
   */
  recordVideo(udid: string, file: string, lines: (line: string) => void): GroupChild {
    checkDeviceId(udid);
    return spawnGroupChild({
      cmd: this.#xcrun,
      args: ["simctl", "io", udid, "recordVideo", "--codec=h264", "--force", file],
      output: { lines },
    });
  }

  async #call(
    call: SimctlCall,
    options: {
      timeoutS?: number;
      env?: Record<string, string>;
      tolerate?: RegExp;
      tolerateAll?: boolean;
    } = {},
  ): Promise<CommandResult> {
    const timeoutS = options.timeoutS ?? this.#callS;
    const signal = this.#signal;
    let r: CommandResult;
    try {
      if (signal?.aborted) r = { code: -1, stdout: "", stderr: "", timedOut: false, aborted: true };
      else {
        r = await this.#run(this.#xcrun, ["simctl", ...call.argv], {
          timeoutS,
          env: options.env,
          signal,
        });
      }
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) {
        throw new SimctlError(
          `${this.#xcrun} is not on PATH: install Xcode (App Store) and select it with: ` +
            `sudo xcode-select -s /Applications/Xcode.app`,
          call.subcommand,
          -1,
        );
      }
      throw err;
    }
    if (r.aborted) {
      const reason = signal?.reason instanceof Error ? signal.reason.message : "aborted";
      throw new SimctlAborted(
        `xcrun simctl ${call.argv.join(" ")} was killed: ${reason}`,
        call.subcommand,
      );
    }
    if (r.timedOut) {
      throw new SimctlTimeout(
        `xcrun simctl ${call.argv.join(" ")} did not finish within ${timeoutS}s`,
        call.subcommand,
      );
    }
    if (r.code === 0 || options.tolerateAll) return r;
    if (options.tolerate?.test(r.stderr)) return r;
    throw simctlFailure(call, r.code, r.stderr);
  }
}

/**
 * One boot step in a few words: `boot failed (exit 60)`, `bootstatus -b ok`.
 *
 * @example
 * ```ts
 * bootStepSummary({ command: "shutdown", ok: true, exitCode: null, detail: "" }); // "shutdown ok"
 * ```
 */
export function bootStepSummary(step: BootStep): string {
  if (step.ok) return `${step.command} ok`;
  return `${step.command} failed (${step.exitCode === null ? "killed" : `exit ${step.exitCode}`})`;
}

/**
 * A value as `defaults read` prints it: `en_US`, or a list `(\n    en,\n    "zh-Hans"\n)`.
 *
 * @example
 * ```ts
 * readDefaultsValue("(\n    en,\n    \"zh-Hans\"\n)\n"); // ["en", "zh-Hans"]
 * readDefaultsValue("en_US\n"); // "en_US"
 * ```
 */
export function readDefaultsValue(text: string): string | string[] {
  const t = text.trim();
  if (!t.startsWith("(")) return t;
  return t.slice(1, -1).split(",").map((s) => s.trim().replace(/^"(.*)"$/, "$1")).filter((s) =>
    s !== ""
  );
}
