/**
 * The remote backend's descriptor (tokens `remote` and `webdriver`; manifests say `webdriver`;
 * docs/backends.md#remote-devices-appium-selenium-grid-clouds): iOS and Android targets driven
 * over a W3C/Appium endpoint — an Appium server, Selenium Grid 4 with Appium nodes, or a device
 * cloud. A target selects it with `deviceProvider: {kind: appium, endpoint, capabilities}` (or
 * `--backend remote`). It needs no local tool, only `fetch`: it is always available.
 *
 * Choosing it resolves the provider (secrets from the environment, the endpoint checked) and
 * builds `--workers` lanes `remote-0…`: at most that many sessions are open on the endpoint at
 * once. The credentials the provider holds are handed to the run's secret masker.
 *
 * @module
 */
import type { Effective } from "../../config/effective.ts";
import {
  processEnv,
  remoteSessionBudget,
  remoteUnreachableTimeout,
} from "../../config/env_knobs.ts";
import { realClock } from "../../time/clock.ts";
import {
  type BackendDescriptor,
  type BackendRequest,
  type BackendSetup,
  BackendUnavailable,
  laneNames,
} from "../backend.ts";
import { REMOTE_CAPABILITIES } from "./capabilities.ts";
import { BACKEND_NAMES } from "../../model/backend_names.ts";

async function prepareRemote(eff: Effective, req: BackendRequest): Promise<BackendSetup> {
  if (eff.app.platform !== "ios" && eff.app.platform !== "android") {
    throw new BackendUnavailable(
      `the remote backend drives iOS and Android targets; target ${eff.target} is ${eff.app.platform}`,
    );
  }
  if ((req.udids?.length ?? 0) > 0) {
    throw new BackendUnavailable(
      "--udid names local devices; on a remote endpoint choose the device with capabilities " +
        "(appium:udid, appium:deviceName, a cloud's deviceName)",
    );
  }
  const env = req.env ?? processEnv;
  // Loaded on demand: choosing another backend never loads the remote driver.
  const [{ resolveProvider }, { remoteFactory }] = await Promise.all([
    import("./provider.ts"),
    import("./environment.ts"),
  ]);
  const provider = resolveProvider(eff, env);
  const warn = req.warn ?? ((line: string) => console.error(`warning: ${line}`));
  const sessionBudgetS = remoteSessionBudget(env, warn);
  const unreachableS = remoteUnreachableTimeout(env, warn);
  const factory = remoteFactory({
    eff,
    provider,
    clock: realClock,
    sessionBudgetS,
    unreachableS,
    log: (line) => warn(line),
    reached: { answered: false },
  });
  return {
    lanes: laneNames("remote", req.workers),
    pinned: false,
    engines: [],
    secrets: provider.secrets,
    factory: () => Promise.resolve(factory),
  };
}

/** A remote W3C WebDriver / Appium endpoint. */
export const REMOTE_BACKEND = {
  ...BACKEND_NAMES.remote,
  anyOf: ["ios", "android"],
  engines: [],
  needs: ["deviceProvider.endpoint"],
  capabilities: REMOTE_CAPABILITIES,
  recordsScenarioVideoUpFront: false,
  availability: () => ({ available: true }),
  prepare: prepareRemote,
} as const satisfies BackendDescriptor;
