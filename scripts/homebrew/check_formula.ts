/**
 * A Ruby-free structural check of a generated Homebrew formula (docs/install.md#homebrew): the
 * blocks open and close in order, each platform block has one https `url` of its own target's
 * archive and one 64-hex `sha256`, the description follows Homebrew's rules, `install` puts the
 * binary in `bin`, and `test do` runs `--version` and `lint`. The release workflow runs this on
 * Linux before `brew audit --strict` on macOS; tests run it here, where there is no Ruby.
 *
 * `deno run -A scripts/homebrew/check_formula.ts bajutsu.rb [SHA256SUMS]`
 *
 * @module
 */
import { parseSums } from "../release/package.ts";
import { PLATFORMS } from "./formula.ts";

/** One formula problem: the line (1-based, 0 for the whole file) and what is wrong. */
export interface FormulaProblem {
  line: number;
  message: string;
}

interface Block {
  opener: string;
  indent: number;
  line: number;
  /** Statements directly inside, with their line numbers. */
  body: Array<{ text: string; line: number }>;
  children: Block[];
}

/** Homebrew's line-length limit for formulae (rubocop; a `url` line may run over). */
const MAX_LINE = 118;
const OPENER = /^(class \w+ < Formula|def \w+|[a-z_]+ do)$/;

/** Parses the block structure; problems for bad indentation or unbalanced `end`s. */
function parseBlocks(lines: string[], problems: FormulaProblem[]): Block {
  const root: Block = { opener: "", indent: -2, line: 0, body: [], children: [] };
  const stack: Block[] = [root];
  lines.forEach((raw, i) => {
    const n = i + 1;
    if (/\t/.test(raw)) problems.push({ line: n, message: "tab character" });
    if (/\s$/.test(raw)) problems.push({ line: n, message: "trailing whitespace" });
    if (raw.length > MAX_LINE && !/^\s*url "/.test(raw)) {
      problems.push({ line: n, message: `longer than ${MAX_LINE}` });
    }
    const text = raw.trim();
    if (text === "" || text.startsWith("#")) return;
    const indent = raw.length - raw.trimStart().length;
    const top = stack[stack.length - 1];
    if (text === "end") {
      if (stack.length === 1) problems.push({ line: n, message: "`end` without a block" });
      else if (indent !== top.indent) {
        problems.push({ line: n, message: `\`end\` indented ${indent}, its block ${top.indent}` });
        stack.pop();
      } else stack.pop();
      return;
    }
    if (indent !== top.indent + 2) {
      problems.push({ line: n, message: `indented ${indent}, expected ${top.indent + 2}` });
    }
    if (OPENER.test(text)) {
      const block: Block = { opener: text, indent, line: n, body: [], children: [] };
      top.children.push(block);
      stack.push(block);
    } else top.body.push({ text, line: n });
  });
  for (const open of stack.slice(1)) {
    problems.push({ line: open.line, message: `\`${open.opener}\` is never closed` });
  }
  return root;
}

/** A double-quoted string argument of `keyword`, or null. */
function argument(text: string, keyword: string): string | null {
  const m = new RegExp(`^${keyword} "([^"\\\\]*)"$`).exec(text);
  return m ? m[1] : null;
}

/** The problems of a formula; with `sums`, also checks each sha256 against its archive's. */
export function checkFormula(
  text: string,
  sums?: ReadonlyMap<string, string>,
): FormulaProblem[] {
  const problems: FormulaProblem[] = [];
  if (!text.endsWith("\n")) problems.push({ line: 0, message: "no final newline" });
  const root = parseBlocks(text.replace(/\n$/, "").split("\n"), problems);
  const formula = root.children.find((b) => b.opener === "class Bajutsu < Formula");
  if (!formula || root.children.length !== 1 || root.body.length !== 0) {
    problems.push({ line: 0, message: "expected one `class Bajutsu < Formula` and nothing else" });
    return problems;
  }
  const stmt = (keyword: string) => formula.body.find((s) => s.text.startsWith(`${keyword} `));

  const desc = stmt("desc");
  const descText = desc ? argument(desc.text, "desc") : null;
  if (descText === null) problems.push({ line: desc?.line ?? 0, message: "no desc string" });
  else {
    if (descText.length > 80) problems.push({ line: desc!.line, message: "desc over 80 chars" });
    if (/^(a|an|the)\b/i.test(descText) || /^bajutsu\b/i.test(descText)) {
      problems.push({ line: desc!.line, message: "desc starts with an article or the name" });
    }
    if (descText.endsWith(".")) problems.push({ line: desc!.line, message: "desc ends with ." });
  }
  const homepage = stmt("homepage");
  if (!homepage || !/^https:\/\//.test(argument(homepage.text, "homepage") ?? "")) {
    problems.push({ line: homepage?.line ?? 0, message: "homepage is not an https URL" });
  }

  const versions = new Set<string>();
  const seen = new Set<string>();
  for (const os of formula.children.filter((b) => b.opener.startsWith("on_"))) {
    for (const cpu of os.children) {
      const platform = PLATFORMS.find((p) =>
        `${p.os} do` === os.opener && `${p.cpu} do` === cpu.opener
      );
      if (!platform) {
        problems.push({
          line: cpu.line,
          message: `unexpected \`${cpu.opener}\` in \`${os.opener}\``,
        });
        continue;
      }
      seen.add(platform.target);
      const urls = cpu.body.filter((s) => s.text.startsWith("url "));
      const shas = cpu.body.filter((s) => s.text.startsWith("sha256 "));
      if (urls.length !== 1 || shas.length !== 1 || cpu.body.length !== 2) {
        problems.push({ line: cpu.line, message: "a platform block needs one url and one sha256" });
        continue;
      }
      const url = argument(urls[0].text, "url") ?? "";
      const m = new RegExp(`^https://\\S+/bajutsu-([^/]+)-${platform.target}\\.tar\\.gz$`).exec(
        url,
      );
      if (!m) {
        problems.push({ line: urls[0].line, message: `url is not the ${platform.target} archive` });
        continue;
      }
      versions.add(m[1]);
      const sha = argument(shas[0].text, "sha256") ?? "";
      if (!/^[0-9a-f]{64}$/.test(sha)) {
        problems.push({ line: shas[0].line, message: "sha256 is not 64 hex digits" });
      } else if (sums) {
        const name = url.slice(url.lastIndexOf("/") + 1);
        if (sums.get(name) !== sha) {
          problems.push({
            line: shas[0].line,
            message: `sha256 differs from SHA256SUMS for ${name}`,
          });
        }
      }
    }
  }
  for (const p of PLATFORMS) {
    if (!seen.has(p.target)) problems.push({ line: 0, message: `no block for ${p.target}` });
  }
  if (versions.size > 1) problems.push({ line: 0, message: `urls disagree on the version` });

  const install = formula.children.find((b) => b.opener === "def install");
  if (!install?.body.some((s) => s.text === 'bin.install "bajutsu"')) {
    problems.push({
      line: install?.line ?? 0,
      message: 'install does not `bin.install "bajutsu"`',
    });
  }
  const test = formula.children.find((b) => b.opener === "test do");
  const testText = test?.body.map((s) => s.text).join("\n") ?? "";
  if (!/bajutsu --version/.test(testText) || !/bajutsu lint /.test(testText)) {
    problems.push({ line: test?.line ?? 0, message: "test do must run --version and lint" });
  }
  return problems;
}

if (import.meta.main) {
  const [formulaPath, sumsPath] = Deno.args;
  if (!formulaPath) {
    console.error("usage: check_formula.ts bajutsu.rb [SHA256SUMS]");
    Deno.exit(2);
  }
  const sums = sumsPath ? parseSums(await Deno.readTextFile(sumsPath)) : undefined;
  const problems = checkFormula(await Deno.readTextFile(formulaPath), sums);
  for (const p of problems) console.error(`${formulaPath}:${p.line}: ${p.message}`);
  if (problems.length > 0) Deno.exit(1);
  console.log(`${formulaPath}: ok`);
}
