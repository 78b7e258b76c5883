/** `bajutsu run --progress`: without a terminal every step is a line on stderr (serve's live log). */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url).pathname;

async function run(extra: string[]): Promise<string> {
  const runsDir = await Deno.makeTempDir({ prefix: "bajutsu-progress-" });
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        `${ROOT}main.ts`,
        "run",
        "--config",
        `${ROOT}tests/fixtures/serve/bajutsu.config.yaml`,
        "--target",
        "app",
        "--scenario",
        `${ROOT}tests/fixtures/serve/scenarios/sub/nested.yaml`,
        "--runs-dir",
        runsDir,
        ...extra,
      ],
      env: { NO_COLOR: "1" },
      stdin: "null",
    }).output();
    assert.equal(out.code, 0);
    return new TextDecoder().decode(out.stderr);
  } finally {
    await Deno.remove(runsDir, { recursive: true });
  }
}

Deno.test("--progress prints step lines when stderr is not a terminal; without it, none", async () => {
  const withSteps = await run(["--progress"]);
  assert.match(withSteps, /^00-nested-pass · step 0: tap$/m);
  assert.match(withSteps, /^✔ scenario 1\/1: nested pass/m);
  const without = await run([]);
  assert.ok(!without.includes("· step 0"), without);
  assert.match(without, /^✔ scenario 1\/1: nested pass/m);
});
