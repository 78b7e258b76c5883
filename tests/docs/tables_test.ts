/**
 * Every Markdown table of docs/ and README.md renders as written: each row has as many cells as
 * its header, and no cell holds half a code span. GitHub-flavoured Markdown splits a row on every
 * `|` that is not escaped as `\|` — inside code spans too — and then pads or drops cells silently,
 * so a `|` in a code span breaks its row without any warning (when the pieces happen to number as
 * many as the header's cells, only the cut code spans show it). The leading and trailing pipes
 * are optional. Fenced code blocks hold no tables.
 */
import assert from "node:assert/strict";
import { join } from "node:path";

const ROOT = new URL("../../", import.meta.url).pathname;

/** The cells of one table row by the GFM rules (unescaped `|` splits, outer pipes optional). */
export function cellsOf(line: string): string[] {
  let text = line.trim();
  if (text.startsWith("|")) text = text.slice(1);
  if (text.endsWith("|") && !escaped(text, text.length - 1)) text = text.slice(0, -1);
  const cells: string[] = [];
  let cell = "";
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "|" && !escaped(text, i)) {
      cells.push(cell.trim());
      cell = "";
    } else cell += text[i];
  }
  cells.push(cell.trim());
  return cells;
}

/** Whether the character at `i` follows an odd number of backslashes. */
function escaped(text: string, i: number): boolean {
  let n = 0;
  for (let j = i - 1; j >= 0 && text[j] === "\\"; j--) n++;
  return n % 2 === 1;
}

const DELIMITER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * Whether a cell opens a code span it does not close (a backtick run with no later run of the
 * same length): the mark of a span cut by a `|`.
 */
export function cutsCodeSpan(cell: string): boolean {
  let open: number | null = null;
  for (const run of cell.match(/`+/g) ?? []) {
    if (open === null) open = run.length;
    else if (run.length === open) open = null;
  }
  return open !== null;
}

/** One row whose cell count differs from its table's header, or that cuts a code span. */
export interface BrokenRow {
  line: number;
  header: number;
  cells: number;
  /** Some cell opens a code span it does not close. */
  cutSpan: boolean;
  text: string;
}

/** The rows of every table in `markdown` that do not have the header's number of cells. */
export function brokenRows(markdown: string): BrokenRow[] {
  const lines = markdown.split("\n");
  const broken: BrokenRow[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const fenceMark = FENCE.exec(lines[i])?.[1];
    if (fenceMark !== undefined) {
      if (fence === null) fence = fenceMark[0];
      else if (fenceMark[0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const next = lines[i + 1];
    if (!lines[i].includes("|") || next === undefined || !DELIMITER.test(next)) continue;
    const header = cellsOf(lines[i]).length;
    const check = (at: number) => {
      const cells = cellsOf(lines[at]);
      const cutSpan = cells.some(cutsCodeSpan);
      if (cells.length !== header || cutSpan) {
        broken.push({ line: at + 1, header, cells: cells.length, cutSpan, text: lines[at].trim() });
      }
    };
    check(i + 1);
    let j = i + 2;
    for (; j < lines.length && lines[j].trim() !== "" && lines[j].includes("|"); j++) check(j);
    i = j - 1;
  }
  return broken;
}

Deno.test("cellsOf: unescaped pipes split, in code spans too; \\| does not; outer pipes are optional", () => {
  assert.deepEqual(cellsOf("| `a` | b |"), ["`a`", "b"]);
  assert.deepEqual(cellsOf("a | b"), ["a", "b"]);
  assert.deepEqual(cellsOf("| `equals|contains` | x |"), ["`equals", "contains`", "x"]);
  assert.deepEqual(cellsOf("| `equals\\|contains` | x |"), ["`equals\\|contains`", "x"]);
  assert.deepEqual(
    brokenRows("| a | b |\n|---|---|\n| `x|y` | z |\n\n```\n| a |\n|---|\n| b | c |\n```\n"),
    [
      { line: 3, header: 2, cells: 3, cutSpan: true, text: "| `x|y` | z |" },
    ],
  );
});

Deno.test("cutsCodeSpan: a cell that opens a code span without closing it", () => {
  assert.equal(cutsCodeSpan("`{sel, equals"), true);
  assert.equal(cutsCodeSpan("matches}` (one)"), true);
  assert.equal(cutsCodeSpan("`a` and ``b`c``"), false);
  assert.equal(cutsCodeSpan("no code"), false);
  // As many pieces as the header has cells: only the cut spans show the break.
  assert.deepEqual(
    brokenRows("| a | b | c |\n|---|---|---|\n| `{x | y}` | z |\n").map((r) => r.cutSpan),
    [true],
  );
});

Deno.test("every table row in docs/ and README.md has as many cells as its header and cuts no code span", async () => {
  const files = ["README.md"];
  for await (const e of Deno.readDir(join(ROOT, "docs"))) {
    if (e.isFile && e.name.endsWith(".md")) files.push(join("docs", e.name));
  }
  const problems: string[] = [];
  for (const file of files.sort()) {
    for (const row of brokenRows(await Deno.readTextFile(join(ROOT, file)))) {
      const why = row.cutSpan
        ? "a code span cut by a |"
        : `${row.cells} cells, header has ${row.header}`;
      problems.push(`${file}:${row.line}: ${why}: ${row.text}`);
    }
  }
  assert.deepEqual(problems, []);
});
