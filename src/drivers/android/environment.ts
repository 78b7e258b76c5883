/**
 * The Android environment (docs/backends.md#android): one device serial, leased to one scenario
 * at a time. `start` prepares the device and the app, launches it, and picks the route: the
 * resident UiAutomator2 server (started once and kept warm across leases) or, when it cannot
 * start, the dump route with one warning for the run.
 *
 * Start, as runner order has it: wait for boot (cold only) → install `appPath` (uninstalled first
 * on erase or `reinstall: clean`) → `pm clear` on erase or `reinstall: clean` → `am force-stop` →
 * `pm grant` each `grantPermissions` → the app's locale → clear the device log → `am start -W -n
 * <launcher activity>` with the launch environment as `--es` extras → the deep link → the route.
 *
 * @module
 */
import type { AndroidSettings, Effective } from "../../config/effective.ts";
import type { AdbResidentMode, EnvGetter } from "../../config/env_knobs.ts";
import type { Clock } from "../../time/clock.ts";
import { DeviceError, type Driver, UnsupportedAction } from "../driver.ts";
import type { Environment, EnvironmentFactory, StartRequest } from "../environment.ts";
import { Adb } from "./adb.ts";
import { AndroidDriver } from "./android_driver.ts";
import { ANDROID_BACKEND } from "./backend.ts";
import { DumpRoute } from "./dump_route.ts";
import { ensureServerInstalled, ResidentServer, ServerStartFailed } from "./resident_server.ts";
import type { Route, RouteName } from "./route.ts";
import { ServerRoute } from "./server_route.ts";
import { type ServerApks, serverApks, ServerApksUnavailable } from "./server_apks.ts";

/** What every environment of one run shares. */
export interface AndroidRunContext {
  adbPath: string;
  eff: Effective;
  clock: Clock;
  env: EnvGetter;
  /** `BAJUTSU_ADB_RESIDENT` (docs/configuration.md#environment-knobs). */
  mode: AdbResidentMode;
  /** Per-attempt timeout of a server read, seconds. */
  readTimeoutS: number;
  /** One warning line for the whole run (the fallback to the dump route). */
  warn: (line: string) => void;
  /** serial → model name, from `adb devices -l`. */
  models: Record<string, string>;
  /** Called once per hierarchy read (benchmarks). */
  onRead?: (elements: number) => void;
  /** Called for every adb call (benchmarks). */
  onAdbCall?: (args: readonly string[]) => void;
}

/** State shared by the environments of one factory. */
interface Shared {
  ctx: AndroidRunContext;
  apks: Promise<ServerApks> | null;
  warned: boolean;
  /** Devices whose server did not start: they stay on the dump route for the run. */
  noServer: Set<string>;
  /** serial → launcher activity, resolved once. */
  activities: Map<string, string>;
  /** `<serial> <locale>` pairs already warned about (one line per device and locale a run). */
  localeWarned: Set<string>;
}

/** The first API level with per-app locales (`cmd locale set-app-locales`): Android 13. */
export const PER_APP_LOCALE_SDK = 33;

/** `en_US` → `en-US` (a BCP 47 tag, as `cmd locale` takes it). */
export function localeTag(locale: string): string {
  return locale.replace(/_/g, "-");
}

class AndroidEnvironment implements Environment {
  readonly actuator = ANDROID_BACKEND.actuator;
  readonly rejectsErase = false;
  readonly canReplaceDevice = false;
  deviceName: string;
  deviceRuntime = "";
  readonly #adb: Adb;
  readonly #shared: Shared;
  readonly #app: AndroidSettings;
  #server: ResidentServer | null = null;
  #driver: AndroidDriver | null = null;
  #booted = false;
  /** `ro.build.version.sdk`, read at the first start. */
  #sdk = 0;
  #launchEnv: Record<string, string> = {};

  constructor(readonly device: string, shared: Shared) {
    this.#shared = shared;
    const { ctx } = shared;
    this.#app = ctx.eff.app as AndroidSettings;
    this.deviceName = (ctx.models[device] ?? "").replaceAll("_", " ") || device;
    this.#adb = new Adb({
      adbPath: ctx.adbPath,
      serial: device,
      clock: ctx.clock,
      onCall: ctx.onAdbCall,
    });
  }

  /** Kept warm by the pool while its server runs. */
  get reusable(): boolean {
    return this.#server?.running ?? false;
  }

  /** The route of the current lease (recorded in the manifest). */
  route(): RouteName | "" {
    return this.#driver?.route.name ?? "";
  }

  async start(req: StartRequest): Promise<Driver> {
    if (Object.keys(req.scenario.permissions).length > 0) {
      throw new UnsupportedAction("scenario.permissions: not supported on Android yet");
    }
    const adb = this.#adb;
    const pkg = this.#app.package;
    const pre = req.preconditions;
    if (!this.#booted) {
      await adb.waitForBoot();
      const [release, sdk] = await Promise.all([
        adb.getprop("ro.build.version.release"),
        adb.getprop("ro.build.version.sdk"),
      ]);
      this.deviceRuntime = `Android ${release} (API ${sdk})`;
      this.#sdk = Number(sdk) || 0;
      this.#booted = true;
    }
    const clean = req.erase || pre.reinstall === "clean";
    let fresh = false;
    if (this.#app.appPath) {
      await checkApk(this.#app.appPath);
      if (clean) await adb.uninstall(pkg);
      await adb.install(this.#app.appPath);
      fresh = clean;
    } else if (!await adb.isInstalled(pkg)) {
      throw new DeviceError(
        `package ${pkg} is not installed on ${this.device}: set appPath in the target to ` +
          "install it, or install it first (adb install <apk>)",
      );
    }
    if (clean && !fresh) await adb.clearData(pkg);
    await adb.forceStop(pkg);
    for (const permission of this.#app.grantPermissions) await adb.grant(pkg, permission);
    await this.#applyLocale(localeTag(pre.locale ?? this.#shared.ctx.eff.locale));
    // The device log starts empty at every scenario.
    await adb.exec(["logcat", "-c"], { check: false });
    this.#launchEnv = { ...this.#shared.ctx.eff.launchEnv, ...pre.launchEnv, ...req.extraEnv };
    await adb.startActivity(await this.#activity(), this.#launchEnv);
    if (pre.deeplink) await adb.openUrl(pre.deeplink, pkg);
    const route = await this.#route();
    this.#driver = new AndroidDriver({
      route,
      adb,
      appPackage: pkg,
      clock: this.#shared.ctx.clock,
      onRead: this.#shared.ctx.onRead,
    });
    return this.#driver;
  }

  /**
   * The app's locale (docs/backends.md#locale-on-android). Android 13+ sets it per app; older
   * devices cannot, so the app runs in the device's own locale: one warning line says so unless
   * that already is the one asked for. A refused `cmd locale` is a warning too, never silence.
   */
  async #applyLocale(tag: string): Promise<void> {
    const pkg = this.#app.package;
    let why: string | null = null;
    if (this.#sdk >= PER_APP_LOCALE_SDK) {
      const r = await this.#adb.exec(
        ["shell", "cmd", "locale", "set-app-locales", pkg, "--locales", tag],
        { check: false },
      );
      if (r.code === 0) return;
      const said = `${r.stderr}\n${r.text}`.trim().split("\n")[0] || `exit ${r.code}`;
      why = `cmd locale set-app-locales failed (${said})`;
    } else {
      const current = (await this.#adb.getprop("persist.sys.locale")) ||
        (await this.#adb.getprop("ro.product.locale"));
      if (current.toLowerCase() === tag.toLowerCase()) return;
      why = `per-app locales need Android 13 (API ${PER_APP_LOCALE_SDK}) and this device is ` +
        `${this.deviceRuntime}; the app runs in the device's locale ${current || "(unknown)"}. ` +
        "Set the device's language in Settings (or use an Android 13+ emulator) to run in " +
        tag;
    }
    const key = `${this.device} ${tag}`;
    if (this.#shared.localeWarned.has(key)) return;
    this.#shared.localeWarned.add(key);
    this.#shared.ctx.warn(`android: locale ${tag} not applied on ${this.device}: ${why}`);
  }

  async relaunch(overrides: { env?: Record<string, string>; args?: string[] }): Promise<void> {
    const pkg = this.#app.package;
    await this.#adb.forceStop(pkg);
    await this.#adb.startActivity(await this.#activity(), {
      ...this.#launchEnv,
      ...overrides.env,
    });
    this.#driver?.invalidate();
  }

  async health(timeoutS: number): Promise<boolean> {
    return await this.#server?.healthy(timeoutS) ?? false;
  }

  async endLease(): Promise<void> {
    await this.#driver?.close();
    this.#driver = null;
    await this.#adb.forceStop(this.#app.package);
  }

  async teardown(): Promise<void> {
    const errors: unknown[] = [];
    for (
      const step of [
        () => this.#driver?.close(),
        () => this.#server?.stop(),
        () => this.#adb.forceStop(this.#app.package),
      ]
    ) {
      try {
        await step();
      } catch (err) {
        errors.push(err);
      }
    }
    this.#driver = null;
    this.#server = null;
    if (errors.length > 0) throw errors[0];
  }

  async #activity(): Promise<string> {
    const pkg = this.#app.package;
    // A configured activity needs no look-up (`.Main` is relative to the package).
    if (this.#app.activity) return `${pkg}/${this.#app.activity}`;
    const known = this.#shared.activities.get(this.device);
    if (known) return known;
    const activity = await this.#adb.resolveActivity(pkg);
    if (activity === null) {
      throw new DeviceError(
        `package ${pkg} has no launcher activity on ${this.device} ` +
          "(cmd package resolve-activity found none): is it the app's package name?",
      );
    }
    this.#shared.activities.set(this.device, activity);
    return activity;
  }

  /** The server route when it runs (or can be started), else the dump route. */
  async #route(): Promise<Route> {
    const { ctx } = this.#shared;
    if (ctx.mode !== "dump" && !this.#shared.noServer.has(this.device)) {
      if (this.#server?.running) return new ServerRoute(this.#server.session);
      await this.#server?.stop().catch(() => {});
      this.#server = null;
      try {
        this.#shared.apks ??= serverApks({ env: ctx.env });
        await ensureServerInstalled(this.#adb, await this.#shared.apks, ctx.clock);
        this.#server = await ResidentServer.start({
          adb: this.#adb,
          clock: ctx.clock,
          readTimeoutS: ctx.readTimeoutS,
        });
        return new ServerRoute(this.#server.session);
      } catch (err) {
        if (!(err instanceof ServerStartFailed || err instanceof ServerApksUnavailable)) throw err;
        if (ctx.mode === "server") {
          throw new DeviceError(`${err.message} (BAJUTSU_ADB_RESIDENT=1 requires the server)`, {
            cause: err,
          });
        }
        // Downloads are not retried per lease; a device whose server failed stays on dump.
        if (err instanceof ServerApksUnavailable) this.#shared.apks = Promise.reject(err);
        this.#shared.apks?.catch(() => {});
        this.#shared.noServer.add(this.device);
        if (!this.#shared.warned) {
          this.#shared.warned = true;
          ctx.warn(`android: ${err.message}; falling back to the dump route (slower)`);
        }
      }
    }
    return new DumpRoute(this.#adb, ctx.clock);
  }
}

async function checkApk(path: string): Promise<void> {
  try {
    if ((await Deno.stat(path)).isFile) return;
  } catch {
    // reported below
  }
  throw new DeviceError(`appPath ${path} does not exist (or is not a file): build the APK first`);
}

/**
 * The factory of one run: environments share the run context, the APK download and the
 * fallback warning.
 */
export function createAndroidFactory(ctx: AndroidRunContext): EnvironmentFactory {
  const shared: Shared = {
    ctx,
    apks: null,
    warned: false,
    noServer: new Set(),
    activities: new Map(),
    localeWarned: new Set(),
  };
  return {
    create: (device) => Promise.resolve(new AndroidEnvironment(device, shared)),
  };
}
