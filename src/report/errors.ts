/**
 * Errors of the report layer, each with a stable `code`.
 *
 * @module
 */

/** manifest.json is missing, not JSON, or not a manifest at all. */
export class ManifestReadError extends Error {
  readonly code = "E_MANIFEST";
  constructor(message: string, readonly path: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ManifestReadError";
  }
}

/** manifest.json declares a `schemaVersion` this build does not know. */
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

/** `report merge` was pointed at an output folder that is not new or empty. */
export class MergeTargetError extends Error {
  readonly code = "E_MERGE_TARGET";
  constructor(message: string, readonly path: string) {
    super(message);
    this.name = "MergeTargetError";
  }
}
