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

/** What to send for a report: the file on disk, or a rendering that could not be stored. */
export type ReportView = { kind: "file" } | { kind: "html"; html: string };

/**
 * Brings report pages up to date, remembering which runs are current (by the stamps of their
 * inputs) so an unchanged run is rendered once per server, and serving stays a file read.
 */
export class ReportViews {
  readonly #current = new Map<string, string>();

  /** Makes `<runDir>/report.html` current where it can; says what to serve. */
  async view(runDir: string): Promise<ReportView> {
    const manifestPath = join(runDir, "manifest.json");
    const yamlPath = join(runDir, "scenario.yaml");
    const stamp = `${await stampOf(manifestPath)}|${await stampOf(yamlPath)}`;
    if (this.#current.get(runDir) === stamp) return { kind: "file" };
    let html: string;
    try {
      const manifest = parseManifest(await Deno.readTextFile(manifestPath), manifestPath);
      const scenarioYaml = await Deno.readTextFile(yamlPath).catch(() => undefined);
      const elementTrees = await loadElementTrees(runDir, manifest, DEFAULT_TREE_BUDGET);
      html = renderReport(manifest, { elementTrees, scenarioYaml });
    } catch {
      return { kind: "file" }; // no or broken manifest: the stored page, if any
    }
    const stored = join(runDir, "report.html");
    if ((await Deno.readTextFile(stored).catch(() => null)) !== html) {
      try {
        // Written by an older renderer: keep the file in step, so it opens right from disk too.
        await writeFileAtomic(stored, html, 0o600);
      } catch {
        return { kind: "html", html };
      }
    }
    this.#current.set(runDir, stamp);
    return { kind: "file" };
  }
}
