/**
 * Remote (W3C/Appium) backend benchmark, one run: the same 20-step flow against the same local
 * Appium server with its fake driver (tests/support/appium/harness.ts installs appium and the
 * fake driver from npm into a cached temp folder), once through `bajutsu run` (a remote-appium
 * target, its default evidence) and twice through a plain `webdriverio` script, the floor a good
 * engineer writes by hand: once keeping one screenshot per step (`shots`, the evidence floor) and
 * once keeping none (`bare`). webdriverio is installed with npm into a temp folder here, never a
 * project dependency, and run with node.
 *
 * - Whole-process wall time, bajutsu / webdriverio, median of `BENCH_REPEATS` (default 5)
 *   interleaved runs after one warm-up each, straight to the server. Target: bajutsu ≤ 1.1× the
 *   script with one screenshot per step; the ratio to the bare script is reported beside it.
 * - Wire calls per step and per step kind for all three, from one more run of each through a
 *   counting loopback proxy in front of the server (tests/support/wire_calls.ts: a call belongs
 *   to the step whose interval it arrived in: bajutsu's from its manifest, the script's from the
 *   marks it prints), beside the budget in bench/call_budget.json.
 *
 * Writes the `remote` section of bench/BENCHMARKS.md unless `--print-only`; exit 1 when the
 * time target is missed.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  APPIUM_VERSION,
  type AppiumServer,
  ensureAppium,
  FAKE_DRIVER_VERSION,
  fakeDriverApp,
  startAppium,
} from "../tests/support/appium/harness.ts";
import {
  type CallBudget,
  commandsOf,
  countingProxy,
  type KindCount,
  loadBudget,
  overBudget,
  perKind,
  perStep,
  type WireCall,
} from "../tests/support/wire_calls.ts";
import { writeSection } from "./sections.ts";

const WEBDRIVERIO_VERSION = "9.33.1";
const RATIO_TARGET = 1.1;
const REPEATS = Number(Deno.env.get("BENCH_REPEATS") ?? "5");
const ROOT = fileURLToPath(new URL("../", import.meta.url));

const APP = fakeDriverApp(400, 700, [
  `<MockButton id="signIn" label="Sign in" left="20" top="20" width="120" height="44"/>`,
  `<MockInputField id="email" label="Email" left="20" top="80" width="260" height="44"/>`,
  `<MockInputField id="password" label="Password" left="20" top="140" width="260" height="44"/>`,
  `<MockText id="title" label="Welcome" left="20" top="200" width="200" height="30"/>`,
  `<MockButton id="next" label="Next" left="20" top="240" width="120" height="44"/>`,
  `<MockListItem id="row1" label="Row 1" left="0" top="300" width="400" height="50"/>`,
  `<MockListItem id="row2" label="Row 2" left="0" top="350" width="400" height="50"/>`,
]);

/** The flow as a bajutsu scenario: 20 steps. */
const SCENARIO = `- name: twenty steps
  steps:
    - wait: { for: { id: title }, timeout: 5 }
    - tap: { id: signIn }
    - type: { into: { id: email }, text: "ada@example.com" }
    - type: { into: { id: password }, text: "hunter2" }
    - tap: { id: signIn }
    - assert: [{ label: { sel: { id: title }, equals: Welcome } }]
    - tap: { id: next }
    - doubleTap: { id: next }
    - longPress: { sel: { id: row1 }, duration: 0.2 }
    - swipe: { on: { id: row1 }, direction: left }
    - tap: { id: row2 }
    - assert: [{ exists: { id: row2 } }]
    - tapPoint: { x: 0.5, y: 0.5 }
    - wait: { for: { id: next }, timeout: 5 }
    - tap: { id: next }
    - assert: [{ exists: { id: missing, negate: true } }]
    - tap: { id: row1 }
    - type: { into: { id: email }, text: "x" }
    - tap: { id: signIn }
    - assert: [{ label: { sel: { id: signIn }, equals: "Sign in" } }]
`;

function config(port: number, appFile: string): string {
  return `targets:
  phone:
    package: com.example.fake
    scenarios: scenarios
    deviceProvider:
      kind: appium
      endpoint: "http://127.0.0.1:${port}"
      capabilities:
        platformName: Fake
        appium:automationName: Fake
        appium:app: ${JSON.stringify(appFile)}
`;
}

/**
 * The same flow as a plain webdriverio script, the floor a good engineer writes by hand: W3C
 * protocol commands only, each element found by id on the server (`findElement`), a tap as
 * `element/click`, typing as `element/value` (webdriverio's `addValue`), the other gestures as W3C
 * pointer actions with the element as their origin, a wait polling `findElements`, a check one
 * query (an XPath on the label: the fake driver's elements answer no attribute of the app file).
 * With `shots` it keeps one screenshot per step (what bajutsu's default capture takes, written to
 * a file); with `bare` it keeps no evidence.
 */
const FLOW_MJS = `import { remote } from "webdriverio";
import { mkdirSync, writeFileSync } from "node:fs";

const [port, app, out, evidence] = process.argv.slice(2);
const shots = evidence === "shots";
mkdirSync(out, { recursive: true });
const b = await remote({
  hostname: "127.0.0.1",
  port: Number(port),
  path: "/",
  logLevel: "silent",
  connectionRetryCount: 0,
  capabilities: { platformName: "Fake", "appium:automationName": "Fake", "appium:app": app },
});
const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
let n = 0;
const marks = [];

const el = async (id) => (await b.findElement("id", id))[ELEMENT];
const present = async (id) => (await b.findElements("id", id)).length > 0;
const touch = (actions) => [
  { type: "pointer", id: "finger1", parameters: { pointerType: "touch" }, actions },
];
const at = (origin, x = 0, y = 0) => ({ type: "pointerMove", duration: 0, origin, x, y });
const on = (ref) => at({ [ELEMENT]: ref });
const press = (move, holdMs = 0) => [
  move,
  { type: "pointerDown", button: 0 },
  ...(holdMs ? [{ type: "pause", duration: holdMs }] : []),
  { type: "pointerUp", button: 0 },
];
function check(ok, what) {
  if (!ok) throw new Error(\`check failed: \${what}\`);
}
/** One step: its commands, then its evidence when kept. */
async function step(run) {
  marks.push([Date.now() / 1000]);
  await run();
  if (shots) writeFileSync(\`\${out}/\${n}.png\`, Buffer.from(await b.takeScreenshot(), "base64"));
  marks.at(-1).push(Date.now() / 1000);
  n++;
}
const tap = (id) => step(async () => b.elementClick(await el(id)));
const type = (id, text) => step(async () => b.elementSendKeys(await el(id), text));
const waitFor = (id) =>
  step(async () => {
    while (!(await present(id))) await new Promise((r) => setTimeout(r, 100));
  });
// The fake driver's element attributes are only those set by commands, so a label is checked
// by an XPath query on the server: one call, as an attribute read would be.
const label = (id, want) =>
  step(async () =>
    check((await b.findElements("xpath", \`//*[@id="\${id}"][@label="\${want}"]\`)).length > 0, id)
  );
const exists = (id, want = true) => step(async () => check((await present(id)) === want, id));

await waitFor("title");
await tap("signIn");
await type("email", "ada@example.com");
await type("password", "hunter2");
await tap("signIn");
await label("title", "Welcome");
await tap("next");
await step(async () => {
  const next = on(await el("next"));
  return b.performActions(touch([...press(next), ...press(next)]));
});
await step(async () => b.performActions(touch(press(on(await el("row1")), 200))));
await step(async () =>
  b.performActions(touch([
    on(await el("row1")),
    { type: "pointerDown", button: 0 },
    { type: "pointerMove", duration: 300, origin: "pointer", x: -50, y: 0 },
    { type: "pointerUp", button: 0 },
  ]))
);
await tap("row2");
await exists("row2");
await step(() => b.performActions(touch(press(at("viewport", 200, 350)))));
await waitFor("next");
await tap("next");
await exists("missing", false);
await tap("row1");
await type("email", "x");
await tap("signIn");
await label("signIn", "Sign in");
await b.deleteSession();
console.log(JSON.stringify(marks));
`;

interface Timed {
  seconds: number;
  stdout: string;
}

async function timed(cmd: string, args: string[], cwd: string, label: string): Promise<Timed> {
  const t0 = performance.now();
  const out = await new Deno.Command(cmd, { args, cwd, stdin: "null" }).output();
  const seconds = (performance.now() - t0) / 1000;
  const dec = new TextDecoder();
  if (!out.success) {
    throw new Error(
      `${label} exited ${out.code}:\n${dec.decode(out.stdout)}${dec.decode(out.stderr)}`,
    );
  }
  return { seconds, stdout: dec.decode(out.stdout) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

async function installWebdriverio(dir: string): Promise<void> {
  console.error(`installing webdriverio@${WEBDRIVERIO_VERSION} into ${dir}`);
  await Deno.writeTextFile(join(dir, "package.json"), '{ "private": true, "type": "module" }\n');
  await timed(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      `webdriverio@${WEBDRIVERIO_VERSION}`,
    ],
    dir,
    "npm install webdriverio",
  );
}

/** The workspace of one endpoint port: the app, the scenario and the bajutsu config. */
async function workspace(work: string, appFile: string, port: number): Promise<string> {
  const dir = join(work, `bajutsu-${port}`);
  await Deno.mkdir(join(dir, "scenarios"), { recursive: true });
  await Deno.writeTextFile(join(dir, "scenarios", "flow.yaml"), SCENARIO);
  const file = join(dir, "bajutsu.config.yaml");
  await Deno.writeTextFile(file, config(port, appFile));
  return file;
}

// deno-lint-ignore no-explicit-any
type Json = any;

/** One `bajutsu run`; returns its time and the manifest of the run it wrote. */
async function bajutsuRun(configFile: string, runsDir: string) {
  const before = new Set(list(runsDir));
  const r = await timed(
    Deno.execPath(),
    [
      "run",
      "-A",
      join(ROOT, "main.ts"),
      "run",
      "--config",
      configFile,
      "--runs-dir",
      runsDir,
    ],
    ROOT,
    "bajutsu run",
  );
  const run = list(runsDir).find((d) => !before.has(d));
  const manifest: Json = JSON.parse(await Deno.readTextFile(join(runsDir, run!, "manifest.json")));
  if (!manifest.ok) throw new Error(`bajutsu run failed: ${manifest.scenarios[0].failure}`);
  return { seconds: r.seconds, manifest };
}

function list(dir: string): string[] {
  try {
    return [...Deno.readDirSync(dir)].filter((e) => e.isDirectory).map((e) => e.name);
  } catch {
    return [];
  }
}

/** One run of the script; returns its time and its step marks. */
async function scriptRun(
  wdioDir: string,
  port: number,
  appFile: string,
  out: string,
  evidence: "shots" | "bare",
) {
  const r = await timed(
    "node",
    [join(wdioDir, "flow.mjs"), String(port), appFile, out, evidence],
    wdioDir,
    "webdriverio script",
  );
  const marks: [number, number][] = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
  await Deno.remove(out, { recursive: true });
  return { seconds: r.seconds, marks };
}

type Evidence = "shots" | "bare";
type Counted = { steps: WireCall[][]; outside: WireCall[] };

/** `3`, or `6 max, 5.33 mean` when the steps of a kind differ. */
function kindCell(k: KindCount | undefined): string {
  if (k === undefined) return "–";
  const mean = k.calls / k.steps;
  return mean === k.max ? String(k.max) : `${k.max} max, ${mean.toFixed(2)} mean`;
}

const install = await ensureAppium();
const server: AppiumServer = await startAppium(install);
const work = await Deno.makeTempDir({ prefix: "bajutsu-bench-remote-" });
const proxy = countingProxy(server.url);
try {
  const budget: CallBudget = await loadBudget("remote");
  const appFile = join(work, "app.xml");
  await Deno.writeTextFile(appFile, APP);
  const wdioDir = join(work, "webdriverio");
  await Deno.mkdir(wdioDir);
  await installWebdriverio(wdioDir);
  await Deno.writeTextFile(join(wdioDir, "flow.mjs"), FLOW_MJS);
  const direct = await workspace(work, appFile, server.port);
  const counted = await workspace(work, appFile, proxy.port);
  const runsDir = join(work, "runs");
  const shotsDir = join(work, "script-evidence");
  const script = (port: number, evidence: Evidence) =>
    scriptRun(wdioDir, port, appFile, shotsDir, evidence);

  // Timing: straight to the server, interleaved so all three meet the same machine load.
  const times = { bajutsu: [] as number[], shots: [] as number[], bare: [] as number[] };
  for (let i = 0; i <= REPEATS; i++) {
    const b = await bajutsuRun(direct, runsDir);
    const s = await script(server.port, "shots");
    const n = await script(server.port, "bare");
    const tag = i === 0 ? " (warm-up)" : "";
    console.error(
      `  bajutsu ${b.seconds.toFixed(2)} s, webdriverio + screenshots ${
        s.seconds.toFixed(2)
      } s, webdriverio bare ${n.seconds.toFixed(2)} s${tag}`,
    );
    if (i === 0) continue;
    times.bajutsu.push(b.seconds);
    times.shots.push(s.seconds);
    times.bare.push(n.seconds);
  }
  const load = Deno.loadavg().map((x) => x.toFixed(1)).join(" ");

  // Wire calls: one more run of each through the proxy.
  const b = await bajutsuRun(counted, runsDir);
  const bSteps: Json[] = b.manifest.scenarios[0].steps;
  const kinds: string[] = bSteps.map((s) => s.action);
  const bCalls = perStep(
    proxy.calls.splice(0),
    bSteps.map((s) => [s.started_at, s.started_at + s.duration_s]),
  );
  const sRun = await script(proxy.port, "shots");
  const sCalls = perStep(proxy.calls.splice(0), sRun.marks);
  const nRun = await script(proxy.port, "bare");
  const nCalls = perStep(proxy.calls.splice(0), nRun.marks);
  if (bSteps.length !== 20 || sRun.marks.length !== 20 || nRun.marks.length !== 20) {
    throw new Error(
      `steps: bajutsu ${bSteps.length}, scripts ${sRun.marks.length}, ${nRun.marks.length} (expected 20)`,
    );
  }

  const bajutsu = median(times.bajutsu);
  const shots = median(times.shots);
  const bare = median(times.bare);
  const ratio = bajutsu / shots;
  const total = (x: Counted) => x.steps.reduce((n, c) => n + c.length, 0) + x.outside.length;
  const inSteps = (x: Counted) => x.steps.reduce((n, c) => n + c.length, 0);
  const perStepText = (x: Counted) => `${inSteps(x)} (${(inSteps(x) / 20).toFixed(2)} per step)`;
  const firstExtra = budget.firstStepExtra ?? 0;
  const bKinds = perKind(kinds, bCalls.steps, firstExtra);
  const sKinds = perKind(kinds, sCalls.steps);
  const nKinds = perKind(kinds, nCalls.steps);
  const kindRows = [...bKinds.keys()].map((k) =>
    `| ${k} | ${bKinds.get(k)!.steps} | ${kindCell(bKinds.get(k))} | ${kindCell(sKinds.get(k))} | ${
      kindCell(nKinds.get(k))
    } | ${budget[k] ?? "none"} |`
  );
  const breaches = overBudget("remote", bKinds, budget);
  const rows = bSteps.map((step, i) =>
    `| ${i} | ${step.action} | ${bCalls.steps[i].length} | ${sCalls.steps[i].length} | ${
      nCalls.steps[i].length
    } | ${commandsOf(bCalls.steps[i])} | ${commandsOf(sCalls.steps[i])} |`
  );
  const ms = (x: number) => `${x.toFixed(2)} s`;
  const body = `
The same 20-step flow (taps, typing into two fields, double tap, long press, a directional swipe,
\`tapPoint\`, waits, assertions) against the same local Appium ${APPIUM_VERSION} server with
@appium/fake-driver ${FAKE_DRIVER_VERSION} (loopback, one session, the fake driver's XML app),
through \`bajutsu run\` (a \`deviceProvider: {kind: appium}\` target, its default evidence:
\`screenshot.after\`, \`elements\`, \`actionLog\`) and through a plain webdriverio
${WEBDRIVERIO_VERSION} script on node (\`bench/remote.ts\` holds both), the floor written by hand:
W3C commands only, each element found by id on the server, a tap as \`element/click\`, typing as
\`element/value\`, other gestures as pointer actions with the element as origin, a wait polling
\`elements\`, a check one query (an XPath on the label: the fake driver's elements answer no
attribute of the app file). The script runs twice: keeping one screenshot per
step (written to a file: the evidence floor) and keeping none (bare). Whole processes, median of
${REPEATS} interleaved runs after a warm-up each. Load average while measuring: ${load} (the
machine is shared: times are noisy; the call counts below are exact).

| runner | whole process |
|---|---|
| \`bajutsu run\` (start, session, readiness, 20 steps, manifest + report.html + JUnit) | ${
    ms(bajutsu)
  } |
| webdriverio script, one screenshot per step (\`node flow.mjs\`: start, session, 20 steps, session end) | ${
    ms(shots)
  } |
| webdriverio script, no evidence | ${ms(bare)} |
| **ratio bajutsu / webdriverio with screenshots** | **${
    ratio.toFixed(2)
  }** (target ≤ ${RATIO_TARGET}) |
| ratio bajutsu / webdriverio bare | ${(bajutsu / bare).toFixed(2)} |

### Wire calls per step kind

Counted by a loopback proxy in front of the server, one more run of each. bajutsu's first step
also takes the run's baseline screenshot (before any step: the first step's \`before.png\`),
left out of its kind's count here as in the budget (\`firstStepExtra\`). The budget is
\`bench/call_budget.json\` (\`remote\`), enforced on the fake Appium server in CI by
\`tests/cli/remote_call_budget_test.ts\`.

| kind | steps | bajutsu | webdriverio + screenshot | webdriverio bare | budget |
|---|---|---|---|---|---|
${kindRows.join("\n")}

Over the budget on this server: ${breaches.length ? breaches.join("; ") : "nothing"}.

| | bajutsu | webdriverio + screenshot | webdriverio bare |
|---|---|---|---|
| in the 20 steps | ${perStepText(bCalls)} | ${perStepText(sCalls)} | ${perStepText(nCalls)} |
| outside the steps | ${commandsOf(bCalls.outside)} | ${commandsOf(sCalls.outside)} | ${
    commandsOf(nCalls.outside)
  } |
| whole session | ${total(bCalls)} | ${total(sCalls)} | ${total(nCalls)} |

| step | action | bajutsu | wdio + shot | wdio bare | bajutsu's calls | webdriverio's calls (with screenshot) |
|---|---|---|---|---|---|---|
${rows.join("\n")}

Where bajutsu sends more, and why. It resolves a selector host-side on the tree read after the
step before (no \`element\` call), and reads that tree once after every step because the default
capture keeps it (\`elements\`) and the next step resolves on it: a tap is the gesture, the
after-shot and that read, as many calls as the hand-written find, click and screenshot; a step
with nothing to find (\`tapPoint\`) is one call more, the read. A typing step taps the field first
(\`type: {into}\` taps, then types into the focused field), then asks \`GET element/active\` for
its reference and sends the text: the tap and the tree are the two calls more than the script's
find and send; the fake driver has no active element, so once per session that probe fails and
the tapped field is found by id from then on. A wait or a check is one tree read (the step's
tree) and the after-shot, as the script's one query and screenshot. Outside the steps bajutsu's
readiness gate reads the screen twice (up, then settled) before the first step.

History: at commit 13ce451 (issue 23's measurement, against a script of plain protocol calls
without evidence) bajutsu made 69 calls per session, 3.25 per step, and took 1.21–1.30× the
script; it has made 66 since a swipe and \`tapPoint\` take their geometry from the previous step's
tree, the first step's before tree is the readiness read and screenshots decode with
\`Uint8Array.fromBase64\`. Scroll and clear steps (not in this flow: the fake driver's screen does
not move) send one to three calls fewer since a step keeps its own last read as its post-step tree
(docs/backends.md#wire-calls-per-step).
`;
  console.log(body);
  if (!Deno.args.includes("--print-only")) await writeSection("remote", body);
  if (ratio > RATIO_TARGET) {
    console.error(`remote: ratio ${ratio.toFixed(2)} misses the target ≤ ${RATIO_TARGET}`);
    Deno.exitCode = 1;
  }
} finally {
  await proxy.close();
  await server.stop();
  await Deno.remove(work, { recursive: true });
}
