/**
 * report.html as serve shows it: rendered by this build's renderer from the run's manifest.json
 * (and scenario.yaml), so a run recorded by an older bajutsu opens with the current report
 * features. When the stored file differs from the fresh rendering (an older renderer wrote it),
 * it is rewritten in place; when rendering fails, the stored file is served as it is.
 *
 * @module
 */
import { join } from "node:path";
import { writeFileAtomic } from "../evidence/atomic_write.ts";
import { DEFAULT_TREE_BUDGET, loadElementTrees } from "../report/embedded_trees.ts";
import { renderReport } from "../report/html/render.ts";
import { parseManifest } from "../report/load.ts";

async function stampOf(path: string): Promise<string> {
  try {
    const st = await Deno.stat(path);
    return `${st.mtime?.getTime() ?? 0}:${st.size}`;
  } catch {
    return "-";
  }
}

/** Renders report pages, remembering the last rendering of each run until its inputs change. */
export class ReportViews {
  readonly #cache = new Map<string, { stamp: string; html: string }>();

  /**
   * The report page of the run in `runDir`, or null when it cannot be rendered (no or broken
   * manifest): the caller then serves the stored file, if any.
   */
  async render(runDir: string): Promise<string | null> {
    const manifestPath = join(runDir, "manifest.json");
    const yamlPath = join(runDir, "scenario.yaml");
    const stamp = `${await stampOf(manifestPath)}|${await stampOf(yamlPath)}`;
    const cached = this.#cache.get(runDir);
    if (cached?.stamp === stamp) return cached.html;
    let html: string;
    try {
      const manifest = parseManifest(await Deno.readTextFile(manifestPath), manifestPath);
      const scenarioYaml = await Deno.readTextFile(yamlPath).catch(() => undefined);
      const elementTrees = await loadElementTrees(runDir, manifest, DEFAULT_TREE_BUDGET);
      html = renderReport(manifest, { elementTrees, scenarioYaml });
    } catch {
      return null;
    }
    const stored = join(runDir, "report.html");
    const current = await Deno.readTextFile(stored).catch(() => null);
    if (current !== html) {
      // A newer renderer: keep the file on disk in step, so it also opens right from disk.
      await writeFileAtomic(stored, html, 0o600).catch(() => {});
    }
    this.#cache.set(runDir, { stamp, html });
    return html;
  }
}
