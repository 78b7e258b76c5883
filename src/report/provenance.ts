/**
 * The manifest's provenance stamp (docs/reports.md#manifestjson): identifies the executed scenarios
 * and the tooling so runs can be grouped by identity. Never part of a verdict.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { VERSION } from "../version.ts";
import type { Provenance } from "./model.ts";

/**
 * `"sha256:" + hex(sha256(text))` of the executed scenario.yaml.
 *
 * @example
 * ```ts
 * scenarioHash(""); // "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
 * ```
 */
export function scenarioHash(scenarioYaml: string): string {
  return "sha256:" + createHash("sha256").update(scenarioYaml, "utf8").digest("hex");
}

/**
 * The stamp; optional parts are omitted (not null) when unknown.
 *
 * @example
 * ```ts
 * buildProvenance({ scenarioYaml: "- name: x\n  steps: []\n" }).scenarioHash; // "sha256:…"
 * ```
 */
export function buildProvenance(args: {
  scenarioYaml: string;
  gitRevision?: string | null;
  configSource?: Provenance["configSource"];
  uploadExec?: Provenance["uploadExec"];
  toolVersion?: string;
}): Provenance {
  const p: Provenance = {
    scenarioHash: scenarioHash(args.scenarioYaml),
    toolVersion: args.toolVersion ?? VERSION,
  };
  if (args.gitRevision) p.gitRevision = args.gitRevision;
  if (args.configSource) p.configSource = args.configSource;
  if (args.uploadExec) p.uploadExec = args.uploadExec;
  return p;
}

/**
 * `git rev-parse HEAD` in `cwd`, or null when git is absent or `cwd` is not a checkout.
 *
 * @example
 * ```ts
 * await readGitRevision("/work/project"); // "3f2a9c1…", or null outside a git checkout
 * ```
 */
export async function readGitRevision(cwd = "."): Promise<string | null> {
  try {
    const out = await new Deno.Command("git", {
      args: ["rev-parse", "HEAD"],
      cwd,
      stdout: "piped",
      stderr: "null",
    }).output();
    const rev = new TextDecoder().decode(out.stdout).trim();
    return out.success && rev ? rev : null;
  } catch {
    return null;
  }
}
