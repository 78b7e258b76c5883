/**
 * Validation of a manifest object against schemas/manifest.schema.json (JSON Schema 2020-12).
 * Every test that produces a manifest can call `validateManifest` to catch shape drift.
 *
 * @module
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import schema from "../../schemas/manifest.schema.json" with { type: "json" };

/**
 * A compiled validator, built per call site that asks for one (no module-level state).
 *
 * @example
 * ```ts
 * const validate: ManifestValidator = manifestValidator();
 * validate(JSON.parse(text)); // [] when the manifest matches schemas/manifest.schema.json
 * ```
 */
export type ManifestValidator = (obj: unknown) => string[];

/**
 * Compiles the manifest schema once; the returned function lists problems (`<path> <message>`),
 * empty when the object is a valid manifest.
 *
 * @example
 * ```ts
 * const validate = manifestValidator(); // compiled once, used for many manifests
 * ```
 */
export function manifestValidator(): ManifestValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const validate = ajv.compile(schema);
  return (obj) => {
    if (validate(obj)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? "invalid"}`);
  };
}

/**
 * Problems of `obj` as a manifest, empty when valid.
 *
 * @example
 * ```ts
 * validateManifest({ schemaVersion: 9 }); // ["/ must have required property 'runId'", ...]
 * ```
 */
export function validateManifest(obj: unknown): string[] {
  return manifestValidator()(obj);
}
