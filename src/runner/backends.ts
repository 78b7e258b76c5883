/**
 * Backend selection for a run: a lookup in the driver registry (`src/drivers/registry.ts`),
 * whose failures are usage errors here (the CLI prints them and exits 2).
 *
 * @example
 * ```ts
 * import { backendFor } from "./backends.ts";
 * const backend = await backendFor(eff, { backend: ["fake"], workers: 1 });
 * backend.lanes; // ["fake-0"]
 * ```
 *
 * @module
 */
import type { Effective } from "../config/effective.ts";
import type { Backend, BackendRequest } from "../drivers/backend.ts";
import { selectBackend } from "../drivers/registry.ts";

export type { Backend, BackendRequest };

/**
 * A usage, config or environment problem: the CLI prints it and exits 2.
 *
 * @example
 * ```ts
 * throw new UsageError("--base-url applies to web targets; app is fake"); // exit 2
 * ```
 */
export class UsageError extends Error {
  readonly code = "E_USAGE";
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "UsageError";
  }
}

/**
 * Picks the backend for the target and prepares it.
 *
 * @throws UsageError when no requested backend can drive the target (the message says why)
 *
 * @example
 * ```ts
 * const backend = await backendFor(eff, { backend: ["fake"], workers: 2 });
 * backend.lanes; // ["fake-0", "fake-1"]
 * ```
 */
export async function backendFor(eff: Effective, req: BackendRequest): Promise<Backend> {
  try {
    return await selectBackend(eff, req);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err), { cause: err });
  }
}
