/**
 * Every error code the documents name (`E_…` in docs/ and README.md) is one the code can emit: it
 * opens a string literal somewhere in src/ (`code = "E_X"`, `` `E_X ${message}` ``). A code that
 * appears only in a comment, or nowhere, is a promise the product does not keep.
 */
import assert from "node:assert/strict";
import { join } from "node:path";

const ROOT = new URL("../../", import.meta.url).pathname;

/** The error codes a text names. */
export function codesNamed(text: string): Set<string> {
  return new Set(text.match(/\bE_[A-Z][A-Z0-9_]*\b/g) ?? []);
}

/** The codes that open a string literal in `source` (comments do not count). */
export function codesEmitted(source: string): Set<string> {
  return new Set(
    [...source.matchAll(/["'`](E_[A-Z][A-Z0-9_]*)\b/g)].map((m) => m[1]),
  );
}

async function filesUnder(dir: string, ext: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) out.push(...await filesUnder(p, ext));
    else if (e.name.endsWith(ext)) out.push(p);
  }
  return out.sort();
}

Deno.test("codesEmitted: a code in a string literal counts, one in a comment does not", () => {
  const source = `// E_IN_COMMENT is not emitted
    override readonly code = "E_QUOTED";
    io.stderr(\`E_TEMPLATE \${message}\`);
    const x = 'E_SINGLE';`;
  assert.deepEqual(
    [...codesEmitted(source)].sort(),
    ["E_QUOTED", "E_SINGLE", "E_TEMPLATE"],
  );
  assert.deepEqual([...codesNamed("fails with `E_X_Y`, then E_Z.")], ["E_X_Y", "E_Z"]);
});

Deno.test("every error code named in docs/ and README.md is one src/ can emit", async () => {
  const emitted = new Set<string>();
  for (const file of await filesUnder(join(ROOT, "src"), ".ts")) {
    for (const code of codesEmitted(await Deno.readTextFile(file))) emitted.add(code);
  }
  const docs = [join(ROOT, "README.md"), ...await filesUnder(join(ROOT, "docs"), ".md")];
  const unknown: string[] = [];
  for (const file of docs) {
    for (const code of codesNamed(await Deno.readTextFile(file))) {
      if (!emitted.has(code)) unknown.push(`${file.slice(ROOT.length)}: ${code}`);
    }
  }
  assert.ok(emitted.size > 50, `only ${emitted.size} codes found in src/`);
  assert.deepEqual(unknown, []);
});
