/**
 * The dependency rules of src/ (docs/architecture.md#the-spine): each top folder lists what it
 * may import, and every import of every src module (static, and `await import()` of a literal
 * path) must land in its own folder or in one of those entries. An entry is a folder of src/
 * (`config`) or one file (`drivers/driver.ts`); `.` is the files at the top of src/. The table
 * below is the source of truth; a new folder needs a line here before it lands. Browser
 * scripts that serve embeds as text (src/serve/page/*_js.ts) run in the page, not here, and are
 * skipped.
 */
import assert from "node:assert/strict";
import { dirname, join, relative, resolve } from "node:path";

const SRC = new URL("../../src/", import.meta.url).pathname;

/** One folder's allowed imports, with why an edge that is not plainly downward is there. */
interface Rule {
  allow: string[];
  why?: string;
}

/** From the bottom of the pipeline to the top. */
const RULES: Readonly<Record<string, Rule>> = {
  model: { allow: [], why: "the plain data every stage shares imports nothing" },
  ".": { allow: [], why: "build facts (version, build info) read only deno.json" },
  text: { allow: [] },
  time: { allow: [] },
  fs: { allow: [] },
  yaml: { allow: ["model", "text"] },
  scenario: {
    allow: ["model", "yaml", "text", "time", "selectors/render.ts", "selectors/regex.ts"],
    why: "the validator renders selectors and compiles patterns with the selectors' own code",
  },
  selectors: {
    allow: ["model", "drivers/driver.ts"],
    why: "a selector that does not resolve throws the driver seam's error taxonomy",
  },
  assertions: { allow: ["model", "selectors"] },
  config: {
    allow: ["model", "yaml", "text", "scenario"],
    why:
      "a config carries scenario fields (selectors, interrupts, redact) the scenario validator reads",
  },
  process: { allow: ["model", "config", "time", "fs", "text"] },
  drivers: {
    allow: [
      "model",
      "yaml",
      "text",
      "time",
      "fs",
      "scenario",
      "config",
      "selectors",
      "assertions",
      "process",
      "archive/crc32.ts",
    ],
    why:
      "backends resolve selectors host-side, the web collector matches requests with the assertions' matcher, the fake writes PNGs with the zip's CRC-32",
  },
  evidence: {
    allow: ["model", "text", "time", "fs", "scenario", "drivers"],
    why: "the sink captures through the Driver interface",
  },
  archive: {
    allow: ["model", "text", "time", "fs", "evidence/atomic_write.ts"],
    why: "an export is written atomically, like every run file",
  },
  orchestrator: {
    allow: [
      "model",
      "yaml",
      "text",
      "time",
      "fs",
      "scenario",
      "config",
      "selectors",
      "assertions",
      "drivers",
      "evidence",
    ],
  },
  report: { allow: ["model", ".", "text", "time", "fs", "evidence"] },
  notify: { allow: ["model", "text", "time", "fs", "scenario", "config", "report"] },
  trace: {
    allow: ["model", "text", "time", "fs", "scenario", "selectors", "report", "orchestrator"],
    why: "trace explains a step with the run loop's own evidence rules and primary selector",
  },
  runner: {
    allow: [
      "model",
      ".",
      "yaml",
      "text",
      "time",
      "fs",
      "scenario",
      "config",
      "selectors",
      "assertions",
      "process",
      "drivers",
      "evidence",
      "archive",
      "orchestrator",
      "report",
      "notify",
    ],
  },
  import: {
    allow: [
      "model",
      "yaml",
      "text",
      "fs",
      "scenario",
      "selectors/regex.ts",
      "runner/exit_codes.ts",
    ],
    why: "a Maestro text is a regular expression, compiled as selectors compile one; an import " +
      "ends with the exit codes every command shares",
  },
  inspect: {
    allow: ["model", "text", "time", "scenario", "config", "selectors", "drivers", "runner"],
    why: "inspect launches a target as run does (backend selection, the target's server)",
  },
  serve: {
    allow: [
      "model",
      ".",
      "yaml",
      "text",
      "time",
      "fs",
      "scenario",
      "config",
      "process",
      "drivers",
      "evidence",
      "archive",
      "report",
      "runner",
    ],
    why: "serve lists each target's devices through its backend and starts `bajutsu run` processes",
  },
  cli: {
    allow: [
      "model",
      ".",
      "yaml",
      "text",
      "time",
      "fs",
      "scenario",
      "config",
      "selectors",
      "process",
      "drivers",
      "evidence",
      "archive",
      "report",
      "trace",
      "runner",
      "import",
      "inspect",
      "serve",
    ],
    why: "the commands are the top: each wires the stages it runs",
  },
};

/** One import: the importing file and the imported one, both relative to src/. */
interface Edge {
  from: string;
  to: string;
}

/** The folder of a src-relative path (`.` for a file at the top of src/). */
function folderOf(path: string): string {
  return path.includes("/") ? path.slice(0, path.indexOf("/")) : ".";
}

/** Why `edge` breaks `rules`, or null when it is allowed. */
function violation(edge: Edge, rules: Readonly<Record<string, Rule>>): string | null {
  const from = folderOf(edge.from);
  const to = folderOf(edge.to);
  if (from === to) return null;
  const rule = rules[from];
  if (rule === undefined) return `src/${edge.from}: src/${from} has no dependency rule`;
  if (rule.allow.includes(to) || rule.allow.includes(edge.to)) return null;
  const allowed = rule.allow.length === 0 ? "nothing" : rule.allow.join(", ");
  return `src/${edge.from} imports src/${edge.to}: src/${from} may import ${allowed}`;
}

const STATIC_IMPORT =
  /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?["']([^"']+)["']/gm;
const DYNAMIC_IMPORT = /^(?!\s*(?:\*|\/\/)).*?\bimport\(\s*["']([^"']+)["']\s*\)/gm;

function* sources(dir: string): Generator<string> {
  for (const e of Deno.readDirSync(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) yield* sources(path);
    else if (e.name.endsWith(".ts")) yield path;
  }
}

/** Every relative import of every module of src/ that lands in src/. */
function srcEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sources(SRC)) {
    const from = relative(SRC, file);
    if (/^serve\/page\/\w+_js\.ts$/.test(from)) continue;
    const text = Deno.readTextFileSync(file);
    for (const m of [...text.matchAll(STATIC_IMPORT), ...text.matchAll(DYNAMIC_IMPORT)]) {
      if (!m[1].startsWith(".")) continue;
      const to = relative(SRC, resolve(dirname(file), m[1]));
      if (!to.startsWith("..")) edges.push({ from, to });
    }
  }
  return edges;
}

const EDGES = srcEdges();

Deno.test("every import of src/ follows its folder's dependency rule", () => {
  const broken = EDGES.map((e) => violation(e, RULES)).filter((v) => v !== null);
  assert.deepEqual(broken, []);
});

Deno.test("every folder of src/ has a dependency rule", () => {
  const folders = [...Deno.readDirSync(SRC)].filter((e) => e.isDirectory).map((e) => e.name);
  assert.deepEqual(folders.filter((f) => !(f in RULES)), []);
});

Deno.test("the import scan reads real files (a misread import would name a missing one)", () => {
  assert.ok(EDGES.length > 1000, `only ${EDGES.length} imports read`);
  const missing = EDGES.filter((e) => {
    try {
      return !Deno.statSync(join(SRC, e.to)).isFile;
    } catch {
      return true;
    }
  });
  assert.deepEqual(missing, []);
  assert.ok(EDGES.some((e) => e.from === "cli/commands/inspect.ts" && e.to.startsWith("inspect/")));
});

Deno.test("an upward import fails, naming the file, the import and the rule", () => {
  assert.equal(
    violation({ from: "model/element.ts", to: "drivers/driver.ts" }, RULES),
    "src/model/element.ts imports src/drivers/driver.ts: src/model may import nothing",
  );
  assert.equal(
    violation({ from: "assertions/ui.ts", to: "orchestrator/types.ts" }, RULES),
    "src/assertions/ui.ts imports src/orchestrator/types.ts: src/assertions may import model, selectors",
  );
  assert.equal(
    violation({ from: "config/platform.ts", to: "drivers/registry.ts" }, RULES)?.startsWith(
      "src/config/platform.ts imports src/drivers/registry.ts",
    ),
    true,
  );
  assert.equal(
    violation({ from: "selectors/resolve.ts", to: "drivers/web/backend.ts" }, RULES)?.includes(
      "src/selectors may import model, drivers/driver.ts",
    ),
    true,
  );
  assert.equal(
    violation({ from: "newstage/a.ts", to: "model/element.ts" }, RULES),
    "src/newstage/a.ts: src/newstage has no dependency rule",
  );
});

Deno.test("a downward import, an allowed file and an import inside a folder pass", () => {
  assert.equal(violation({ from: "runner/pipeline.ts", to: "report/model.ts" }, RULES), null);
  assert.equal(violation({ from: "selectors/resolve.ts", to: "drivers/driver.ts" }, RULES), null);
  assert.equal(violation({ from: "model/step.ts", to: "model/selector.ts" }, RULES), null);
});
