/**
 * One lane of the remote backend (docs/backends.md#remote-devices-appium-selenium-grid-clouds):
 * each lease opens its own session on the endpoint (the server launches the app in it) and ends
 * it when the lease ends, so every scenario has a fresh app, its own session id and, on a cloud,
 * its own video. Nothing is kept warm: the route refuses erase (the device is not ours), so
 * crash recovery retries on a new session without one (docs/backends.md#failures-and-recovery).
 *
 * @module
 */
import type { Effective } from "../../config/effective.ts";
import type { Clock } from "../../time/clock.ts";
import { UnsupportedAction } from "../driver.ts";
import type {
  Environment,
  EnvironmentFactory,
  RemoteSession,
  StartRequest,
} from "../environment.ts";
import { type TransportOptions, WebDriverClient, type WebDriverSession } from "../webdriver/mod.ts";
import type { RemoteProvider } from "./provider.ts";
import { derivedCapabilities, sessionCapabilities } from "./session_capabilities.ts";
import { openSession } from "./session_opener.ts";
import { sessionLink } from "./session_link.ts";
import { type DialectName, dialectOf, routeOf } from "./dialect.ts";
import { RemoteDriver } from "./remote_driver.ts";
import { REMOTE_ACTUATOR } from "./capabilities.ts";

/** How long ending a session may take before the lease lets go of it, seconds. */
export const END_SESSION_TIMEOUT_S = 10;

/**
 * A scenario (or `--erase`) asked for an erase on a route that cannot erase: the device belongs
 * to the endpoint. The scenario fails with this message; the run goes on.
 *
 * @example
 * ```ts
 * throw new EraseRefused("https://hub.example/wd/hub");
 * ```
 */
export class EraseRefused extends UnsupportedAction {
  override readonly code = "E_ERASE_REFUSED";
  constructor(endpoint: string) {
    super(
      `erase: true cannot run on a remote endpoint (${endpoint}): the device is not ours to ` +
        "erase. Drop erase from the scenario (or --erase from the command), or reset the app " +
        "through the endpoint's own capabilities (appium:fullReset, appium:noReset: false)",
    );
  }
}

/** What every lane of one run shares. */
export interface RemoteRun {
  eff: Effective;
  provider: RemoteProvider;
  clock: Clock;
  /** Seconds session creation may keep retrying (`BAJUTSU_REMOTE_SESSION_BUDGET`). */
  sessionBudgetS: number;
  /**
   * Seconds an endpoint that answered before may refuse connections without a break before the
   * lease gives up (`BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT`).
   */
  unreachableS: number;
  /** One line for the operator (retries, a session left behind). */
  log(line: string): void;
  /** Set once any lane opened a session: a later refusal may be a restart worth waiting for. */
  reached: { answered: boolean };
  /** Transport settings (tests shorten timeouts and attempts). */
  transport?: Partial<Omit<TransportOptions, "endpoint" | "clock">>;
}

/** The app id the Appium app-management commands take, by the target's platform. */
function appArgs(eff: Effective): Record<string, string> | null {
  if (eff.app.platform === "ios") return { bundleId: eff.app.bundleId };
  if (eff.app.platform === "android") return { appId: eff.app.package };
  return null;
}

/** One lane: one session per lease. */
export class RemoteEnvironment implements Environment {
  readonly actuator = REMOTE_ACTUATOR;
  readonly device: string;
  deviceName = "";
  deviceRuntime = "";
  readonly reusable = false;
  readonly rejectsErase = true;
  readonly canReplaceDevice = false;
  readonly #run: RemoteRun;
  #client: WebDriverClient | null = null;
  #session: WebDriverSession | null = null;
  #driver: RemoteDriver | null = null;
  #dialect: DialectName = "generic";
  #launch: { args: string[]; env: Record<string, string> } = { args: [], env: {} };

  constructor(run: RemoteRun, lane: string) {
    this.#run = run;
    this.device = lane;
  }

  async start(req: StartRequest): Promise<RemoteDriver> {
    const { eff, provider, clock } = this.#run;
    if (req.erase) throw new EraseRefused(provider.display);
    await this.#endSession();
    const client = new WebDriverClient({
      endpoint: provider.endpointUrl,
      clock,
      serverName: "Appium endpoint",
      ...this.#run.transport,
    });
    this.#client = client;
    const derived = derivedCapabilities(eff, {
      preconditions: req.preconditions,
      extraEnv: req.extraEnv,
    }, provider.capabilities);
    const caps = sessionCapabilities(derived, provider.capabilities);
    this.#launch = {
      args: [...eff.launchArgs, ...req.preconditions.launchArgs],
      env: { ...eff.launchEnv, ...req.preconditions.launchEnv, ...req.extraEnv },
    };
    const session = await openSession(client, caps, {
      clock,
      budgetS: this.#run.sessionBudgetS,
      unreachableS: this.#run.unreachableS,
      answeredBefore: this.#run.reached.answered,
      log: this.#run.log,
    });
    this.#run.reached.answered = true;
    this.#session = session;
    // An empty echo (some grids) leaves the requested capabilities to judge by.
    const returned = Object.keys(session.capabilities).length > 0 ? session.capabilities : caps;
    this.#dialect = dialectOf(returned);
    this.deviceName = describeDevice(returned);
    this.deviceRuntime = describeRuntime(returned);
    const app = appArgs(eff);
    const driver = new RemoteDriver({
      session,
      clock,
      dialect: this.#dialect,
      appId: app?.appId ?? null,
    });
    this.#driver = driver;
    if (req.preconditions.deeplink) {
      await driver.execute("deepLink", { url: req.preconditions.deeplink, ...packageOf(app) });
    }
    return driver;
  }

  /**
   * The `relaunch` step: the Appium app-management commands (`mobile: terminateApp`, then
   * `mobile: launchApp` with the launch arguments on iOS, `mobile: activateApp` — or
   * `mobile: startActivity` with extras when the step sets env — on Android). A server without
   * them answers UnsupportedAction, and the step fails saying so.
   */
  async relaunch(overrides: { env?: Record<string, string>; args?: string[] }): Promise<void> {
    const driver = this.#driver;
    const app = appArgs(this.#run.eff);
    if (driver === null || app === null) {
      throw new UnsupportedAction("relaunch: no remote session is open");
    }
    await driver.execute("terminateApp", app);
    const args = [...this.#launch.args, ...(overrides.args ?? [])];
    const env = { ...this.#launch.env, ...overrides.env };
    if ("bundleId" in app) {
      await driver.execute("launchApp", { ...app, arguments: args, environment: env });
    } else if (overrides.env && Object.keys(overrides.env).length > 0) {
      const eff = this.#run.eff;
      const activity = eff.app.platform === "android" ? eff.app.activity : undefined;
      if (!activity) {
        throw new UnsupportedAction(
          "relaunch with env on a remote Android target needs the target's activity " +
            `(targets.${eff.target}.activity) to start it with extras`,
        );
      }
      await driver.execute("startActivity", {
        component: `${app.appId}/${activity}`,
        extras: Object.entries(env).map(([k, v]) => ["s", k, v]),
        stop: true,
      });
    } else {
      await driver.execute("activateApp", app);
    }
    driver.invalidate();
  }

  /** Nothing is kept warm: every lease opens its own session. */
  health(): Promise<boolean> {
    return Promise.resolve(false);
  }

  async endLease(): Promise<void> {
    await this.teardown();
  }

  async teardown(): Promise<void> {
    await this.#endSession();
  }

  route(): string {
    return this.#session ? routeOf(this.#session.capabilities, this.#dialect) : "";
  }

  remoteSession(): RemoteSession | null {
    const session = this.#session;
    if (session === null) return null;
    const endpoint = this.#run.provider.display;
    return {
      endpoint,
      sessionId: session.id,
      sessionUrl: sessionLink(endpoint, session.id, session.capabilities),
    };
  }

  /** Ends the open session (bounded; a dead server is not waited for) and closes the client. */
  async #endSession(): Promise<void> {
    const session = this.#session;
    const client = this.#client;
    this.#session = null;
    this.#driver = null;
    this.#client = null;
    try {
      await session?.deleteSession({ timeoutS: END_SESSION_TIMEOUT_S, attempts: 1 });
    } catch {
      // A lost session or a dead server: nothing left to end (the server's
      // newCommandTimeout ends whatever is left on its side).
    } finally {
      client?.close();
    }
  }
}

function packageOf(app: Record<string, string> | null): Record<string, string> {
  if (app === null) return {};
  return "bundleId" in app ? { bundleId: app.bundleId } : { package: app.appId };
}

function text(caps: Record<string, unknown>, name: string): string {
  const v = caps[name] ?? caps[`appium:${name}`];
  return typeof v === "string" || typeof v === "number" ? String(v) : "";
}

/** The device the session runs on, as the server named it. */
function describeDevice(caps: Record<string, unknown>): string {
  return text(caps, "deviceName") || text(caps, "deviceModel") || text(caps, "platformName");
}

/** `Android 14`, `iOS 17.4` …: the platform and its version, as far as the server said. */
function describeRuntime(caps: Record<string, unknown>): string {
  return [text(caps, "platformName"), text(caps, "platformVersion")].filter((s) => s !== "")
    .join(" ");
}

/**
 * The environment factory of a run: one environment per lane (the pool keeps at most `workers`
 * of them leased at once, so at most that many sessions are open on the endpoint).
 *
 * @example
 * ```ts
 * const factory = remoteFactory(run);
 * const env = await factory.create("remote-0", "webdriver");
 * ```
 */
export function remoteFactory(run: RemoteRun): EnvironmentFactory {
  return { create: (lane) => Promise.resolve(new RemoteEnvironment(run, lane)) };
}
