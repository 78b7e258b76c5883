/**
 * The fake backend's descriptor: token `fake`, an in-process fake app per lease, built from the
 * target's fake-app file. Always available.
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
import { FAKE_CAPABILITIES } from "./capabilities.ts";

/** The scripted in-process fake. */
export const FAKE_BACKEND = {
  actuator: "fake",
  platform: "fake",
  tokens: ["fake"],
  engines: [],
  needs: ["app"],
  capabilities: FAKE_CAPABILITIES,
  recordsScenarioVideoUpFront: false,
  availability: () => ({ available: true }),
  prepare: prepareFake,
} as const satisfies BackendDescriptor;

function prepareFake(eff: Effective, req: BackendRequest): Promise<BackendSetup> {
  if (eff.app.platform !== "fake") {
    return Promise.reject(new BackendUnavailable(`target ${eff.target} is not a fake target`));
  }
  const app = eff.app.app;
  return Promise.resolve({
    lanes: laneNames("fake", req.workers),
    pinned: false,
    engines: [],
    // Loaded on demand, like every backend's environment: the registry itself stays light.
    factory: async () => (await import("./environment.ts")).createFakeFactory(app),
  });
}
