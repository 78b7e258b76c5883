/**
 * Errors of the report layer, each with a stable `code`.
 *
 * @module
 */

/**
 * manifest.json is missing, not JSON, or not a manifest at all.
 *
 * @example
 * ```ts
 * throw new ManifestReadError("runs/x/manifest.json: not a bajutsu manifest", "runs/x/manifest.json");
 * ```
 */
export class ManifestReadError extends Error {
  readonly code = "E_MANIFEST";
  constructor(message: string, readonly path: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ManifestReadError";
  }
}

/**
 * manifest.json declares a `schemaVersion` this build does not know.
 *
 * @example
 * ```ts
 * parseManifest(textFromANewerBajutsu); // throws ManifestVersionError (E_MANIFEST_VERSION)
 * ```
 */
export class ManifestVersionError extends Error {
  readonly code = "E_MANIFEST_VERSION";
  constructor(message: string, readonly path: string) {
    super(message);
    this.name = "ManifestVersionError";
  }
}

/**
 * A path read from a manifest (a `sid`, an `engine`, an artifact name) would leave its run, or
 * a file it names resolves outside the run through a symlink.
 *
 * @example
 * ```ts
 * validateManifestPaths(manifest); // throws ManifestPathError for an artifact name like "../x"
 * ```
 */
export class ManifestPathError extends Error {
  readonly code = "E_MANIFEST_PATH";
  constructor(message: string, readonly path: string, readonly field: string) {
    super(message);
    this.name = "ManifestPathError";
  }
}

/**
 * A report file could not be written. `manifestWritten` tells whether manifest.json (the
 * source of truth, written first) is on disk, so the rest can be re-rendered from it.
 *
 * @example
 * ```ts
 * try {
 *   await writeReport(runDir, input);
 * } catch (err) {
 *   if (err instanceof ReportWriteError && !err.manifestWritten) console.error(err.message);
 * }
 * ```
 */
export class ReportWriteError extends Error {
  readonly code = "E_REPORT_WRITE";
  constructor(
    message: string,
    readonly path: string,
    readonly manifestWritten: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "ReportWriteError";
  }
}

/**
 * `report merge` was pointed at an output folder that is not new or empty.
 *
 * @example
 * ```ts
 * await mergeRuns(["runs/a", "runs/b"], "runs/merged"); // MergeTargetError when merged/ has files
 * ```
 */
export class MergeTargetError extends Error {
  readonly code = "E_MERGE_TARGET";
  constructor(message: string, readonly path: string) {
    super(message);
    this.name = "MergeTargetError";
  }
}
