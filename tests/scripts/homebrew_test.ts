/**
 * scripts/homebrew: the formula rendered from fixture checksums (tests/fixtures/release) matches
 * the reviewed copy and passes the structural check; broken formulae are caught.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { archiveUrl, FormulaError, renderFormula } from "../../scripts/homebrew/formula.ts";
import { checkFormula } from "../../scripts/homebrew/check_formula.ts";
import { parseSums } from "../../scripts/release/package.ts";
import { REPO_ROOT } from "../support/module_graph.ts";

const FIXTURES = join(REPO_ROOT, "tests/fixtures/release");
const sums = parseSums(await Deno.readTextFile(join(FIXTURES, "SHA256SUMS")));
const input = { version: "1.2.3", repo: "example/bajutsu", sums };

Deno.test("formula: rendered from fixture checksums, as reviewed in tests/fixtures/release", async () => {
  const text = renderFormula(input);
  assert.equal(text, await Deno.readTextFile(join(FIXTURES, "bajutsu.rb")));
  assert.deepEqual(checkFormula(text, sums), []);
});

Deno.test("formula: each platform block holds its own archive and checksum", () => {
  const text = renderFormula(input);
  const cases: Array<[string, string, string]> = [
    ["on_macos", "on_arm", "aarch64-apple-darwin"],
    ["on_macos", "on_intel", "x86_64-apple-darwin"],
    ["on_linux", "on_arm", "aarch64-unknown-linux-gnu"],
    ["on_linux", "on_intel", "x86_64-unknown-linux-gnu"],
  ];
  for (const [os, cpu, target] of cases) {
    const url = archiveUrl("example/bajutsu", "1.2.3", target);
    assert.equal(
      url,
      `https://github.com/example/bajutsu/releases/download/v1.2.3/bajutsu-1.2.3-${target}.tar.gz`,
    );
    const sha = sums.get(`bajutsu-1.2.3-${target}.tar.gz`)!;
    const block = new RegExp(
      `  ${os} do\\n(?:    .*\\n|\\n)*?    ${cpu} do\\n      url "${
        url.replaceAll(".", "\\.")
      }"\\n` +
        `      sha256 "${sha}"\\n    end\\n`,
    );
    assert.match(text, block, `${os}/${cpu}`);
  }
  assert.match(text, /^ {4}bin\.install "bajutsu"$/m);
  assert.match(
    text,
    /^ {2}test do\n.*bajutsu --version.*\n.*bajutsu lint .*examples\/hello\.yaml/m,
  );
});

Deno.test("formula: the structural check catches what brew audit would", () => {
  const good = renderFormula(input);
  const problems = (text: string, s = sums) => checkFormula(text, s).map((p) => p.message);

  const [a, b] = [...sums.values()];
  const swapped = good.replace(a, "@").replace(b, a).replace("@", b);
  assert.ok(problems(swapped).some((m) => m.startsWith("sha256 differs from SHA256SUMS")));

  const unclosed = good.replace("    end\n  end\n\n  on_linux", "    end\n\n  on_linux");
  assert.ok(problems(unclosed).length > 0);

  const wrongArchive = good.replace(
    "bajutsu-1.2.3-aarch64-apple-darwin.tar.gz",
    "bajutsu-1.2.3-x86_64-apple-darwin.tar.gz",
  );
  assert.ok(problems(wrongArchive).includes("url is not the aarch64-apple-darwin archive"));

  const noTest = good.replace(/ {2}test do\n[\s\S]*? {2}end\n/, "");
  assert.ok(problems(noTest).includes("test do must run --version and lint"));

  const badDesc = good.replace(/desc "[^"]*"/, 'desc "A runner."');
  assert.ok(problems(badDesc).includes("desc starts with an article or the name"));
  assert.ok(problems(badDesc).includes("desc ends with ."));

  const tabbed = good.replace('    bin.install "bajutsu"', '\tbin.install "bajutsu"');
  assert.ok(problems(tabbed).includes("tab character"));

  const shortSha = good.replace(a, "abc");
  assert.ok(problems(shortSha).includes("sha256 is not 64 hex digits"));
});

Deno.test("formula: a target missing from SHA256SUMS or a bad version is an error", () => {
  const partial = new Map([...sums].slice(1));
  assert.throws(() => renderFormula({ ...input, sums: partial }), FormulaError);
  assert.throws(() => renderFormula({ ...input, version: "latest" }), /version must look like/);
  assert.throws(() => renderFormula({ ...input, repo: "not a repo" }), /owner\/name/);
});

Deno.test("formula: the CLI writes the file from a SHA256SUMS path", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const out = join(dir, "bajutsu.rb");
    const run = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        join(REPO_ROOT, "scripts/homebrew/formula.ts"),
        "--version",
        "v1.2.3",
        "--sums",
        join(FIXTURES, "SHA256SUMS"),
        "--repo",
        "example/bajutsu",
        "--out",
        out,
      ],
      stderr: "piped",
    }).output();
    assert.equal(run.code, 0, new TextDecoder().decode(run.stderr));
    assert.equal(await Deno.readTextFile(out), renderFormula(input));
    const check = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", join(REPO_ROOT, "scripts/homebrew/check_formula.ts"), out],
      stdout: "piped",
    }).output();
    assert.equal(check.code, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
