import assert from "node:assert/strict";
import { join } from "node:path";
import { loadScenarioFile } from "../../src/scenario/load.ts";
import { scenarioYaml } from "../../src/scenario/to_yaml.ts";
import type { Scenario } from "../../src/scenario/types.ts";

const VALID = new URL("../fixtures/scenarios/valid/", import.meta.url).pathname;

/** Drops what a re-load cannot keep: source positions and file names. */
function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).filter(([k]) => k !== "pos" && k !== "file").map((
        [k, v],
      ) => [k, strip(v)]),
    );
  }
  return value;
}

async function* yamlFiles(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory && e.name !== "components") yield* yamlFiles(p);
    else if (e.isFile && /\.ya?ml$/.test(e.name)) yield p;
  }
}

Deno.test("scenario.yaml round-trips: the executed scenarios load back to the same typed data", async () => {
  const tmp = await Deno.makeTempDir();
  let checked = 0;
  try {
    for await (const file of yamlFiles(VALID)) {
      const first = await loadScenarioFile(file);
      if (first.errors.length > 0 || first.scenarios.length === 0) continue;
      const out = join(tmp, `rt-${checked}.yaml`);
      await Deno.writeTextFile(out, scenarioYaml(first.scenarios));
      const second = await loadScenarioFile(out);
      assert.deepEqual(second.errors, [], `${file}: re-load errors`);
      // The setup prelude is already part of the steps, so the reference is dropped.
      const comparable = (ss: Scenario[]) =>
        strip(ss.map((s) => ({ ...s, preconditions: { ...s.preconditions, setup: undefined } })));
      assert.deepEqual(comparable(second.scenarios), comparable(first.scenarios), file);
      checked++;
    }
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
  assert.ok(checked >= 5, `round-tripped ${checked} files`);
});
