/**
 * Shared by the schema-agreement tests: the `# expect: <CODE> <line>:<col>` fixture headers,
 * compiled JSON Schemas (Ajv 2020-12, `strict: false`) and YAML → plain data the way an editor
 * or CI validator reads it (core schema).
 *
 * @module
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv/dist/2020.js";
import { parse } from "yaml";
import { join } from "node:path";

/** One expected load error from a fixture header. */
export interface Expectation {
  code: string;
  line: number;
  col: number;
}

const HEADER = /^#\s*expect:\s*([A-Z_]+)\s+(\d+):(\d+)\s*$/;

/** The `# expect:` lines of a fixture (only the leading comment block is read). */
export function expectations(text: string): Expectation[] {
  const out: Expectation[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith("#")) break;
    const m = HEADER.exec(line);
    if (m) out.push({ code: m[1], line: Number(m[2]), col: Number(m[3]) });
  }
  return out;
}

/** `<CODE> <line>:<col>` for messages and set comparison. */
export function show(e: Expectation): string {
  return `${e.code} ${e.line}:${e.col}`;
}

/** The repository's `schemas/` folder. */
export const SCHEMA_DIR = new URL("../../schemas/", import.meta.url);

/** The scenario, component and config schemas, compiled together (they reference each other). */
export interface Validators {
  scenario: ValidateFunction;
  component: ValidateFunction;
  config: ValidateFunction;
}

/** Compiles the three schemas from `schemas/`. */
export async function compileSchemas(): Promise<Validators> {
  const read = async (name: string) =>
    JSON.parse(await Deno.readTextFile(new URL(name, SCHEMA_DIR)));
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const scenario = await read("scenario.schema.json");
  const component = await read("component.schema.json");
  const config = await read("config.schema.json");
  ajv.addSchema(scenario);
  ajv.addSchema(component);
  ajv.addSchema(config);
  return {
    scenario: ajv.getSchema(scenario.$id)!,
    component: ajv.getSchema(component.$id)!,
    config: ajv.getSchema(config.$id)!,
  };
}

/**
 * YAML text → plain data (YAML 1.2 core schema: `on`/`yes` stay strings; merge keys `<<` applied,
 * as the loader and YAML-aware editors do).
 */
export function yamlData(text: string): { ok: true; data: unknown } | { ok: false } {
  try {
    return { ok: true, data: parse(text, { schema: "core", uniqueKeys: true, merge: true }) };
  } catch {
    return { ok: false };
  }
}

/** `*.yaml` / `*.yml` files under `dir` (recursively when asked), sorted. */
export async function yamlFiles(dir: string, recursive: boolean): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(d)];
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory && recursive) await walk(p);
      else if (e.isFile && /\.ya?ml$/.test(e.name)) out.push(p);
    }
  };
  await walk(dir);
  return out.sort();
}

/** A short rendering of Ajv errors for assertion messages. */
export function ajvErrors(v: ValidateFunction): string {
  return (v.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "/"} ${e.message}`).join(
    "; ",
  );
}
