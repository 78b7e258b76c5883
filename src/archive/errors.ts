/**
 * Errors of `bajutsu export` and `run --zip`, each with a stable `code` (docs/cli.md#bajutsu-export).
 *
 * @module
 */

/**
 * No run folder where the run was named.
 *
 * @example
 * ```ts
 * throw new RunNotFoundError("no run folder at runs/20240501-101500", "20240501-101500");
 * ```
 */
export class RunNotFoundError extends Error {
  readonly code = "E_RUN_NOT_FOUND";
  constructor(message: string, readonly run: string) {
    super(message);
    this.name = "RunNotFoundError";
  }
}

/**
 * A folder that holds no manifest.json: not a run (or one killed before its reports).
 *
 * @example
 * ```ts
 * throw new NotARunError("runs/tmp is not a run (no manifest.json)", "runs/tmp");
 * ```
 */
export class NotARunError extends Error {
  readonly code = "E_NOT_A_RUN";
  constructor(message: string, readonly runDir: string) {
    super(message);
    this.name = "NotARunError";
  }
}

/**
 * The archive's path is taken: a file without `--force`, or a folder (never replaced).
 *
 * @example
 * ```ts
 * throw new ExportTargetError("runs/x.zip exists; pass --force to overwrite it", "runs/x.zip");
 * ```
 */
export class ExportTargetError extends Error {
  readonly code = "E_EXPORT_TARGET";
  constructor(message: string, readonly path: string) {
    super(message);
    this.name = "ExportTargetError";
  }
}

/**
 * The archive could not be written (a missing folder, no permission, a full disk, a file that
 * changed while it was read). Nothing is left at its path.
 *
 * @example
 * ```ts
 * throw new ExportWriteError("cannot write out/x.zip: No such file or directory", "out/x.zip");
 * ```
 */
export class ExportWriteError extends Error {
  readonly code = "E_EXPORT_WRITE";
  constructor(message: string, readonly path: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ExportWriteError";
  }
}
