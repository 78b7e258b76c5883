/**
 * `deno task bench`: runs every benchmark in its own process, one after another (they measure
 * wall time, so they must not compete for the 2 cores), each writing its section of
 * bench/BENCHMARKS.md. `deno task bench <name…>` runs only the named ones.
 */
const ALL = [
  "lint",
  "orchestrator",
  "report",
  "web",
  "ios",
  "demo",
  "shards",
  "dotenv",
  "startup",
  "android",
  "remote",
  "calls",
];
const wanted = Deno.args.length ? Deno.args : ALL;
const here = new URL(".", import.meta.url);
let failed = 0;
for (const name of wanted) {
  const file = new URL(`${name}.ts`, here);
  try {
    await Deno.stat(file);
  } catch {
    console.error(`bench: ${name}.ts not found, skipped`);
    continue;
  }
  console.log(`\n=== ${name}`);
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", file.pathname],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (code !== 0) failed++;
}
if (failed) {
  console.error(`\n${failed} benchmark(s) missed a target or failed`);
  Deno.exit(1);
}
