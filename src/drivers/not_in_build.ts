/**
 * The availability of a backend whose driver this build does not contain yet: the registry
 * knows its tokens, so selecting it says so plainly instead of "unknown token".
 *
 * @module
 */
import { type Availability, type BackendSetup, BackendUnavailable } from "./backend.ts";

/** The reason every not-yet-built backend gives. */
export const NOT_IN_BUILD = "not available in this build";

/** {@link Availability} of a backend this build does not contain. */
export function notInBuild(): Availability {
  return { available: false, reason: NOT_IN_BUILD };
}

/** `prepare` of a backend this build does not contain (selection never gets this far). */
export function prepareNotInBuild(actuator: string): () => Promise<BackendSetup> {
  return () => Promise.reject(new BackendUnavailable(`${actuator}: ${NOT_IN_BUILD}`));
}
