/**
 * Config fixtures: every valid file loads without errors and satisfies config.schema.json; every
 * invalid file reports exactly the `# expect:` codes at their line:col, and the schema agrees
 * (rejects what it can express, accepts what only the loader can judge).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../src/config/load_config.ts";
import {
  ajvErrors,
  compileSchemas,
  expectations,
  show,
  yamlData,
  yamlFiles,
} from "./schema_support.ts";

const FIXTURES = fileURLToPath(new URL("../fixtures/config/", import.meta.url));

/**
 * Codes a JSON Schema cannot decide for a config: cross-field checks (platform derivation vs.
 * identifier, doctor ok >= fail) and two spellings of one setting. For these the schema must
 * ACCEPT the document; for every other code it must REJECT it.
 */
const BEYOND_SCHEMA = new Set(["E_CONFIG", "E_DUPLICATE_KEY"]);
/** Codes for text that is not a YAML document at all (no schema verdict possible). */
const UNPARSEABLE = new Set(["E_YAML", "E_DUPLICATE_KEY"]);

const schemas = await compileSchemas();

for (const file of await yamlFiles(join(FIXTURES, "valid"), false)) {
  Deno.test(`config fixture valid/${file.split("/").pop()} loads and matches the schema`, async () => {
    const { config, errors } = await loadConfig(file);
    assert.deepEqual(errors, [], `loader errors: ${JSON.stringify(errors)}`);
    assert.ok(config);
    const doc = yamlData(await Deno.readTextFile(file));
    assert.ok(doc.ok);
    assert.ok(
      schemas.config(doc.data),
      `schema rejected a valid config: ${ajvErrors(schemas.config)}`,
    );
  });
}

for (const file of await yamlFiles(join(FIXTURES, "invalid"), false)) {
  const name = file.split("/").pop();
  Deno.test(`config fixture invalid/${name} reports its expected errors; the schema agrees`, async () => {
    const text = await Deno.readTextFile(file);
    const expected = expectations(text);
    assert.ok(expected.length > 0, "fixture has no # expect: header");
    const { config, errors } = await loadConfig(file);
    assert.equal(config, null);
    assert.deepEqual(
      errors.map((e) => show(e)).sort(),
      expected.map(show).sort(),
      errors.map((e) => `${e.code} ${e.line}:${e.col} ${e.path}: ${e.message}`).join("\n"),
    );
    const doc = yamlData(text);
    if (!doc.ok) {
      assert.ok(expected.every((e) => UNPARSEABLE.has(e.code)), "YAML failed to parse");
      return;
    }
    const schemaOnly = expected.every((e) => BEYOND_SCHEMA.has(e.code));
    const accepted = schemas.config(doc.data);
    if (schemaOnly) {
      assert.ok(accepted, `schema should accept (loader-only codes): ${ajvErrors(schemas.config)}`);
    } else {
      assert.ok(!accepted, `schema should reject ${expected.map(show).join(", ")}`);
    }
  });
}
