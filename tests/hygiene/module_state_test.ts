/**
 * No module-level mutable state in src/ (the house style): state lives in objects a caller
 * creates and passes (a run's atomic-write registry, a driver's scan counter), so two runs in
 * one process, or two tests, never share it. This scans for the shapes that would hold it: a
 * top-level `let`/`var`, a top-level Map/Set/WeakMap/WeakSet not typed read-only, and a
 * non-readonly `static` class field. Browser scripts that serve embeds as text
 * (src/serve/page/*_js.ts) run in the page, not here, and are skipped.
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";

const SRC = new URL("../../src/", import.meta.url).pathname;

const SHAPES: ReadonlyArray<[RegExp, string]> = [
  [/^(?:export\s+)?(?:let|var)\s+\w+/m, "a top-level let/var"],
  [
    /^(?:export\s+)?const\s+\w+\s*(?::(?!\s*(?:Readonly|Keep\b))[^=]+)?=\s*new\s+(?:Map|Set|WeakMap|WeakSet)\b/m,
    "a top-level collection not typed read-only",
  ],
  [/^\s+static\s+(?!readonly\b)(?!async\b)(?!\w+\s*\()#?\w+\s*[:=]/m, "a static mutable field"],
];

function* sources(dir: string): Generator<string> {
  for (const e of Deno.readDirSync(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) yield* sources(path);
    else if (e.name.endsWith(".ts")) yield path;
  }
}

Deno.test("src/ holds no module-level mutable state", () => {
  const found: string[] = [];
  for (const file of sources(SRC)) {
    const rel = relative(SRC, file);
    if (/^serve\/page\/\w+_js\.ts$/.test(rel)) continue;
    const text = Deno.readTextFileSync(file);
    for (const [shape, what] of SHAPES) {
      const m = shape.exec(text);
      if (m) found.push(`src/${rel}: ${what}: ${m[0].trim()}`);
    }
  }
  assert.deepEqual(found, []);
});
