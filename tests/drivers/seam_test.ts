/**
 * The seam's shape, checked on the source: backends depend on nothing of the runner's, and code
 * outside `src/drivers/` never names a concrete actuator (it reads descriptor flags instead); the
 * one table that declares every backend's names (src/model/backend_names.ts, which each
 * descriptor reads) is where they are written.
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { BACKENDS } from "../../src/drivers/registry.ts";

const SRC = new URL("../../src/", import.meta.url).pathname;

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) out.push(...await sourceFiles(path));
    else if (e.name.endsWith(".ts")) out.push(path);
  }
  return out.sort();
}

/** The file without comments (block comments, then line comments), line numbers kept. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ""))
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

Deno.test("no module under src/drivers/ imports the runner, CLI, orchestrator, evidence or reports", async () => {
  const offenders: string[] = [];
  for (const file of await sourceFiles(join(SRC, "drivers"))) {
    const text = code(await Deno.readTextFile(file));
    for (const m of text.matchAll(/from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g)) {
      const spec = m[1] ?? m[2];
      if (/(^|\/)(runner|cli|orchestrator|evidence|report)\//.test(spec)) {
        offenders.push(`${relative(SRC, file)} → ${spec}`);
      }
    }
  }
  assert.deepEqual(offenders, []);
});

Deno.test("code outside src/drivers/ never names a concrete actuator", async () => {
  // Platform names (`fake`, `web`…) are config vocabulary; actuator names are the drivers' own.
  const platforms = new Set(BACKENDS.map((d) => d.platform));
  const actuators = BACKENDS.map((d) => d.actuator).filter((a) => !platforms.has(a as never));
  assert.ok(actuators.includes("playwright"));
  const literal = new RegExp(`["'\`](${actuators.join("|")})["'\`]`);
  const offenders: string[] = [];
  for (const file of await sourceFiles(SRC)) {
    const rel = relative(SRC, file);
    if (rel.startsWith("drivers/") || rel === "model/backend_names.ts") continue;
    code(await Deno.readTextFile(file)).split("\n").forEach((line, i) => {
      if (literal.test(line)) offenders.push(`${relative(SRC, file)}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(offenders, []);
});
