/**
 * The iOS Simulator environment (docs/backends.md#ios-simulator): one simulator with one
 * WebDriverAgent, kept warm across leases.
 *
 * Cold start: [erase: shutdown, erase] → boot + bootstatus (a failed boot recovered, each step
 * logged and reported to the lease) → pin the system language and region (reboot when they
 * change; a pin that does not hold is a DeviceError) → install `appPath` (uninstall first for
 * `reinstall: clean`) → WebDriverAgent (≤ 2 attempts; between them a vanished device is
 * replaced, a hung one rebooted, that repair bounded by `BAJUTSU_XCUITEST_RECOVERY_TIMEOUT`
 * and killed when it passes; a replacement's own re-prep runs after it, outside the bound).
 * Then, cold or warm: permissions → `simctl terminate` →
 * `simctl launch` with the launch arguments (+ locale arguments) and environment
 * (`SIMCTL_CHILD_*`) → `simctl openurl` for a deeplink → a WDA session bound to the app → the
 * driver. A lease ends by terminating the app; teardown stops the runner's process group and
 * every recording.
 *
 * @module
 */
import type { Effective, IosSettings } from "../../config/effective.ts";
import type { XcuitestKnobs } from "../../config/env_knobs.ts";
import type { Clock } from "../../time/clock.ts";
import { type DeadlineFactory, timerDeadline, withinDeadline } from "../../time/deadline.ts";
import type { GroupChild } from "../../process/group_child.ts";
import { DeviceError, DeviceTimeout, type Driver, type DriverInterval } from "../driver.ts";
import type { Environment, EnvironmentFactory, StartRequest } from "../environment.ts";
import {
  createSession,
  toDriverError,
  WebDriverClient,
  type WebDriverSession,
} from "../webdriver/mod.ts";
import { type BootStep, bootStepSummary, type PrivacyService, type Simctl } from "./simctl.ts";
import type { SimDevice } from "./simctl_json.ts";
import { appleLanguage, localeArgs } from "./locale.ts";
import { IOS_ACTUATOR, WdaDriver } from "./wda_driver.ts";
import { RunnerStartFailed, WDA_RUNNER_BUNDLE, WdaRunner } from "./wda_runner.ts";
import type { WdaBuild } from "./wda_build.ts";

/** What every environment of one run shares. */
export interface IosRun {
  eff: Effective;
  app: IosSettings;
  simctl: Simctl;
  xcodebuild: string;
  knobs: XcuitestKnobs;
  clock: Clock;
  /** The operator named the devices: no replacement device. */
  pinned: boolean;
  /** udid → the simulator as listed; replacements are added. */
  catalog: Map<string, SimDevice>;
  /** The WebDriverAgent build for a device (fetched and built once per key). */
  buildFor(device: SimDevice): Promise<WdaBuild>;
  /** Where runner logs go. */
  runnerLogDir: string;
  /** `--log-predicate`, else `subsystem == "<--log-subsystem>"`, else none. */
  logPredicate: string | null;
  log(line: string): void;
  /** Makes the device-recovery bound (default a real timer); tests pass one they control. */
  recoveryDeadline?: DeadlineFactory;
}

/** The session capabilities: attach to the app we launched, never wait for idle. */
function sessionCapabilities(bundleId: string) {
  return {
    alwaysMatch: {
      bundleId,
      forceAppLaunch: false,
      shouldWaitForQuiescence: false,
      shouldTerminateApp: false,
      waitForIdleTimeout: 0,
    },
    firstMatch: [{}],
  };
}

/**
 * Settings of every session (docs/backends.md#a-lease-step-by-step): no idle waits, a bound on
 * frozen apps.
 */
export const SESSION_SETTINGS = {
  animationCoolOffTimeout: 0,
  reduceMotion: true,
  accessibilityDeadline: 5,
};

/** How long a device log may take to print its first line before the step goes ahead, s. */
const LOG_START_S = 3;

/** Scenario permission names → simctl privacy services. */
const PRIVACY: Record<string, PrivacyService> = {
  location: "location",
  camera: "camera",
  microphone: "microphone",
  contacts: "contacts",
  photos: "photos",
  calendar: "calendar",
};

class SimulatorEnvironment implements Environment {
  readonly actuator = IOS_ACTUATOR;
  readonly reusable = true;
  readonly rejectsErase = false;
  #device: string;
  #runner: WdaRunner | null = null;
  #client: WebDriverClient | null = null;
  #driver: WdaDriver | null = null;
  #pinnedLocale: string | null = null;
  #spawnedBefore = false;
  #videoStalled = false;
  #intervals = new Set<GroupChild>();
  #request: StartRequest | null = null;

  constructor(device: string, private run: IosRun) {
    this.#device = device;
  }

  get device(): string {
    return this.#device;
  }

  get deviceName(): string {
    return this.run.catalog.get(this.#device)?.name ?? this.#device;
  }

  get deviceRuntime(): string {
    const rt = this.run.catalog.get(this.#device)?.runtime ?? "";
    return rt.split(".").pop()?.replace(/-(\d+)-(\d+)$/, " $1.$2") ?? rt;
  }

  get canReplaceDevice(): boolean {
    return !this.run.pinned && this.run.app.appPath !== undefined;
  }

  async start(req: StartRequest): Promise<Driver> {
    this.#request = req;
    this.#videoStalled = false;
    const locale = req.preconditions.locale ?? this.run.eff.locale;
    if (req.replaceDevice && this.canReplaceDevice) {
      await this.#stopRunner();
      await this.#replaceDevice("asked for by crash recovery");
    }
    const warm = req.warm && !req.replaceDevice && !req.erase && this.#runner?.alive === true &&
      this.#pinnedLocale === locale;
    if (!warm) {
      await this.#stopRunner();
      await this.#coldPrep(req.replaceDevice ? false : req.erase, req, locale);
      await this.#spawnRunner(req, locale);
    } else if (req.preconditions.reinstall === "clean" && this.run.app.appPath) {
      await this.run.simctl.uninstall(this.#device, this.run.app.bundleId);
      await this.run.simctl.install(this.#device, this.run.app.appPath);
    }
    await this.#permissions(req);
    await this.#launch({});
    const deeplink = req.preconditions.deeplink;
    if (deeplink) await this.run.simctl.openUrl(this.#device, deeplink);
    const session = await this.#openSession();
    this.#driver = new WdaDriver({
      session,
      clock: this.run.clock,
      reopenSession: () => this.#openSession(),
      interval: (kind, path) => this.#interval(kind, path),
      runnerNote: () => this.#runner?.note() ?? null,
    });
    return this.#driver;
  }

  async relaunch(overrides: { env?: Record<string, string>; args?: string[] }): Promise<void> {
    await this.#launch(overrides);
    this.#driver?.invalidate();
  }

  async health(timeoutS: number): Promise<boolean> {
    return await this.#runner?.health(this.run.clock, timeoutS) ?? false;
  }

  async endLease(): Promise<void> {
    await this.#stopIntervals();
    this.#driver = null;
    await this.run.simctl.terminate(this.#device, this.run.app.bundleId);
  }

  async teardown(): Promise<void> {
    await this.#stopIntervals();
    this.#driver = null;
    await this.#stopRunner();
    await this.run.simctl.terminate(this.#device, this.run.app.bundleId).catch(() => {});
  }

  videoStartStalled(): boolean {
    return this.#videoStalled;
  }

  // -------------------------------------------------------------------------------------------

  async #coldPrep(erase: boolean, req: StartRequest, locale: string): Promise<void> {
    const { simctl, app } = this.run;
    const udid = this.#device;
    if (erase) {
      await simctl.shutdown(udid);
      await simctl.erase(udid);
      this.#pinnedLocale = null;
    }
    await simctl.boot(udid, { onStep: this.#bootReporter(udid) });
    await this.#pinLocale(locale);
    if (app.appPath) {
      if (!erase && req.preconditions.reinstall === "clean") {
        await simctl.uninstall(udid, app.bundleId);
      }
      await simctl.install(udid, app.appPath);
    }
  }

  /**
   * Pins the simulator's language and region: written, then the device rebooted (they apply at
   * boot) and read back. A value that reads back different is a DeviceError; one that cannot be
   * read back leaves the device unpinned (no warm reuse of it).
   */
  async #pinLocale(locale: string): Promise<void> {
    const { simctl } = this.run;
    const udid = this.#device;
    const language = appleLanguage(locale);
    const read = async () => {
      try {
        const loc = await simctl.readGlobalDefault(udid, "AppleLocale");
        const langs = await simctl.readGlobalDefault(udid, "AppleLanguages");
        return { loc, lang: Array.isArray(langs) ? langs[0] ?? null : langs };
      } catch {
        return null;
      }
    };
    const now = await read();
    if (now?.loc === locale && now.lang === language) {
      this.#pinnedLocale = locale;
      return;
    }
    await simctl.writeGlobalDefault(udid, "AppleLanguages", [language]);
    await simctl.writeGlobalDefault(udid, "AppleLocale", locale);
    await simctl.shutdown(udid);
    await simctl.boot(udid, { onStep: this.#bootReporter(udid) });
    const after = await read();
    if (after === null || after.loc === null) {
      this.#pinnedLocale = null;
      this.run.log(`${udid}: the locale pin ${locale} could not be read back; no warm reuse`);
      return;
    }
    if (after.loc !== locale || after.lang !== language) {
      throw new DeviceError(
        `simulator ${udid}: the locale pin did not hold (wanted ${locale} / ${language}, reads ` +
          `${after.loc} / ${after.lang})`,
      );
    }
    this.#pinnedLocale = locale;
  }

  /** Starts WebDriverAgent: ≤ 2 attempts, a bounded repair between them. */
  async #spawnRunner(req: StartRequest, locale: string): Promise<void> {
    const { knobs } = this.run;
    const timeoutS = this.#spawnedBefore ? knobs.respawnTimeoutS : knobs.startupTimeoutS;
    try {
      this.#runner = await this.#startRunner(timeoutS);
    } catch (err) {
      if (!(err instanceof RunnerStartFailed)) throw err;
      this.run.log(
        `${this.#device}: WebDriverAgent did not start (${err.message.split("\n")[0]}); repairing`,
      );
      const replaced = await this.#repair(err);
      // A replacement is prepared like any cold start, with each call's own deadline: the
      // recovery bound covers the repair, not the new device's boot, locale pin and install.
      if (replaced) await this.#coldPrep(false, req, locale);
      this.#runner = await this.#startRunner(knobs.startupTimeoutS);
    }
    this.#spawnedBefore = true;
  }

  async #startRunner(timeoutS: number): Promise<WdaRunner> {
    const device = this.#catalogEntry();
    const build = await this.run.buildFor(device);
    return await WdaRunner.start({
      xcodebuild: this.run.xcodebuild,
      build,
      udid: this.#device,
      logDir: this.run.runnerLogDir,
      resultBundlesDir: this.run.knobs.resultBundlesDir,
      timeoutS,
      clock: this.run.clock,
    });
  }

  /**
   * Between two start attempts: a device gone from `simctl list` is replaced (needs appPath),
   * a runner that ended on its own needs nothing, anything else gets a reboot. Bounded by the
   * recovery timeout: when it passes, the simctl call in flight is killed and no later one
   * starts. True when the device was replaced (it still needs its cold prep).
   */
  async #repair(failure: RunnerStartFailed): Promise<boolean> {
    const bound = this.run.knobs.recoveryTimeoutS;
    const timeout = new DeviceTimeout(
      `simulator ${this.#device}: device recovery did not finish within ${bound}s ` +
        `(BAJUTSU_XCUITEST_RECOVERY_TIMEOUT)`,
    );
    const deadline = (this.run.recoveryDeadline ?? timerDeadline)(bound);
    // The calls are killed with the bound's own words as the reason (their error says so).
    const giveUp = new AbortController();
    const onPassed = () => giveUp.abort(timeout);
    if (deadline.signal.aborted) onPassed();
    deadline.signal.addEventListener("abort", onPassed, { once: true });
    const simctl = this.run.simctl.withSignal(giveUp.signal);
    try {
      return await this.#repairDevice(failure, simctl);
    } catch (err) {
      if (giveUp.signal.aborted) throw timeout;
      throw err;
    } finally {
      deadline.signal.removeEventListener("abort", onPassed);
      deadline.dispose();
    }
  }

  /** The repair itself, every simctl call through `simctl` (see `#repair`). */
  async #repairDevice(failure: RunnerStartFailed, simctl: Simctl): Promise<boolean> {
    const devices = await simctl.listDevices();
    const here = devices.find((d) => d.udid === this.#device);
    if (!here || !here.isAvailable) {
      if (!this.run.app.appPath) {
        throw new DeviceError(
          `simulator ${this.#device} vanished and cannot be replaced without the target's appPath`,
        );
      }
      await this.#replaceDevice("it vanished", simctl);
      return true;
    }
    if (failure.exited) return false;
    await simctl.shutdown(this.#device);
    await simctl.boot(this.#device, { onStep: this.#bootReporter(this.#device) });
    return false;
  }

  /**
   * Logs each step of a boot that did not go through at once (one line each) and reports it to
   * the lease, which records it in the manifest.
   */
  #bootReporter(udid: string): (step: BootStep) => void {
    return (step) => {
      this.run.log(`booting ${udid}: ${step.ok ? `simctl ${bootStepSummary(step)}` : step.detail}`);
      this.#request?.onBootAttempt?.({ device: udid, ...step });
    };
  }

  /** Creates a fresh simulator of the same model and runtime; the old one is shut down. */
  async #replaceDevice(why: string, simctl: Simctl = this.run.simctl): Promise<void> {
    const old = this.#catalogEntry();
    const name = `${old.name} (bajutsu-recovered-${old.udid})`;
    await simctl.shutdown(old.udid).catch(() => {});
    let udid: string;
    try {
      udid = await simctl.create(name, old.deviceType || old.name, old.runtime);
    } catch {
      udid = await simctl.create(name, old.deviceType || old.name);
    }
    for (const d of await simctl.listDevices()) {
      if (d.udid === udid) this.run.catalog.set(udid, d);
    }
    this.run.log(`replaced simulator ${old.udid} with ${udid} ("${name}"): ${why}`);
    this.#device = udid;
    this.#pinnedLocale = null;
  }

  #catalogEntry(): SimDevice {
    const d = this.run.catalog.get(this.#device);
    if (!d) throw new DeviceError(`simulator ${this.#device} is not in the run's device list`);
    return d;
  }

  async #permissions(req: StartRequest): Promise<void> {
    for (const [service, choice] of Object.entries(req.scenario.permissions ?? {})) {
      const svc = PRIVACY[service];
      if (!svc) throw new DeviceError(`permission ${service} has no simctl privacy service`);
      await this.run.simctl.privacy(
        this.#device,
        choice === "grant" ? "grant" : "revoke",
        svc,
        this.run.app.bundleId,
      );
    }
  }

  /** `simctl terminate` + `simctl launch` with the lease's arguments and environment. */
  async #launch(overrides: { env?: Record<string, string>; args?: string[] }): Promise<void> {
    const req = this.#request;
    if (req === null) throw new DeviceError("ios: relaunch before start");
    const { eff, app, simctl } = this.run;
    const pre = req.preconditions;
    const locale = pre.locale ?? eff.locale;
    const args = [
      ...eff.launchArgs,
      ...pre.launchArgs,
      ...(overrides.args ?? []),
      ...localeArgs(locale),
    ];
    const env = { ...eff.launchEnv, ...pre.launchEnv, ...req.extraEnv, ...(overrides.env ?? {}) };
    await simctl.terminate(this.#device, app.bundleId);
    await simctl.launch(this.#device, app.bundleId, args, env);
  }

  async #openSession(): Promise<WebDriverSession> {
    const runner = this.#runner;
    if (runner === null) throw new DeviceError("ios: no WebDriverAgent running");
    this.#client ??= new WebDriverClient({
      endpoint: runner.url,
      clock: this.run.clock,
      serverName: "WebDriverAgent",
    });
    try {
      const session = await createSession(this.#client, sessionCapabilities(this.run.app.bundleId));
      await session.post("/appium/settings", { settings: SESSION_SETTINGS });
      return session;
    } catch (err) {
      throw toDriverError(err, { phase: "start" });
    }
  }

  async #interval(kind: string, path: string): Promise<DriverInterval | null> {
    const { simctl, knobs } = this.run;
    if (kind === "deviceLog") {
      const file = await Deno.open(path, { create: true, write: true, truncate: true });
      const encoder = new TextEncoder();
      let first: () => void = () => {};
      const streaming = new Promise<void>((resolve) => first = resolve);
      const child = simctl.logStream(this.#device, (line) => {
        try {
          file.writeSync(encoder.encode(line + "\n"));
        } catch { /* closed at stop */ }
        first();
      }, this.run.logPredicate ?? undefined);
      this.#intervals.add(child);
      // `log stream` prints its header first: the step's action must not run before it listens.
      await withinDeadline(
        Promise.race([streaming, child.exited.then(() => {})]).then(() => true),
        timerDeadline(LOG_START_S),
        false,
      );
      return {
        kind,
        path,
        stop: async () => {
          this.#intervals.delete(child);
          await child.stop();
          file.close();
        },
      };
    }
    if (kind !== "video") return null;
    let started: () => void = () => {};
    const confirmed = new Promise<void>((resolve) => started = resolve);
    const child = simctl.recordVideo(this.#device, path, (line) => {
      if (/Recording started/.test(line)) started();
    });
    this.#intervals.add(child);
    const ok = await withinDeadline(
      Promise.race([confirmed.then(() => true), child.exited.then(() => false)]),
      timerDeadline(knobs.videoStartTimeoutS),
      false,
    );
    if (!ok) {
      // The earliest symptom of a wedged simulator: crash recovery may replace the device.
      this.#videoStalled = true;
      this.run.log(
        `${this.#device}: the recording did not start within ${knobs.videoStartTimeoutS}s`,
      );
    }
    return {
      kind,
      path,
      stop: async () => {
        this.#intervals.delete(child);
        // SIGINT lets simctl finalise the movie (it may take long on a slow machine).
        await child.stop({ signal: "SIGINT", graceMs: 120_000 });
      },
    };
  }

  async #stopIntervals(): Promise<void> {
    for (const child of [...this.#intervals]) {
      this.#intervals.delete(child);
      await child.stop().catch(() => {});
    }
  }

  async #stopRunner(): Promise<void> {
    this.#client?.close();
    this.#client = null;
    const runner = this.#runner;
    this.#runner = null;
    if (runner === null) return;
    await runner.stop();
    // A runner app that outlived its xcodebuild (the backup the WDA docs name).
    await this.run.simctl.terminate(this.#device, WDA_RUNNER_BUNDLE).catch(() => {});
  }
}

/**
 * The factory of one run's simulators; each `create` is one lane (a simulator udid).
 *
 * @example
 * ```ts
 * const factory = iosFactory(run);
 * const env = await factory.create(udid, "xcuitest");
 * const driver = await env.start(request);
 * ```
 */
export function iosFactory(run: IosRun): EnvironmentFactory {
  return {
    create(device: string, actuator: string): Promise<Environment> {
      if (actuator !== IOS_ACTUATOR) {
        return Promise.reject(
          new DeviceError(`the iOS environment drives ${IOS_ACTUATOR}, not ${actuator}`),
        );
      }
      return Promise.resolve(new SimulatorEnvironment(device, run));
    },
  };
}
