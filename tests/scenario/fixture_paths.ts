/**
 * Where the scenario fixtures live, and the `# expect: <CODE> <line>:<col>` header reader the
 * invalid corpus is checked with.
 *
 * @module
 */
import { fileURLToPath } from "node:url";

/** tests/fixtures/scenarios/valid */
export const VALID_DIR = fileURLToPath(new URL("../fixtures/scenarios/valid", import.meta.url));
/** tests/fixtures/scenarios/invalid */
export const INVALID_DIR = fileURLToPath(new URL("../fixtures/scenarios/invalid", import.meta.url));

/** One expected error of an invalid fixture. */
export interface Expectation {
  code: string;
  line: number;
  col: number;
}

/** Reads the `# expect:` header lines of a fixture. */
export function expectations(text: string): Expectation[] {
  return [...text.matchAll(/^# expect: (\S+) (\d+):(\d+)$/gm)].map((m) => ({
    code: m[1],
    line: Number(m[2]),
    col: Number(m[3]),
  }));
}

/** The `*.yaml` files directly in `dir`, sorted. */
export function yamlFilesIn(dir: string): string[] {
  return [...Deno.readDirSync(dir)]
    .filter((e) => e.isFile && e.name.endsWith(".yaml"))
    .map((e) => e.name)
    .sort();
}
