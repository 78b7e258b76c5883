/** `bajutsu run` output with hostile author text: no control characters, no workflow commands. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runFake, tempDir } from "./run_fixture.ts";

// YAML escapes: \n newline, \r carriage return, \e ESC, \u202E right-to-left override, \x9B CSI.
const NAME = String.raw`login\n::add-mask::x\r\n::error file=a,line=1::pwned \e[2J\u202Eevil\x9B`;
const LABEL = String.raw`press OK\n::warning::fake\e]0;title\a`;

Deno.test("run: hostile names and labels reach stdout/stderr escaped, never as workflow commands", async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const file = join(dir, "evil.yaml");
    await Deno.writeTextFile(
      file,
      `- name: "${NAME}"\n  steps:\n    - name: "${NAME}"\n      tap: { id: getStarted }\n` +
        `    - manual: { label: "${LABEL}" }\n`,
    );
    const r = await runFake(
      { runsDir: join(dir, "runs"), scenarios: [file] },
      { GITHUB_ACTIONS: "true" },
    );
    assert.equal(r.code, 1, r.err.join("\n"));
    const failure = r.manifest!.scenarios[0].failure as string;
    assert.match(failure, /manual takeover step: press OK\n::warning::fake/, "stored as written");
    const printed = [...r.out, ...r.err, ...r.progress];
    for (const chunk of printed) {
      assert.ok(
        // deno-lint-ignore no-control-regex
        !/[\x00-\x1f\x7f-\x9f\u202e]/.test(chunk),
        `raw control in ${JSON.stringify(chunk)}`,
      );
    }
    // The only workflow command is our own annotation, which starts its line.
    const commands = printed.filter((l) => l.includes("::error") || l.includes("::warning"))
      .filter((l) => l.startsWith("::"));
    assert.equal(commands.length, 1, commands.join("\n"));
    assert.match(commands[0], /^::error file=[^:,]*evil\.yaml,line=5::step 1 \(manual\)/);
    assert.ok(commands[0].includes("press OK%0A::warning::fake\\x1b]0;title\\x07"), commands[0]);
    assert.ok(
      r.progress.some((l) =>
        l.startsWith(
          "▶ scenario 1/1: login\\n::add-mask::x\\r\\n::error file=a,line=1::pwned \\x1b[2J\\u{202e}evil\\x9b",
        )
      ),
      r.progress.join("\n"),
    );
  } finally {
    await cleanup();
  }
});
