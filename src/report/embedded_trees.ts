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
import { confine, realRunDir } from "./run_confinement.ts";

/**
 * Default budget of embedded element-tree bytes per report (8 MiB).
 *
 * @example
 * ```ts
 * await writeReport(runDir, input, { treeBudget: DEFAULT_TREE_BUDGET / 2 });
 * ```
 */
export const DEFAULT_TREE_BUDGET = 8 * 1024 * 1024;

/**
 * elements.json artifact names in embedding priority: failed scenarios, then the others.
 *
 * @example
 * ```ts
 * treePaths(manifest)[0]; // "01-checkout/step3/elements.json": a failed scenario's trees first
 * ```
 */
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
 * left out (the page then links the file instead); so is a file that resolves outside the run
 * through a symlink, with a line to `warn` naming it.
 *
 * @example
 * ```ts
 * const trees = await loadElementTrees("runs/20240501-101500", manifest, DEFAULT_TREE_BUDGET);
 * renderReport(manifest, { elementTrees: trees });
 * ```
 */
export async function loadElementTrees(
  runDir: string,
  manifest: Manifest,
  budget = DEFAULT_TREE_BUDGET,
  warn?: (line: string) => void,
): Promise<Record<string, unknown>> {
  const trees: Record<string, unknown> = {};
  const paths = treePaths(manifest);
  const root = await realRunDir(runDir);
  if (root === null) return trees;
  const read = async (name: string): Promise<string | null> => {
    const path = join(runDir, ...name.split("/"));
    const where = await confine(root, path);
    if (where.kind === "missing") return null;
    if (where.kind === "outside") {
      warn?.(`${path} leads outside the run (to ${where.real}); not embedded in report.html`);
      return null;
    }
    return await Deno.readTextFile(where.real).catch(() => null);
  };
  let used = 0;
  for (let i = 0; i < paths.length && used < budget; i += BATCH) {
    const batch = paths.slice(i, i + BATCH);
    const texts = await Promise.all(batch.map(read));
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
