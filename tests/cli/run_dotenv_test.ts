/** `bajutsu run` with a `.env` that is a directory or malformed: the real process, no stack trace. */
import assert from "node:assert/strict";
import { join } from "node:path";

const ROOT = new URL("../../", import.meta.url).pathname;

async function runWithDotenv(dotenv: string, runsDir: string) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "main.ts",
      "run",
      "--config",
      "tests/fixtures/fake_target/bajutsu.config.yaml",
      "--exclude",
      "broken",
      "--runs-dir",
      runsDir,
    ],
    cwd: ROOT,
    env: { LOGIN_PASSWORD: "hunter2", NO_COLOR: "1", BAJUTSU_DOTENV: dotenv },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

Deno.test("run: a .env directory is skipped with one warning line and the run goes on", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-dotenv-" });
  try {
    const venv = join(dir, ".env");
    await Deno.mkdir(join(venv, "bin"), { recursive: true });
    const r = await runWithDotenv(venv, join(dir, "runs"));
    assert.equal(r.code, 0, r.stderr);
    const warnings = r.stderr.split("\n").filter((l) => l.includes(".env"));
    assert.deepEqual(warnings, [
      `warning: ${venv} is a directory, not a .env file: not loaded (set BAJUTSU_DOTENV to load another file)`,
    ]);
    assert.match(r.stdout, /^PASS {2}/m);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("run: a .env holding a NUL byte is one coded line at its position and exit 2", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-dotenv-" });
  try {
    const path = join(dir, ".env");
    await Deno.writeTextFile(path, "A=1\nB=x\0y\n");
    const r = await runWithDotenv(path, join(dir, "runs"));
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr.trim(),
      `${path}:2:4: E_DOTENV a NUL byte: a .env file must be plain text`,
    );
    assert.equal(r.stdout, "");
    await assert.rejects(() => Deno.stat(join(dir, "runs")), Deno.errors.NotFound);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("run: .env values reach the run (a secret the scenario types) without being in the process environment", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-dotenv-" });
  try {
    const dotenv = `${dir}/test.env`;
    const { LOGIN_PASSWORD: _, ...withoutSecret } = Deno.env.toObject();
    await Deno.writeTextFile(dotenv, "LOGIN_PASSWORD=hunter2\n");
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "main.ts",
        "run",
        "--config",
        "tests/fixtures/fake_target/bajutsu.config.yaml",
        "--tag",
        "smoke",
        "--runs-dir",
        `${dir}/runs`,
      ],
      cwd: ROOT,
      // The process environment without the secret: only the .env file has it.
      clearEnv: true,
      env: { ...withoutSecret, BAJUTSU_DOTENV: dotenv, NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 0, stderr);
    assert.match(stderr, /✔ scenario 1\/2: log in/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
