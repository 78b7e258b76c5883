import assert from "node:assert/strict";
import { Command } from "commander";
import { registerSchema } from "../../src/cli/commands/schema.ts";

Deno.test("bajutsu schema prints the scenario schema as JSON and exits 0", async () => {
  const out: string[] = [];
  let exit = -1;
  const program = new Command("bajutsu").exitOverride();
  registerSchema(program, { stdout: (l) => out.push(l), stderr: () => {} }, (c) => (exit = c));
  await program.parseAsync(["schema"], { from: "user" });
  assert.equal(exit, 0);
  assert.equal(out.length, 1);
  const schema = JSON.parse(out[0]);
  const onDisk = JSON.parse(
    await Deno.readTextFile(new URL("../../schemas/scenario.schema.json", import.meta.url)),
  );
  assert.deepEqual(schema, onDisk);
  assert.equal(schema.$schema, "https://json-schema.org/draft/2020-12/schema");
  assert.ok(schema.$defs.step && schema.$defs.componentFile);
});
