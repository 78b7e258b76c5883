/**
 * Every YAML example of docs/scenario-language.md is a file `bajutsu lint` accepts. Blocks whose
 * fence says `file=<path>` are the files other examples refer to (components, CSV data, setup
 * preludes); every other YAML block is a scenario file of its own.
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { loadScenarioFile } from "../../src/scenario/load.ts";
import { formatLoadError } from "../../src/yaml/load_error.ts";

const DOC = new URL("../../docs/scenario-language.md", import.meta.url);

interface Block {
  lang: string;
  file: string | null;
  text: string;
  line: number;
}

function fencedBlocks(markdown: string): Block[] {
  const out: Block[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w+)(?:\s+file=(\S+))?\s*$/.exec(lines[i]);
    if (!open) continue;
    const start = i + 1;
    while (i + 1 < lines.length && lines[i + 1] !== "```") i++;
    out.push({
      lang: open[1],
      file: open[2] ?? null,
      text: lines.slice(start, i + 1).join("\n") + "\n",
      line: start,
    });
    i++;
  }
  return out;
}

Deno.test("every YAML example of docs/scenario-language.md loads without an error", async () => {
  const blocks = fencedBlocks(await Deno.readTextFile(DOC));
  const examples = blocks.filter((b) => b.lang === "yaml" && b.file === null);
  assert.ok(examples.length >= 25, `only ${examples.length} examples`);
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-doc-examples-" });
  try {
    for (const b of blocks.filter((b) => b.file !== null)) {
      const path = join(dir, b.file!);
      await Deno.mkdir(dirname(path), { recursive: true });
      await Deno.writeTextFile(path, b.text);
    }
    const problems: string[] = [];
    for (const b of examples) {
      const path = join(dir, `example-line-${b.line}.yaml`);
      await Deno.writeTextFile(path, b.text);
      const outcome = await loadScenarioFile(path, { rootDir: dir });
      for (const e of outcome.errors) problems.push(`docs line ${b.line}: ${formatLoadError(e)}`);
      if (
        outcome.errors.length === 0 && outcome.scenarios.length === 0 && !/data: \[\]/.test(b.text)
      ) {
        problems.push(`docs line ${b.line}: no scenario loaded`);
      }
    }
    assert.deepEqual(problems, []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
