/**
 * The module graph of an entry as `deno info --json` reports it, and the modules a process loads
 * at start: the closure over static imports only (a `await import()` is loaded when it runs).
 *
 * @module
 */
import { fileURLToPath } from "node:url";

interface Dependency {
  specifier: string;
  code?: { specifier: string };
  isDynamic?: boolean;
}

interface GraphModule {
  specifier: string;
  dependencies?: Dependency[];
  npmPackage?: string;
}

/** A module graph keyed by resolved specifier. */
export interface ModuleGraph {
  modules: Map<string, GraphModule>;
  redirects: Record<string, string>;
  root: string;
}

/** The repository root (this file lives in `<root>/tests/support`). */
export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** `deno info --json <entry>` of a file relative to the repository root. */
export async function moduleGraph(entry: string): Promise<ModuleGraph> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    cwd: REPO_ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (out.code !== 0) throw new Error(new TextDecoder().decode(out.stderr));
  const info = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    roots: string[];
    modules: GraphModule[];
    redirects?: Record<string, string>;
  };
  return {
    modules: new Map(info.modules.map((m) => [m.specifier, m])),
    redirects: info.redirects ?? {},
    root: info.roots[0],
  };
}

function resolved(graph: ModuleGraph, specifier: string): string {
  return graph.redirects[specifier] ?? specifier;
}

/** The file URL of a repository path (`src/cli/commands/lint.ts`). */
export function repoUrl(path: string): string {
  return new URL(path, `file://${REPO_ROOT}`).href;
}

/** Every module `roots` load before any of their code runs (static imports, transitively). */
export function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = roots.map((r) => resolved(graph, r));
  while (stack.length > 0) {
    const specifier = resolved(graph, stack.pop()!);
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dep of graph.modules.get(specifier)?.dependencies ?? []) {
      if (!dep.isDynamic && dep.code) stack.push(dep.code.specifier);
    }
  }
  return seen;
}

/** The modules `specifier` imports with `await import(…)`. */
export function dynamicImportsOf(graph: ModuleGraph, specifier: string): string[] {
  const deps = graph.modules.get(resolved(graph, specifier))?.dependencies ?? [];
  return deps.filter((d) => d.isDynamic && d.code).map((d) => d.code!.specifier);
}

/** A loaded set shown as repository paths and npm package names, for assertion messages. */
export function describe(loaded: Iterable<string>): string[] {
  const root = `file://${REPO_ROOT}`;
  return [...loaded].map((s) => s.startsWith(root) ? s.slice(root.length) : s).sort();
}
