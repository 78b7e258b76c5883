/**
 * Startup benchmark: the wall time of a whole `bajutsu` process from source for the commands
 * that should start fast — `--version` and `lint` of one scenario file — next to the same
 * commands started through an entry that loads every heavy module first (the run pipeline with
 * playwright-core, the report page, the device backends, serve): the cost the lazy imports
 * avoid. Each row is the median of `ROUNDS` runs after `WARMUP` unmeasured ones (the V8 code
 * cache is warm, as on any second start); `--no-code-cache` rows show a first start. Writes the
 * `startup` section of bench/BENCHMARKS.md (`--print-only` skips the file). Exit code 1 when a
 * fast command misses its target.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeSection } from "./sections.ts";

const ROUNDS = 15;
const WARMUP = 3;
/** A fast command's target (median, warm): generous for a loaded 2-core machine. */
const TARGET_MS = 250;
const ROOT = fileURLToPath(new URL("../", import.meta.url));
const MAIN_TS = join(ROOT, "main.ts");
const LINT_FILE = join(ROOT, "demos/web/scenarios/login.yaml");
/** Modules that no fast command may load; imported eagerly by the comparison entry. */
const HEAVY = [
  "src/runner/pipeline.ts",
  "src/drivers/web/browsers.ts",
  "src/drivers/registry.ts",
  "src/drivers/fake/backend.ts",
  "src/report/write_report.ts",
  "src/report/rerender.ts",
  "src/serve/server.ts",
];

/**
 * What `--version` loaded before `lint` and `schema` imported their modules on demand: the
 * scenario loader (yaml, the validators) and the scenario schema.
 */
const LOADER = ["src/scenario/load.ts", "src/yaml/load_error.ts"];

/** An entry that imports `modules` before the CLI, written next to main.ts (same import map). */
async function writeEntry(name: string, modules: string[], json: string[] = []): Promise<string> {
  const path = join(ROOT, `.bench-startup-${name}-${Deno.pid}.ts`);
  const lines = modules.map((m) => `import "./${m}";`);
  lines.push(...json.map((m) => `import "./${m}" with { type: "json" };`));
  lines.push(
    `import { runCli } from "./src/cli/program.ts";`,
    `Deno.exit(await runCli(Deno.args));`,
  );
  await Deno.writeTextFile(path, lines.join("\n") + "\n");
  return path;
}

/** Wall ms of one process; throws when it does not exit 0. */
async function once(args: string[]): Promise<number> {
  const t0 = performance.now();
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const ms = performance.now() - t0;
  if (out.code !== 0) {
    throw new Error(
      `deno ${args.join(" ")} exited ${out.code}: ${new TextDecoder().decode(out.stderr)}`,
    );
  }
  return ms;
}

async function measure(args: string[]): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await once(args);
  const runs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) runs.push(await once(args));
  return runs;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function loadAverage(): Promise<string> {
  try {
    return (await Deno.readTextFile("/proc/loadavg")).split(" ")[0];
  } catch {
    return "n/a";
  }
}

interface Row {
  what: string;
  args: string[];
  /** Held to `TARGET_MS`. */
  fast: boolean;
}

const eager = await writeEntry("eager", HEAVY);
const before = await writeEntry("loader", LOADER, ["schemas/scenario.schema.json"]);
try {
  const command = (entry: string, extra: string[], flags: string[] = []) => [
    "run",
    "-A",
    ...flags,
    entry,
    ...extra,
  ];
  const version = ["--version"];
  const lint = ["lint", LINT_FILE];
  const rows: Row[] = [
    { what: "`bajutsu --version`", args: command(MAIN_TS, version), fast: true },
    { what: "`bajutsu lint <one file>`", args: command(MAIN_TS, lint), fast: true },
    {
      what: "`--version`, scenario loader and schema loaded at start (before: static imports)",
      args: command(before, version),
      fast: false,
    },
    {
      what: "`--version`, heavy modules loaded eagerly",
      args: command(eager, version),
      fast: false,
    },
    {
      what: "`lint <one file>`, heavy modules loaded eagerly",
      args: command(eager, lint),
      fast: false,
    },
    {
      what: "`bajutsu --version`, no code cache",
      args: command(MAIN_TS, version, ["--no-code-cache"]),
      fast: false,
    },
    {
      what: "`--version`, heavy modules eagerly, no code cache",
      args: command(eager, version, ["--no-code-cache"]),
      fast: false,
    },
  ];
  const results: Array<[Row, number[]]> = [];
  for (const row of rows) results.push([row, await measure(row.args)]);
  const ms = (x: number) => `${Math.round(x)} ms`;
  const missed = results.filter(([r, runs]) => r.fast && median(runs) >= TARGET_MS);
  const body = `
Wall time of a whole process from source (\`deno run -A main.ts …\`), median and best of
${ROUNDS} runs after ${WARMUP} warm-ups; "heavy modules loaded eagerly" starts the same CLI through
an entry that first imports the run pipeline, the web backend (playwright-core), the device
registry, the report writer and serve — what every command would pay without the lazy imports;
"scenario loader and schema loaded at start" is \`--version\` as it was before \`lint\` and \`schema\`
imported them on demand.
The lint file is \`demos/web/scenarios/login.yaml\`. 1-minute load average when measured:
${await loadAverage()}. \`tests/cli/start_path_test.ts\` keeps the heavy modules out of these
commands' import graph.

| command | median | best | target | |
|---|---|---|---|---|
${
    results.map(([r, runs]) =>
      `| ${r.what} | ${ms(median(runs))} | ${ms(Math.min(...runs))} | ${
        r.fast ? `< ${TARGET_MS} ms` : "–"
      } | ${r.fast ? (median(runs) < TARGET_MS ? "ok" : "MISSED") : ""} |`
    ).join("\n")
  }
`;
  console.log(body.trim());
  if (!Deno.args.includes("--print-only")) await writeSection("startup", body);
  if (missed.length > 0) Deno.exitCode = 1;
} finally {
  await Deno.remove(eager).catch(() => {});
  await Deno.remove(before).catch(() => {});
}
