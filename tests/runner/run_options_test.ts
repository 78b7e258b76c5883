/**
 * The options of `bajutsu run` are declared once (src/runner/run_options.ts): `run` and `serve`
 * accept every one of them, and every consumer (run, serve, serve's page, the config schema)
 * applies the same limits (docs/run-limits.md).
 */
import assert from "node:assert/strict";
import { Command } from "commander";
import { registerRun } from "../../src/cli/commands/run.ts";
import { checkRunFlags } from "../../src/cli/run_flags.ts";
import { CliOptionError } from "../../src/cli/option_error.ts";
import {
  attributeOf,
  intOption,
  MAX_WORKERS,
  RUN_OPTIONS,
  runOption,
} from "../../src/runner/run_options.ts";
import { parseRunBody } from "../../src/serve/run_request.ts";
import { runArguments } from "../../src/serve/run_args.ts";
import { HttpError } from "../../src/serve/errors.ts";
import { INDEX_HTML } from "../../src/serve/page/index_html.ts";

const CONFIG_SCHEMA = JSON.parse(
  await Deno.readTextFile(new URL("../../schemas/config.schema.json", import.meta.url)),
);

/**
 * The flags the real `bajutsu run` registration parses from `argv`, checked as its action checks
 * them; the run itself is not started.
 */
async function runFlags(argv: string[]): Promise<Record<string, unknown>> {
  const program = new Command().exitOverride();
  registerRun(program, { stdout: () => {}, stderr: () => {} }, () => {});
  let parsed: Record<string, unknown> = {};
  program.commands.find((c) => c.name() === "run")!
    .action((flags: Record<string, unknown>) => void (parsed = flags));
  await program.parseAsync(["run", ...argv], { from: "user" });
  return checkRunFlags(parsed);
}

/** A serve request with `fields` added to its target and scenario. */
function body(fields: Record<string, unknown>) {
  return { target: "app", scenario: "a.yaml", ...fields };
}

const CONTEXT = { configPath: "/c.yaml", runsDir: "/runs", platform: "fake" };

/**
 * One valid value per option a request sets, and what serve does with the others. A new option
 * needs its line here (the first test fails until it has one).
 */
const SAMPLES: Record<string, unknown> = {
  config: "server",
  target: "job",
  scenario: "job",
  tag: ["smoke"],
  exclude: ["broken"],
  runsDir: "server",
  erase: false,
  backend: ["fake"],
  workers: 3,
  browser: ["firefox"],
  headed: true,
  network: false,
  shard: "2/3",
  timings: "server",
  baseUrl: "server",
  systemAlertHandling: false,
  udid: ["iPhone 16"],
  logPredicate: 'process == "Shop"',
  logSubsystem: "com.example.shop",
  progress: "server",
  zip: true,
  repeat: 2,
  retries: 1,
  seed: 7,
};

Deno.test("every run option: run takes it, and serve takes it into the run or says who sets it", async () => {
  assert.deepEqual(Object.keys(SAMPLES).sort(), RUN_OPTIONS.map((o) => o.name).sort());
  for (const option of RUN_OPTIONS) {
    assert.equal(option.name, attributeOf(option.flag), `${option.flag}: its attribute`);
    const sample = SAMPLES[option.name];
    if (option.serve === "server") {
      assert.equal(sample, "server", option.name);
      assert.ok(option.serveWhy, `${option.name}: why serve sets it`);
      assert.throws(
        () => parseRunBody(body({ [option.name]: "x" })),
        new RegExp(`^HttpError: ${option.name}: set by serve \\(`),
      );
      continue;
    }
    if (option.serve === "job") {
      assert.equal(sample, "job", option.name);
      continue;
    }
    const spec = parseRunBody(body({ [option.name]: sample }));
    assert.deepEqual(spec.options, { [option.name]: sample }, `serve takes ${option.name}`);
    const argv = runArguments(spec, ["/s/a.yaml"], CONTEXT).slice(1);
    const flags = await runFlags(argv);
    assert.deepEqual(flags[option.name], sample, `run takes ${argv.join(" ")}`);
  }
});

Deno.test("run and serve take an option's older spelling as the option", async () => {
  for (const option of RUN_OPTIONS) {
    for (const alias of option.aliases ?? []) {
      if (option.kind === "boolean") {
        assert.equal((await runFlags([alias]))[option.name], true, alias);
        assert.equal((await runFlags([`--no-${alias.slice(2)}`]))[option.name], false, alias);
      } else {
        const items = SAMPLES[option.name] as string[];
        assert.deepEqual((await runFlags([alias, items.join(",")]))[option.name], items, alias);
      }
      const sample = SAMPLES[option.name];
      const spec = parseRunBody(body({ [attributeOf(alias)]: sample }));
      assert.deepEqual(spec.options[option.name], sample, attributeOf(alias));
    }
  }
});

Deno.test("limits: run, serve and the page take the same range for every integer option", async () => {
  // The documented range (docs/run-limits.md): 64 in serve and 16 in its page drifted from it.
  assert.equal(MAX_WORKERS, 256);
  assert.equal(intOption("workers").max, 256);
  for (const option of RUN_OPTIONS) {
    if (option.kind !== "int") continue;
    for (const ok of [option.min, option.max]) {
      assert.equal(parseRunBody(body({ [option.name]: ok })).options[option.name], ok);
      assert.equal((await runFlags([option.flag, String(ok)]))[option.name], ok);
    }
    for (const bad of [option.min - 1, option.max + 1]) {
      assert.throws(() => parseRunBody(body({ [option.name]: bad })), (err: unknown) => {
        assert.ok(err instanceof HttpError && err.status === 400);
        assert.equal(
          err.message,
          `${option.name}: expected an integer from ${option.min} to ${option.max}`,
        );
        return true;
      });
      await assert.rejects(runFlags([option.flag, String(bad)]), (err: unknown) => {
        assert.ok(err instanceof CliOptionError);
        assert.equal(
          err.message,
          `${option.flag} must be an integer from ${option.min} to ${option.max}, got "${bad}"`,
        );
        return true;
      });
    }
  }
  const input = /<input id="workers"[^>]*>/.exec(INDEX_HTML)?.[0] ?? "";
  const workers = intOption("workers");
  assert.match(input, new RegExp(` min="${workers.min}" max="${workers.max}" `), input);
  assert.match(input, new RegExp(` value="${workers.default}" `), input);
});

Deno.test("a text option's form is one check in run and serve: --shard", async () => {
  for (const bad of ["3/2", "1/1001"]) {
    assert.throws(
      () => parseRunBody(body({ shard: bad })),
      /^HttpError: shard: expected i\/n with 1 ≤ i/,
    );
    await assert.rejects(runFlags(["--shard", bad]), /^CliOptionError: --shard must be i\/n/);
  }
  assert.equal(parseRunBody(body({ shard: "1000/1000" })).options.shard, "1000/1000");
  assert.equal((await runFlags(["--shard", "1000/1000"])).shard, "1000/1000");
});

Deno.test("config schema: the run options a target sets take the declaration's values", () => {
  // Config sets no integer option; its run options are switches and the browser engine.
  const target = CONFIG_SCHEMA.$defs.target.properties;
  const browser = runOption("browser");
  assert.ok(browser.kind === "list" && browser.items && "choices" in browser.items);
  assert.deepEqual(target.browser.enum, [...browser.items.choices]);
  for (const name of ["erase", "network", "headed"]) {
    assert.equal(runOption(name).kind, "boolean", name);
  }
  assert.equal(target.erase.type, "boolean");
  assert.equal(target.network.type, "boolean");
  assert.equal(target.headless.type, "boolean", "the config's side of --headed");
});

Deno.test("docs: the run limits and serve's run options name the declared workers range", async () => {
  const read = (doc: string) => Deno.readTextFile(new URL(`../../docs/${doc}`, import.meta.url));
  const { min, max } = intOption("workers");
  assert.match(await read("run-limits.md"), new RegExp(`\\| \`--workers <n>\` \\| ${min}–${max} `));
  assert.match(await read("cli.md"), new RegExp(`parallel lanes, ${min}–${max} `));
  assert.ok(
    (await read("serve.md")).includes(`workers: expected an integer from ${min} to ${max}`),
  );
});
