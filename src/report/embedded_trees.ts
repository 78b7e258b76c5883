/**
 * Reads the element trees report.html embeds. A page opened from disk cannot fetch side files,
 * so trees travel inside the page, up to a byte budget; failed scenarios come first because
 * that is where they are looked at.
 *
 * @module
 */
import { join } from "node:path";
import { relativeHref } from "./html/escape.ts";
import type { Manifest } from "./manifest_types.ts";

/** Default budget of embedded element-tree bytes per report (8 MiB). */
export const DEFAULT_TREE_BUDGET = 8 * 1024 * 1024;

/** elements.json artifact names in embedding priority: failed scenarios, then the others. */
export function treePaths(manifest: Manifest): string[] {
  const ordered = [
    ...manifest.scenarios.filter((s) => !s.ok),
    ...manifest.scenarios.filter((s) => s.ok),
  ];
  return ordered.flatMap((s) =>
    [...s.before_outcomes, ...s.steps, ...s.after_outcomes]
      .flatMap((st) => st.artifacts)
      .filter((a) => a.kind === "elements" && relativeHref(a.name) !== null)
      .map((a) => a.name)
  );
}

/**
 * Loads element trees under `runDir` until `budget` bytes are used. Missing or invalid files are
 * left out (the page then links the file instead).
 */
export async function loadElementTrees(
  runDir: string,
  manifest: Manifest,
  budget = DEFAULT_TREE_BUDGET,
): Promise<Record<string, unknown>> {
  const trees: Record<string, unknown> = {};
  let used = 0;
  for (const name of treePaths(manifest)) {
    if (used >= budget) break;
    let text: string;
    try {
      text = await Deno.readTextFile(join(runDir, ...name.split("/")));
    } catch {
      continue;
    }
    if (used + text.length > budget) continue;
    try {
      trees[name] = JSON.parse(text);
      used += text.length;
    } catch {
      // Not JSON: linked, not embedded.
    }
  }
  return trees;
}
