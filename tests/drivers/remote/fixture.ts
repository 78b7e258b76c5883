/**
 * A remote environment on the fake Appium server: the run shape the remote backend builds,
 * pointed at a loopback fake, with the contract screen as the app.
 */
import type { Effective } from "../../../src/config/effective.ts";
import type { Clock } from "../../../src/time/clock.ts";
import { realClock } from "../../../src/time/clock.ts";
import { resolveProvider } from "../../../src/drivers/remote/provider.ts";
import { RemoteEnvironment, type RemoteRun } from "../../../src/drivers/remote/environment.ts";
import type { StartRequest } from "../../../src/drivers/environment.ts";
import type { Scenario } from "../../../src/scenario/types.ts";
import type { ContractScreen } from "../contract.ts";
import type { FakeApkSpec } from "../../support/fake_adb/app.ts";

export const PACKAGE = "com.example.contract";

/** The contract screen packed as the fake app the fake Appium server launches. */
export function contractApk(screen: ContractScreen, crashOnTap?: string): FakeApkSpec {
  return { fakeApk: true, package: PACKAGE, versionName: "1.0", screen, crashOnTap };
}

/** An Android target whose devices come from `endpoint`. */
export function remoteEffective(
  endpoint: string,
  extra: Partial<Effective> = {},
): Effective {
  return {
    target: "phone",
    platform: "android",
    backend: ["remote"],
    app: { platform: "android", package: PACKAGE, grantPermissions: [] },
    deviceProvider: { kind: "appium", endpoint },
    secrets: [],
    launchEnv: {},
    launchArgs: [],
    locale: "en_US",
    ...extra,
  } as Partial<Effective> as Effective;
}

/** The run of a remote backend on `eff` (one attempt per call: a dead server fails at once). */
export function remoteRun(
  eff: Effective,
  opts: { clock?: Clock; env?: (k: string) => string | undefined; log?: string[] } = {},
): RemoteRun {
  return {
    eff,
    provider: resolveProvider(eff, opts.env ?? (() => undefined)),
    clock: opts.clock ?? realClock,
    sessionBudgetS: 0,
    unreachableS: 0,
    log: (line) => opts.log?.push(line),
    reached: { answered: false },
    transport: { maxAttempts: 1, getTimeoutS: 5, postTimeoutS: 5 },
  };
}

/** A start request for a scenario without preconditions. */
export function startRequest(over: Partial<StartRequest> = {}): StartRequest {
  const preconditions = { reinstall: "clean" as const, launchArgs: [], launchEnv: {} };
  return {
    scenario: { name: "s", preconditions } as Partial<Scenario> as Scenario,
    preconditions,
    erase: false,
    warm: false,
    extraEnv: {},
    replaceDevice: false,
    ...over,
  };
}

/** A started environment on lane `remote-0`. */
export async function startRemote(run: RemoteRun, over: Partial<StartRequest> = {}) {
  const env = new RemoteEnvironment(run, "remote-0");
  const driver = await env.start(startRequest(over));
  return { env, driver };
}
