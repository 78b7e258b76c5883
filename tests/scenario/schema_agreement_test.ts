/**
 * The JSON Schemas and the loader must agree (so neither drifts unnoticed):
 *
 * - every fixture under tests/fixtures/scenarios/valid/** satisfies scenario.schema.json
 *   (files under a `components/` folder satisfy component.schema.json instead);
 * - every invalid fixture (`# expect: <CODE> <line>:<col>` headers) is REJECTED by the schema when
 *   at least one of its codes is something a schema can express (SCHEMA_CODES), and ACCEPTED when
 *   all of its codes are beyond a schema (LOADER_ONLY_CODES) — e.g. a regex that does not
 *   compile, a file reference, a time zone, a newer DSL version;
 * - a fixture that is not YAML at all is skipped for the schema, after checking that the loader
 *   reports E_YAML / E_DUPLICATE_KEY for it.
 *
 * Two positional rules refine the code sets, because a schema sees one document as written:
 * an error the loader reports in ANOTHER file (a component's step, a setup prelude) and an error
 * located AT a load-time token (`${row.*}`, `${params.*}`: its value is only known after
 * templating) are loader-only whatever their code.
 *
 * A code in none of the sets fails the test: decide which side it belongs to and list it here.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { join, resolve, sep } from "node:path";
import { loadScenarioFile } from "../../src/scenario/load.ts";
import {
  ajvErrors,
  compileSchemas,
  type Expectation,
  expectations,
  show,
  yamlData,
  yamlFiles,
} from "../config/schema_support.ts";

const ROOT = fileURLToPath(new URL("../fixtures/scenarios/", import.meta.url));

/** Problems a JSON Schema states: shape, closed keys, types, enums, ranges, "exactly one of". */
const SCHEMA_CODES = new Set([
  "E_FILE_SHAPE",
  "E_SCHEMA_INVALID",
  "E_UNKNOWN_KEY",
  "E_REQUIRED",
  "E_TYPE",
  "E_ENUM",
  "E_STEP_ACTIONS",
  "E_STEP_NAME",
  "E_CONTROL_FLOW_MODIFIER",
  "E_SELECTOR_EMPTY",
  "E_ID_CANDIDATES",
  "E_SWIPE_FORM",
  "E_AMOUNT",
  "E_TAPPOINT_RANGE",
  "E_PINCH_SCALE",
  "E_COUNT_POSITIVE",
  "E_WAIT_FORM",
  "E_ASSERTION_KIND",
  "E_ONE_OP",
  "E_REQUEST_EMPTY",
  "E_EVENT_EMPTY",
  "E_TRIGGER",
  "E_CAPTURE_TOKEN",
  "E_DATA_XOR",
  "E_ALERT_SEL",
  "E_ALERT_FORM",
  "E_PERMISSION",
  "E_VISUAL_ENGINE",
  "E_INDEX_NO_EFFECT",
  "E_KEY",
]);

/**
 * Problems only the loader can judge; the schema must accept such documents:
 * regex compilation, files and references (components, data files, setup preludes, suite
 * root), `generate` semantics (min ≤ max, strftime, IANA zones — the schema leaves the whole
 * `generate` payload loose for that reason), a DSL version newer than this schema, and
 * duplicates the YAML layer cannot see (two spellings of one key, repeated alert prompts).
 */
const LOADER_ONLY_CODES = new Set([
  "E_SCHEMA_TOO_NEW",
  "E_REGEX",
  "E_GENERATE",
  "E_COMPONENT",
  "E_REF_OUTSIDE_ROOT",
  "E_IO",
  "E_DUPLICATE_KEY",
]);

/** Codes of text that is not a YAML document. */
const UNPARSEABLE_CODES = new Set(["E_YAML", "E_DUPLICATE_KEY"]);

/** True when the text at line:col is a scalar holding a load-time token. */
function atLoadTimeToken(text: string, line: number, col: number): boolean {
  const rest = (text.split(/\r?\n/)[line - 1] ?? "").slice(col - 1);
  const scalar = /^(["'])(.*?)\1/.exec(rest)?.[2] ?? /^[^,}\]#]*/.exec(rest)![0];
  return /\$\{\s*(?:row|params)\./.test(scalar);
}

const schemas = await compileSchemas();
const rel = (file: string) => file.slice(ROOT.length);
const isComponent = (file: string) => rel(file).split(sep).includes("components");

for (const file of await yamlFiles(join(ROOT, "valid"), true)) {
  const component = isComponent(file);
  const validate = component ? schemas.component : schemas.scenario;
  Deno.test(`${component ? "component" : "scenario"} schema accepts ${rel(file)}`, async () => {
    const doc = yamlData(await Deno.readTextFile(file));
    assert.ok(doc.ok, "a valid fixture must parse as YAML");
    assert.ok(validate(doc.data), ajvErrors(validate));
  });
}

for (const file of await yamlFiles(join(ROOT, "invalid"), false)) {
  Deno.test(`scenario schema agrees with the loader on ${rel(file)}`, async () => {
    const text = await Deno.readTextFile(file);
    const expected = expectations(text);
    assert.ok(expected.length > 0, "invalid fixture without # expect: header");
    const unknown = expected.filter((e) =>
      !SCHEMA_CODES.has(e.code) && !LOADER_ONLY_CODES.has(e.code) && !UNPARSEABLE_CODES.has(e.code)
    );
    assert.deepEqual(unknown.map(show), [], "classify these codes in schema_agreement_test.ts");
    const doc = yamlData(text);
    if (!doc.ok) {
      const { errors } = await loadScenarioFile(file);
      assert.ok(
        errors.length > 0 && errors.every((e) => UNPARSEABLE_CODES.has(e.code)),
        `not YAML, so the loader must say E_YAML/E_DUPLICATE_KEY; got ${errors.map(show)}`,
      );
      return;
    }
    const { errors } = await loadScenarioFile(file);
    const elsewhere = (e: Expectation) =>
      errors.some((x) =>
        x.code === e.code && x.line === e.line && x.col === e.col &&
        resolve(x.file) !== resolve(file)
      );
    const schemaCase = (e: Expectation) =>
      SCHEMA_CODES.has(e.code) && !elsewhere(e) && !atLoadTimeToken(text, e.line, e.col);
    const accepted = schemas.scenario(doc.data);
    if (expected.some(schemaCase)) {
      assert.ok(!accepted, `the schema should reject: ${expected.map(show).join(", ")}`);
    } else {
      assert.ok(
        accepted,
        `loader-only problems (${expected.map(show).join(", ")}), yet the schema rejects: ` +
          ajvErrors(schemas.scenario),
      );
    }
  });
}
