/**
 * The web backend's descriptor: tokens `web`/`playwright`, the browser engines, a browser lane
 * per worker. Choosing it checks the engines and that a browser of each is installed (unless the
 * target connects to a remote browser); playwright-core is loaded only then.
 *
 * @module
 */
import type { Effective } from "../../config/effective.ts";
import {
  type BackendDescriptor,
  type BackendRequest,
  type BackendSetup,
  BackendUnavailable,
  laneNames,
} from "../backend.ts";
import { WEB_CAPABILITIES } from "./capabilities.ts";
import { type Engine, ENGINES, isEngine } from "../../model/engines.ts";
import { BACKEND_NAMES } from "../../model/backend_names.ts";

/** The web backend on playwright-core. */
export const WEB_BACKEND = {
  ...BACKEND_NAMES.web,
  engines: ENGINES,
  needs: ["baseUrl"],
  capabilities: WEB_CAPABILITIES,
  // Playwright can only record a whole context: web video is one `<sid>/scenario.mp4`.
  recordsScenarioVideoUpFront: true,
  availability: () => ({ available: true }),
  prepare: prepareWeb,
  doctorChecks: async (ctx) => (await import("./doctor.ts")).webDoctorChecks(ctx),
  deviceList: async (ctx) => (await import("./device_list.ts")).webDeviceList(ctx),
} as const satisfies BackendDescriptor;

async function prepareWeb(eff: Effective, req: BackendRequest): Promise<BackendSetup> {
  if (eff.app.platform !== "web") {
    throw new BackendUnavailable(`target ${eff.target} is not a web target`);
  }
  const requested = req.browsers && req.browsers.length > 0 ? req.browsers : [eff.app.browser];
  const unknown = requested.filter((e) => !isEngine(e));
  if (unknown.length > 0) {
    throw new BackendUnavailable(
      `unknown browser engine(s): ${unknown.join(", ")} (known: ${ENGINES.join(", ")})`,
    );
  }
  const engines = requested as Engine[];
  if (!eff.app.wsEndpoint) {
    const { findBrowser, runsHeadless } = await import("./browser_discovery.ts");
    for (const e of engines) {
      try {
        findBrowser(e, undefined, runsHeadless(eff.app, req.headed));
      } catch (err) {
        throw new BackendUnavailable(err instanceof Error ? err.message : String(err), {
          cause: err,
        });
      }
    }
  }
  // Loaded on demand (fake-only runs never pay for playwright-core) and not awaited here: it is
  // evaluated while the run claims its folder and starts its signal watcher, before the launch.
  const web = import("./environment.ts");
  web.catch(() => {});
  return {
    lanes: laneNames("web", req.workers),
    pinned: false,
    engines: engines.length > 1 ? engines : [],
    factory: async (engine) =>
      (await web).createWebFactory(eff, {
        engine: (engine ?? engines[0]) as Engine,
        headed: req.headed,
      }),
  };
}
