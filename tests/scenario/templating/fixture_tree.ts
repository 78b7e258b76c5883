/**
 * Test helper: builds a suite tree in a fresh temp dir and parses its top-level scenario file.
 *
 * @module
 */
import { dirname, join } from "node:path";
import { parseYamlFile } from "../../../src/yaml/parse.ts";
import { getEntry, type PNode } from "../../../src/yaml/pnode.ts";
import type { TemplatingContext } from "../../../src/scenario/templating/context.ts";

/** A temp suite: `root` is the suite root, `top` the scenario file (default `main.yaml`). */
export interface Tree {
  root: string;
  ctx: TemplatingContext;
  /** The first scenario of the top-level file. */
  scenario: PNode;
  /** Every scenario of the top-level file. */
  scenarios: PNode[];
  /** Removes the temp dir (and anything created next to it under `outer`). */
  dispose(): Promise<void>;
  /** A dir beside the suite root (outside it), for escape tests. */
  outer: string;
}

/**
 * Writes `files` (relative path → text) under `<tmp>/suite` and parses `top` from there.
 * The suite root is `<tmp>/suite`; `<tmp>/outside` exists for escape tests.
 */
export async function makeTree(
  files: Record<string, string>,
  top = "main.yaml",
): Promise<Tree> {
  const tmp = await Deno.realPath(await Deno.makeTempDir({ prefix: "bajutsu-tpl-" }));
  const root = join(tmp, "suite");
  const outer = join(tmp, "outside");
  await Deno.mkdir(root);
  await Deno.mkdir(outer);
  for (const [rel, text] of Object.entries(files)) {
    const path = rel.startsWith("../outside/") ? join(outer, rel.slice(11)) : join(root, rel);
    await Deno.mkdir(dirname(path), { recursive: true });
    await Deno.writeTextFile(path, text);
  }
  const topFile = join(root, top);
  const parsed = await parseYamlFile(topFile);
  if (parsed.errors.length > 0 || !parsed.node) {
    throw new Error(`fixture ${top} did not parse: ${JSON.stringify(parsed.errors)}`);
  }
  const list = parsed.node.kind === "seq" ? parsed.node : getEntry(parsed.node, "scenarios")?.value;
  if (list?.kind !== "seq") throw new Error("fixture has no scenario list");
  return {
    root,
    outer,
    ctx: { rootDir: root, topFile },
    scenario: list.items[0],
    scenarios: list.items,
    dispose: () => Deno.remove(tmp, { recursive: true }),
  };
}

/** Runs `fn` over a fresh tree and always cleans up. */
export async function withTree(
  files: Record<string, string>,
  fn: (t: Tree) => Promise<void>,
  top?: string,
): Promise<void> {
  const t = await makeTree(files, top);
  try {
    await fn(t);
  } finally {
    await t.dispose();
  }
}
