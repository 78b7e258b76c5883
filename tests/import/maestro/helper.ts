/**
 * Translates flow text held in memory (files by absolute path) for the import's unit tests.
 *
 * @module
 */
import { parseFlow } from "../../../src/import/maestro/flow_file.ts";
import { type ImportedScenario, translateFlow } from "../../../src/import/maestro/scenario.ts";
import { plainStep } from "../../../src/import/maestro/translator.ts";
import { stepsOf } from "../../../src/import/maestro/out_items.ts";
import { formatFinding } from "../../../src/import/maestro/findings.ts";

/** The root the in-memory flows live under. */
export const ROOT = "/flows";

/** Translates `/flows/main.yaml` holding `text`; `files` are the other flows by name. */
export function translate(text: string, files: Record<string, string> = {}): ImportedScenario {
  const all: Record<string, string> = { "main.yaml": text, ...files };
  const read = (abs: string) => {
    const name = abs.slice(ROOT.length + 1);
    if (!(name in all)) {
      return {
        ok: false as const,
        errors: [{
          file: abs,
          line: 1,
          col: 1,
          code: "E_IO" as const,
          path: "",
          message: "file not found",
        }],
      };
    }
    return parseFlow(all[name], abs);
  };
  const main = read(`${ROOT}/main.yaml`);
  if (!main.ok) throw new Error(main.errors[0].message);
  return translateFlow(main.flow, `${ROOT}/main.yaml`, {
    read,
    display: (abs) => abs.slice(ROOT.length + 1),
  });
}

/** The scenario's steps as plain objects (comments left out). */
export function steps(s: ImportedScenario): unknown[] {
  return stepsOf(s.steps).map(plainStep);
}

/** The report lines of the scenario. */
export function report(s: ImportedScenario): string[] {
  return s.findings.map(formatFinding);
}

/** A flow of `commands` under a header with `appId: com.example.app`. */
export function flow(commands: string): string {
  return `appId: com.example.app\n---\n${commands}`;
}
