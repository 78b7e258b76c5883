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
import type { EnvironmentFactory } from "../environment.ts";
import { LoadFailed } from "../../yaml/load_error.ts";
import { BACKEND_NAMES } from "../../model/backend_names.ts";

/** The scripted in-process fake. */
export const FAKE_BACKEND = {
  ...BACKEND_NAMES.fake,
  engines: [],
  needs: ["app"],
  capabilities: FAKE_CAPABILITIES,
  recordsScenarioVideoUpFront: false,
  availability: () => ({ available: true }),
  prepare: prepareFake,
} as const satisfies BackendDescriptor;

async function prepareFake(eff: Effective, req: BackendRequest): Promise<BackendSetup> {
  if (eff.app.platform !== "fake") {
    throw new BackendUnavailable(`target ${eff.target} is not a fake target`);
  }
  // Loaded on demand, like every backend's environment: the registry itself stays light. The app
  // file loads here, before the run folder exists: a missing or broken file is a usage error
  // with its load errors, not a crash in the middle of the run.
  const { createFakeFactory } = await import("./environment.ts");
  let factory: EnvironmentFactory;
  try {
    factory = await createFakeFactory(eff.app.app);
  } catch (err) {
    if (err instanceof LoadFailed) {
      throw new Error(`the target's fake app file does not load:\n${err.message}`, { cause: err });
    }
    throw err;
  }
  return {
    lanes: laneNames("fake", req.workers),
    pinned: false,
    engines: [],
    factory: () => Promise.resolve(factory),
  };
}
