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

/** Files read concurrently while embedding (file opens dominate on big runs). */
const BATCH = 16;

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
  const paths = treePaths(manifest);
  let used = 0;
  for (let i = 0; i < paths.length && used < budget; i += BATCH) {
    const batch = paths.slice(i, i + BATCH);
    const texts = await Promise.all(
      batch.map((name) => Deno.readTextFile(join(runDir, ...name.split("/"))).catch(() => null)),
    );
    // Results are taken in priority order, so the budget favours failed scenarios.
    batch.forEach((name, k) => {
      const text = texts[k];
      if (text === null || used + text.length > budget) return;
      try {
        trees[name] = JSON.parse(text);
        used += text.length;
      } catch {
        // Not JSON: linked, not embedded.
      }
    });
  }
  return trees;
}
