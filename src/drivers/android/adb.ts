/**
 * adb through `Deno.Command` (docs/backends.md#android): one class per device serial, every call
 * bounded by a deadline, adb's error texts mapped to the taxonomy (`adb_errors.ts`). A device that
 * is offline for a moment is waited for: the call is repeated twice (0.5 s, then 1 s later) before
 * it counts as offline; adb fails such a call before it reaches the device, so nothing is ever
 * sent twice.
 *
 * Typed text travels on the stdin of `adb shell` (never in a process's arguments, where `ps` shows
 * it), and launch-extra values are masked in messages.
 *
 * @module
 */
import { DeviceTimeout } from "../driver.ts";
import { type Clock, realClock } from "../../time/clock.ts";
import { AdbCommandFailed, adbFailure, isTransientAdbFailure } from "./adb_errors.ts";
import { type AttachedDevice, parseDevices } from "./devices.ts";

/** Default bound on one adb call, seconds. */
export const ADB_TIMEOUT_S = 60;
/** Bound on an install (a large APK on a slow device). */
export const INSTALL_TIMEOUT_S = 300;
/** How long `waitForBoot` polls `sys.boot_completed`. */
export const BOOT_TIMEOUT_S = 60;
/** Waits before repeating a call that met an offline device. */
const OFFLINE_BACKOFF_S = [0.5, 1];

/** One adb call's outcome. */
export interface AdbResult {
  code: number;
  stdout: Uint8Array;
  /** stdout as text. */
  text: string;
  stderr: string;
}

export interface AdbCallOptions {
  timeoutS?: number;
  /** Written to adb's stdin (then closed). */
  stdin?: string;
  /** Throw on a non-zero exit (default true). */
  check?: boolean;
}

/** What the Adb class needs; `onCall` sees every call (wire-call counting in benchmarks). */
export interface AdbOptions {
  adbPath: string;
  serial: string;
  clock?: Clock;
  timeoutS?: number;
  onCall?: (args: readonly string[]) => void;
}

/**
 * Quotes one word for the device's `sh` (adb joins `shell` arguments with spaces).
 *
 * @example
 * ```ts
 * shellQuote("myapp://item?id=1&ref=x"); // "'myapp://item?id=1&ref=x'"
 * shellQuote("plain_word.1"); // "plain_word.1"
 * ```
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_.,:/=+@%-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The argument of `input text`: spaces become `%s` (the tool's own escape), quoted for `sh`.
 *
 * @example
 * ```ts
 * inputTextArg("Ada Lovelace"); // "Ada%sLovelace"
 * inputTextArg("a;b c"); // "'a;b%sc'"
 * ```
 */
export function inputTextArg(text: string): string {
  return shellQuote(text.replaceAll(" ", "%s"));
}

/** True when `input text` can type `text` (printable ASCII only). */
export function typableByInput(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}

/**
 * adb commands for one device.
 *
 * @example
 * ```ts
 * const adb = new Adb({ adbPath: "adb", serial: "emulator-5554" });
 * await adb.waitForBoot();
 * await adb.tap([540, 1200]);
 * const png = await adb.screencap();
 * ```
 */
export class Adb {
  readonly adbPath: string;
  readonly serial: string;
  readonly #clock: Clock;
  readonly #timeoutS: number;
  readonly #onCall: (args: readonly string[]) => void;

  constructor(opts: AdbOptions) {
    this.adbPath = opts.adbPath;
    this.serial = opts.serial;
    this.#clock = opts.clock ?? realClock;
    this.#timeoutS = opts.timeoutS ?? ADB_TIMEOUT_S;
    this.#onCall = opts.onCall ?? (() => {});
  }

  /**
   * `adb -s <serial> <args…>`, bounded, offline-tolerant, failures mapped.
   *
   * @throws DeviceTimeout past the deadline; an AdbCommandFailed subclass on failure
   */
  async exec(args: string[], opts: AdbCallOptions = {}): Promise<AdbResult> {
    for (let attempt = 0;; attempt++) {
      const result = await runAdb(this.adbPath, ["-s", this.serial, ...args], {
        timeoutS: opts.timeoutS ?? this.#timeoutS,
        stdin: opts.stdin,
        describe: () => this.describe(args),
        onCall: this.#onCall,
      });
      if (result.code === 0) return result;
      const output = `${result.stderr}\n${result.text}`;
      // adb's own refusal (the device, not the command, failed) is never an answer, checked or not.
      if (isTransientAdbFailure(result.stderr)) {
        if (attempt < OFFLINE_BACKOFF_S.length) {
          await this.#clock.sleep(OFFLINE_BACKOFF_S[attempt]);
          continue;
        }
        throw adbFailure(this.serial, this.describe(args), result.code, output);
      }
      if (opts.check === false) return result;
      throw adbFailure(this.serial, this.describe(args), result.code, output);
    }
  }

  /** `adb -s <serial> shell <words…>` → stdout text. */
  async shell(words: string[], opts: AdbCallOptions = {}): Promise<string> {
    return (await this.exec(["shell", ...words], opts)).text;
  }

  /** How a call is named in messages: launch-extra values masked. */
  describe(args: readonly string[]): string {
    const shown = args.map((a, i) => args[i - 2] === "--es" ? "***" : a);
    return `adb -s ${this.serial} ${shown.join(" ")}`;
  }

  // --- device state ---------------------------------------------------------------------------

  /** `getprop <name>` (trimmed). */
  async getprop(name: string): Promise<string> {
    return (await this.shell(["getprop", name])).trim();
  }

  /**
   * Polls `sys.boot_completed` until it reads 1 (every 0.5 s, at most `timeoutS`).
   *
   * @throws DeviceTimeout when the device does not finish booting in time
   */
  async waitForBoot(timeoutS = BOOT_TIMEOUT_S): Promise<void> {
    const deadline = this.#clock.now() + timeoutS;
    while (true) {
      if (await this.getprop("sys.boot_completed") === "1") return;
      if (this.#clock.now() >= deadline) {
        throw new DeviceTimeout(
          `device ${this.serial} did not finish booting within ${timeoutS}s ` +
            "(sys.boot_completed is not 1): is the emulator still starting?",
        );
      }
      await this.#clock.sleep(0.5);
    }
  }

  /** `wm size`: the override size when set, else the physical one. */
  async screenSize(): Promise<[number, number]> {
    const text = await this.shell(["wm", "size"]);
    const pick = /Override size:\s*(\d+)x(\d+)/.exec(text) ??
      /Physical size:\s*(\d+)x(\d+)/.exec(text);
    if (!pick) throw new AdbCommandFailed(`wm size on ${this.serial} said: ${text.trim()}`);
    return [Number(pick[1]), Number(pick[2])];
  }

  /** The pid of `pkg`'s process, or null when it is not running. */
  async pidOf(pkg: string): Promise<number | null> {
    const result = await this.exec(["shell", "pidof", pkg], { check: false });
    const pid = Number(result.text.trim().split(/\s+/)[0]);
    return result.code === 0 && Number.isInteger(pid) && pid > 0 ? pid : null;
  }

  // --- packages -------------------------------------------------------------------------------

  /** Whether `pkg` is installed (`pm path`). */
  async isInstalled(pkg: string): Promise<boolean> {
    const result = await this.exec(["shell", "pm", "path", pkg], { check: false });
    return result.code === 0 && result.text.includes("package:");
  }

  /** The installed `versionName` of `pkg` (`dumpsys package`), or null when not installed. */
  async versionName(pkg: string): Promise<string | null> {
    const text = await this.shell(["dumpsys", "package", pkg]);
    const installed = new RegExp(`^\\s*Package\\s+\\[${escapeRegExp(pkg)}\\]`, "m").test(text);
    if (!installed) return null;
    return /versionName=(\S+)/.exec(text)?.[1] ?? null;
  }

  /**
   * `install -r <flags…> <apk>`; the output must say `Success`.
   *
   * @throws AdbCommandFailed quoting adb's `Failure [...]`
   */
  async install(apk: string, flags: string[] = ["-t"]): Promise<void> {
    const result = await this.exec(["install", "-r", ...flags, apk], {
      timeoutS: INSTALL_TIMEOUT_S,
      check: false,
    });
    const output = `${result.text}\n${result.stderr}`;
    if (result.code === 0 && /\bSuccess\b/.test(output)) return;
    const failure = /Failure \[[^\]]*\]/.exec(output)?.[0];
    if (failure) {
      throw new AdbCommandFailed(`installing ${apk} on ${this.serial} failed: ${failure}`);
    }
    throw adbFailure(this.serial, this.describe(["install", apk]), result.code, output);
  }

  /** `uninstall <pkg>`; a package that is not installed is not an error. */
  async uninstall(pkg: string): Promise<void> {
    await this.exec(["uninstall", pkg], { check: false });
  }

  /**
   * `pm clear <pkg>`: the app's data and caches are gone (the Android erase).
   *
   * @throws AdbCommandFailed when the package is not installed
   */
  async clearData(pkg: string): Promise<void> {
    const result = await this.exec(["shell", "pm", "clear", pkg], { check: false });
    if (result.text.includes("Success")) return;
    const output = `${result.stderr}\n${result.text}`;
    if (result.code !== 0 && /device|adb:/.test(result.stderr)) {
      throw adbFailure(
        this.serial,
        this.describe(["shell", "pm", "clear", pkg]),
        result.code,
        output,
      );
    }
    throw new AdbCommandFailed(
      `pm clear ${pkg} on ${this.serial} failed (${output.trim() || "no output"}): ` +
        "is the package installed?",
    );
  }

  /** `am force-stop <pkg>`. */
  async forceStop(pkg: string): Promise<void> {
    await this.shell(["am", "force-stop", pkg]);
  }

  /** `pm grant <pkg> <permission>`. */
  async grant(pkg: string, permission: string): Promise<void> {
    await this.shell(["pm", "grant", pkg, permission]);
  }

  /** `pm revoke <pkg> <permission>`. */
  async revoke(pkg: string, permission: string): Promise<void> {
    await this.shell(["pm", "revoke", pkg, permission]);
  }

  /**
   * The launcher activity of `pkg` (`cmd package resolve-activity --brief`), e.g.
   * `com.android.settings/.Settings`; null when the package has none (or is not installed).
   */
  async resolveActivity(pkg: string): Promise<string | null> {
    const text = await this.shell(["cmd", "package", "resolve-activity", "--brief", pkg]);
    const line = text.split("\n").map((l) => l.trim()).find((l) => /^[\w.]+\/[\w.$]+$/.test(l));
    return line ?? null;
  }

  /**
   * `am start -W -n <component> [--es K V…]`: launches and waits for the activity.
   *
   * @throws AdbCommandFailed when the activity does not exist or cannot start
   */
  async startActivity(component: string, extras: Record<string, string> = {}): Promise<void> {
    const words = ["am", "start", "-W", "-n", component];
    for (const [k, v] of Object.entries(extras)) words.push("--es", shellQuote(k), shellQuote(v));
    const text = await this.shell(words);
    const error = /^Error:.*$/m.exec(text) ?? /java\.lang\.SecurityException.*$/m.exec(text);
    if (error) {
      throw new AdbCommandFailed(`starting ${component} on ${this.serial} failed: ${error[0]}`);
    }
  }

  /** Opens `url` with an ACTION_VIEW intent for `pkg` (a deep link). */
  async openUrl(url: string, pkg: string): Promise<void> {
    const text = await this.shell([
      "am",
      "start",
      "-W",
      "-a",
      "android.intent.action.VIEW",
      "-d",
      shellQuote(url),
      pkg,
    ]);
    const error = /^Error:.*$/m.exec(text);
    if (error) throw new AdbCommandFailed(`opening the deep link failed: ${error[0]}`);
  }

  /** `pm list instrumentation` lines. */
  async instrumentation(): Promise<string> {
    return await this.shell(["pm", "list", "instrumentation"]);
  }

  // --- input ----------------------------------------------------------------------------------

  /** `input tap x y`. */
  async tap([x, y]: readonly [number, number]): Promise<void> {
    await this.shell(["input", "tap", px(x), px(y)]);
  }

  /** Two taps in one shell call, as close together as `input` allows. */
  async doubleTap([x, y]: readonly [number, number]): Promise<void> {
    await this.shell(["input", "tap", px(x), px(y), ";", "input", "tap", px(x), px(y)]);
  }

  /** `input swipe x1 y1 x2 y2 ms` (a long press when both points are the same). */
  async swipe(
    [x1, y1]: readonly [number, number],
    [x2, y2]: readonly [number, number],
    ms: number,
  ): Promise<void> {
    await this.shell([
      "input",
      "swipe",
      px(x1),
      px(y1),
      px(x2),
      px(y2),
      String(Math.max(1, Math.round(ms))),
    ]);
  }

  /**
   * Types `text` into the focused field: `input text` fed on the stdin of `adb shell`.
   * The caller checks {@link typableByInput} first.
   */
  async typeText(text: string): Promise<void> {
    if (text === "") return;
    await this.exec(["shell"], { stdin: `input text ${inputTextArg(text)}\nexit\n` });
  }

  /** `input keyevent <codes…>` (several codes in one call). */
  async keyevent(...codes: number[]): Promise<void> {
    if (codes.length === 0) return;
    await this.shell(["input", "keyevent", ...codes.map(String)]);
  }

  /** `input keycombination <codes…>` (Android 13+): the keys pressed together. */
  async keycombination(...codes: number[]): Promise<void> {
    await this.shell(["input", "keycombination", ...codes.map(String)]);
  }

  // --- screen ---------------------------------------------------------------------------------

  /** `exec-out screencap -p`: PNG bytes. */
  async screencap(): Promise<Uint8Array> {
    return (await this.exec(["exec-out", "screencap", "-p"])).stdout;
  }

  /** `exec-out uiautomator dump /dev/tty`: the XML followed by uiautomator's trailer line. */
  async dump(): Promise<string> {
    return (await this.exec(["exec-out", "uiautomator", "dump", "/dev/tty"])).text;
  }

  // --- tunnels --------------------------------------------------------------------------------

  /** `forward tcp:0 tcp:<devicePort>`: the local port adb picked. */
  async forward(devicePort: number): Promise<number> {
    const text = (await this.exec(["forward", "tcp:0", `tcp:${devicePort}`])).text.trim();
    const port = Number(text.split(/\s+/).at(-1));
    if (!Number.isInteger(port) || port <= 0) {
      throw new AdbCommandFailed(`adb forward on ${this.serial} named no port: ${text}`);
    }
    return port;
  }

  /** `forward --remove tcp:<localPort>`; a forward already gone is not an error. */
  async removeForward(localPort: number): Promise<void> {
    await this.exec(["forward", "--remove", `tcp:${localPort}`], { check: false });
  }
}

/**
 * `adb devices -l`: every device adb sees, in its order.
 *
 * @example
 * ```ts
 * const devices = await listDevices("adb");
 * devices.filter((d) => d.state === "device").map((d) => d.serial); // ["emulator-5554"]
 * ```
 */
export async function listDevices(
  adbPath: string,
  timeoutS = ADB_TIMEOUT_S,
): Promise<AttachedDevice[]> {
  const result = await runAdb(adbPath, ["devices", "-l"], {
    timeoutS,
    describe: () => "adb devices -l",
  });
  if (result.code !== 0) {
    throw adbFailure(null, "adb devices -l", result.code, `${result.stderr}\n${result.text}`);
  }
  return parseDevices(result.text);
}

interface RunOptions {
  timeoutS: number;
  stdin?: string;
  describe(): string;
  onCall?: (args: readonly string[]) => void;
}

/** One adb process, killed at its deadline. */
async function runAdb(adbPath: string, args: string[], opts: RunOptions): Promise<AdbResult> {
  opts.onCall?.(args);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutS * 1000);
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(adbPath, {
      args,
      stdin: opts.stdin === undefined ? "null" : "piped",
      stdout: "piped",
      stderr: "piped",
      signal: controller.signal,
    }).spawn();
  } catch (err) {
    clearTimeout(timer);
    throw new AdbCommandFailed(
      `cannot run adb (${adbPath}): ${err instanceof Error ? err.message : err}`,
      { cause: err },
    );
  }
  try {
    if (opts.stdin !== undefined) {
      const writer = child.stdin.getWriter();
      await writer.write(new TextEncoder().encode(opts.stdin)).catch(() => {});
      await writer.close().catch(() => {});
    }
    const out = await child.output();
    if (controller.signal.aborted) {
      throw new DeviceTimeout(`${opts.describe()}: no answer within ${opts.timeoutS}s`);
    }
    return {
      code: out.code,
      stdout: out.stdout,
      text: new TextDecoder().decode(out.stdout),
      stderr: new TextDecoder().decode(out.stderr),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** A coordinate as `input` takes it: whole pixels. */
function px(n: number): string {
  return String(Math.round(n));
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
