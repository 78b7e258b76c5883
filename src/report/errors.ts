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
