/**
 * Runs one validator over a YAML snippet and returns its value and problems.
 *
 * @module
 */
import { parseYaml } from "../../../src/yaml/parse.ts";
import {
  newContext,
  type ValidationContext,
} from "../../../src/scenario/validate/validation_context.ts";
import type { PNode } from "../../../src/yaml/pnode.ts";

/** Validates `yaml` with `f` in the typed pass (or the raw pass when `raw`). */
export function run<T>(
  yaml: string,
  f: (ctx: ValidationContext, node: PNode, path: string) => T,
  raw = false,
): { value: T; codes: string[]; ctx: ValidationContext } {
  const parsed = parseYaml(yaml, "snippet.yaml");
  if (!parsed.node) throw new Error(`bad snippet: ${JSON.stringify(parsed.errors)}`);
  const ctx = newContext(raw);
  const value = f(ctx, parsed.node, "x");
  return { value, codes: ctx.errors.map((e) => e.code), ctx };
}
