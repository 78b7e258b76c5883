/**
 * Comments cite documents inside the repository only (`docs/<file>.md`, optionally
 * `#<anchor>`), so a reader can follow every reference. This scans the comments of src/, tests/,
 * bench/ and scripts/, and the links of docs/ and README.md, for `*.md` citations, and fails when
 * the file does not exist or the anchor names no heading of it (GitHub's heading slugs).
 */
import assert from "node:assert/strict";
import { dirname, join, relative } from "node:path";

const ROOT = new URL("../../", import.meta.url).pathname;
const CODE_DIRS = ["src", "tests", "bench", "scripts"];

/** The text of every comment of a TypeScript/JavaScript source, with its line. */
export function comments(source: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let line = 1;
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    if (c === "\n") {
      line++;
      i++;
    } else if (c === "/" && source[i + 1] === "/") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? n : end;
      out.push({ text: source.slice(i + 2, stop), line });
      i = stop;
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? n : end;
      const text = source.slice(i + 2, stop);
      out.push({ text, line });
      line += text.split("\n").length - 1;
      i = stop + 2;
    } else if (c === '"' || c === "'" || c === "`") {
      // Skip a string; a template literal may span lines.
      i++;
      while (i < n && source[i] !== c) {
        if (source[i] === "\\") i++;
        else if (source[i] === "\n") {
          if (c !== "`") break;
          line++;
        }
        i++;
      }
      i++;
    } else i++;
  }
  return out;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a markdown file (a repeated heading gets -1, -2 …). */
function anchorsOf(markdown: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count === 0 ? base : `${base}-${count}`);
  }
  return out;
}

const CITATION = /(?<![\w/.-])((?:\.{1,2}\/|\/)?[\w./-]*\w\.md)(?:#([\w-]+))?/g;

/** What is wrong with citing `path#anchor` from `from` (a repository file); null when fine. */
function problem(from: string, path: string, anchor: string | undefined): string | null {
  const file = path.startsWith("./") || path.startsWith("../")
    ? join(dirname(join(ROOT, from)), path)
    : join(ROOT, path.replace(/^\//, ""));
  let text: string;
  try {
    text = Deno.readTextFileSync(file);
  } catch {
    return `${path} is not a file in the repository`;
  }
  if (anchor !== undefined && !anchorsOf(text).has(anchor)) {
    return `${path} has no heading #${anchor}`;
  }
  return null;
}

function* files(dir: string, ext: RegExp): Generator<string> {
  for (const e of Deno.readDirSync(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) yield* files(path, ext);
    else if (ext.test(e.name)) yield path;
  }
}

Deno.test("every *.md a comment cites exists, with the heading its #anchor names", () => {
  const found: string[] = [];
  for (const dir of CODE_DIRS) {
    for (const file of files(join(ROOT, dir), /\.(ts|js|mjs)$/)) {
      const rel = relative(ROOT, file);
      for (const c of comments(Deno.readTextFileSync(file))) {
        for (const m of c.text.matchAll(CITATION)) {
          const why = problem(rel, m[1], m[2]);
          const line = c.line + c.text.slice(0, m.index).split("\n").length - 1;
          if (why) found.push(`${rel}:${line}: ${why}`);
        }
      }
    }
  }
  assert.deepEqual(found, []);
});

Deno.test("every relative link in docs/ and README.md leads to a file and heading that exist", () => {
  const found: string[] = [];
  const markdown = [...files(join(ROOT, "docs"), /\.md$/), join(ROOT, "README.md")];
  for (const file of markdown) {
    const rel = relative(ROOT, file);
    const text = Deno.readTextFileSync(file);
    for (const m of text.matchAll(/\]\(([^)\s]*)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/.test(target)) continue; // http:, https:, mailto:
      const [path, anchor] = target.split("#");
      if (path === "") {
        if (!anchorsOf(text).has(anchor)) found.push(`${rel}: no heading #${anchor}`);
        continue;
      }
      if (!path.endsWith(".md")) {
        try {
          Deno.statSync(join(dirname(file), path));
        } catch {
          found.push(`${rel}: ${path} does not exist`);
        }
        continue;
      }
      const why = problem(rel, `./${path.replace(/^\.\//, "")}`, anchor);
      if (why) found.push(`${rel}: ${why}`);
    }
  }
  assert.deepEqual(found, []);
});

Deno.test("the scanner reads comments only, and slugs headings as GitHub does", () => {
  const src = 'const a = "see nowhere.md"; // see docs/cli.md#exit-codes\n/* and runner.md */';
  assert.deepEqual(comments(src).map((c) => c.text.trim()), [
    "see docs/cli.md#exit-codes",
    "and runner.md",
  ]);
  assert.equal(slug("`.env` file"), "env-file");
  assert.equal(slug("manifest.json"), "manifestjson");
  assert.equal(slug("Lifecycle: before and after"), "lifecycle-before-and-after");
  assert.equal(
    slug("The WebDriver client (shared by iOS, Android and remote backends)"),
    "the-webdriver-client-shared-by-ios-android-and-remote-backends",
  );
  assert.equal(
    problem("src/x.ts", "runner.md", undefined),
    "runner.md is not a file in the repository",
  );
  assert.equal(
    problem("src/x.ts", "docs/cli.md", "no-such"),
    "docs/cli.md has no heading #no-such",
  );
  assert.equal(problem("src/x.ts", "docs/cli.md", "exit-codes"), null);
});
