/**
 * The fake platform's environment (docs/architecture.md#launching-an-app): every lease gets a fresh
 * in-process fake app built from the target's fake-app file, so a `platform: fake` target runs with
 * no device and no browser. Scenario `permissions` are unsupported here.
 *
 * @module
 */
import type { Driver } from "../driver.ts";
import { UnsupportedAction } from "../driver.ts";
import type { Environment, EnvironmentFactory, StartRequest } from "../environment.ts";
import type { Clock } from "../../time/clock.ts";
import { realClock } from "../../time/clock.ts";
import { LoadFailed } from "../../yaml/load_error.ts";
import { createFakeDriver, type FakeDriver } from "./fake_driver.ts";
import { loadFakeApp } from "./app_file.ts";
import { CrashInjector } from "./crash_injector.ts";
import { nextLaunchScreen } from "./launch_cycle.ts";
import { FAKE_BACKEND } from "./backend.ts";
import type { FakeAppSpec } from "./types.ts";

class FakeEnvironment implements Environment {
  readonly actuator = FAKE_BACKEND.actuator;
  readonly deviceName = "Fake device";
  readonly deviceRuntime = "fake";
  readonly reusable = false;
  readonly rejectsErase = false;
  readonly canReplaceDevice = false;
  #driver: FakeDriver | null = null;

  constructor(
    readonly device: string,
    private app: FakeAppSpec,
    private clock: Clock,
    private crashes: CrashInjector,
  ) {}

  start(req: StartRequest): Promise<Driver> {
    if (Object.keys(req.scenario.permissions).length > 0) {
      return Promise.reject(
        new UnsupportedAction("scenario.permissions: the fake platform has no permission control"),
      );
    }
    // A flaky app's launch screen comes from its launch cycle (docs/backends.md#fake).
    const app = this.app.launchCycle
      ? { ...this.app, initial: nextLaunchScreen(this.app.launchCycle, req.scenario.name) }
      : this.app;
    this.#driver = createFakeDriver(app, { clock: this.clock, crashes: this.crashes });
    return Promise.resolve(this.#driver);
  }

  async relaunch(): Promise<void> {
    await this.#driver?.relaunch();
  }

  health(): Promise<boolean> {
    return Promise.resolve(true);
  }
  endLease(): Promise<void> {
    return Promise.resolve();
  }
  teardown(): Promise<void> {
    this.#driver = null;
    return Promise.resolve();
  }
}

/**
 * A factory over one fake-app file (loaded once per run). One crash injector serves every driver
 * the factory builds, so a `times: 1` crash happens once per run and a respawn can recover.
 * A file that does not load (missing, a folder, invalid) throws `LoadFailed` with its errors.
 */
export async function createFakeFactory(
  appFile: string,
  clock: Clock = realClock,
): Promise<EnvironmentFactory> {
  const { app, errors } = await loadFakeApp(appFile);
  if (!app) {
    const fallback = { file: appFile, line: 1, col: 1, path: "", message: "did not load" };
    throw new LoadFailed(errors.length > 0 ? errors : [{ ...fallback, code: "E_CONFIG" }]);
  }
  return fakeFactory(app, clock);
}

/** The same over an app spec already in memory (tests). */
export function fakeFactory(app: FakeAppSpec, clock: Clock = realClock): EnvironmentFactory {
  const crashes = new CrashInjector(app.crashes);
  return {
    create: (device) => Promise.resolve(new FakeEnvironment(device, app, clock, crashes)),
  };
}
