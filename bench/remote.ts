/**
 * Remote (W3C/Appium) backend benchmark, one run: the same 20-step flow against the same local
 * Appium server with its fake driver (tests/support/appium/harness.ts installs appium and the
 * fake driver from npm into a cached temp folder), once through `bajutsu run` (a remote-appium
 * target, its default evidence) and once through a plain `webdriverio` script sending the same
 * W3C commands (webdriverio is installed with npm into a temp folder here, never a project
 * dependency, and run with node).
 *
 * - Whole-process wall time, bajutsu / webdriverio, median of `BENCH_REPEATS` (default 5)
 *   interleaved runs after one warm-up each, straight to the server. Target ≤ 1.2.
 * - Wire calls per step for both, from one more run of each through a counting loopback proxy
 *   in front of the server (a call belongs to the step whose interval it arrived in: bajutsu's
 *   from its manifest, the script's from the marks it prints).
 *
 * Writes the `remote` section of bench/BENCHMARKS.md unless `--print-only`; exit 1 when the
 * target is missed.
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
import { writeSection } from "./sections.ts";

const WEBDRIVERIO_VERSION = "9.33.1";
const RATIO_TARGET = 1.2;
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
 * The same flow as a plain webdriverio script: W3C protocol commands only, selectors resolved on
 * the page source (as bajutsu does), the same evidence kept (a screenshot and the source after
 * every step, and before the first), an action resolving on the source read after the step
 * before it, a check's own read kept as the step's source.
 */
const FLOW_MJS = `import { remote } from "webdriverio";
import { mkdirSync, writeFileSync } from "node:fs";

const [port, app, out] = process.argv.slice(2);
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
let source = "";
let n = 0;
const marks = [];

function find(id) {
  const tag = source.match(new RegExp(\`<[A-Za-z]+\\\\b[^>]*\\\\bid="\${id}"[^>]*>\`))?.[0];
  if (!tag) return null;
  const attr = (k) => tag.match(new RegExp(\`\\\\b\${k}="([^"]*)"\`))?.[1];
  return {
    label: attr("label"),
    centre: [
      Math.round(Number(attr("left")) + Number(attr("width")) / 2),
      Math.round(Number(attr("top")) + Number(attr("height")) / 2),
    ],
  };
}
function centre(id) {
  const el = find(id);
  if (!el) throw new Error(\`no element \${id}\`);
  return el.centre;
}
const touch = (actions) => [
  { type: "pointer", id: "finger1", parameters: { pointerType: "touch" }, actions },
];
const press = ([x, y], holdMs = 0) => [
  { type: "pointerMove", duration: 0, origin: "viewport", x, y },
  { type: "pointerDown", button: 0 },
  ...(holdMs ? [{ type: "pause", duration: holdMs }] : []),
  { type: "pointerUp", button: 0 },
];
function check(ok, what) {
  if (!ok) throw new Error(\`check failed: \${what}\`);
}
async function screenshot() {
  writeFileSync(\`\${out}/\${n}.png\`, Buffer.from(await b.takeScreenshot(), "base64"));
}
async function readSource() {
  source = await b.getPageSource();
  writeFileSync(\`\${out}/\${n}.xml\`, source);
}
/** One step: its commands, then the evidence (its own read stands for the source). */
async function step(run, { reads = false } = {}) {
  marks.push([Date.now() / 1000]);
  await run();
  await screenshot();
  if (!reads) await readSource();
  marks.at(-1).push(Date.now() / 1000);
  n++;
}
const read = async () => {
  source = await b.getPageSource();
};
const tap = (id) => step(() => b.performActions(touch(press(centre(id)))));
const type = (id, text) =>
  step(async () => {
    await b.performActions(touch(press(centre(id))));
    const el = await b.findElement("id", id);
    await b.elementSendKeys(el[ELEMENT], text);
  });
const waitFor = (id) =>
  step(async () => {
    for (;;) {
      await read();
      if (find(id)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, { reads: true });
const assert = (fn) =>
  step(async () => {
    await read();
    fn();
  }, { reads: true });

await screenshot();
await readSource();
await waitFor("title");
await tap("signIn");
await type("email", "ada@example.com");
await type("password", "hunter2");
await tap("signIn");
await assert(() => check(find("title")?.label === "Welcome", "title"));
await tap("next");
await step(() => b.performActions(touch([...press(centre("next")), ...press(centre("next"))])));
await step(() => b.performActions(touch(press(centre("row1"), 200))));
await step(() => {
  const [x, y] = centre("row1");
  return b.performActions(touch([
    { type: "pointerMove", duration: 0, origin: "viewport", x, y },
    { type: "pointerDown", button: 0 },
    { type: "pointerMove", duration: 300, origin: "viewport", x: x - 50, y },
    { type: "pointerUp", button: 0 },
  ]));
});
await tap("row2");
await assert(() => check(find("row2"), "row2"));
await step(() => b.performActions(touch(press([200, 350]))));
await waitFor("next");
await tap("next");
await assert(() => check(!find("missing"), "missing"));
await tap("row1");
await type("email", "x");
await tap("signIn");
await assert(() => check(find("signIn")?.label === "Sign in", "signIn"));
await b.deleteSession();
console.log(JSON.stringify(marks));
`;

/** One request the proxy saw: when it arrived, and its command (session and element ids cut). */
interface Call {
  at: number;
  command: string;
}

/** A loopback proxy in front of `target` that records every request. */
function countingProxy(target: string) {
  const calls: Call[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    calls.push({
      at: Date.now() / 1000,
      command: `${req.method} ${
        url.pathname.replace(/^\/session\/[^/]+$/, "/session/:id")
          .replace(/^\/session\/[^/]+\//, "/").replace(/\/element\/[^/]+\//, "/element/:id/")
      }`,
    });
    const body = req.method === "GET" || req.method === "HEAD"
      ? undefined
      : await req.arrayBuffer();
    const res = await fetch(target + url.pathname + url.search, {
      method: req.method,
      headers: req.headers,
      body,
    });
    return new Response(await res.arrayBuffer(), { status: res.status, headers: res.headers });
  });
  return {
    port: (server.addr as Deno.NetAddr).port,
    calls,
    close: () => server.shutdown(),
  };
}

/** Calls per step (`marks`: each step's [start, end], epoch seconds) and those outside steps. */
function perStep(calls: Call[], marks: [number, number][]): { steps: Call[][]; outside: Call[] } {
  const steps: Call[][] = marks.map(() => []);
  const outside: Call[] = [];
  for (const c of calls) {
    // A step owns what arrived from its start to the next step's start (the last: to its end).
    let i = -1;
    for (let k = marks.length - 1; k >= 0; k--) {
      if (c.at >= marks[k][0]) {
        i = k;
        break;
      }
    }
    if (i >= 0 && (i < marks.length - 1 || c.at <= marks[i][1])) steps[i].push(c);
    else outside.push(c);
  }
  return { steps, outside };
}

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
async function scriptRun(wdioDir: string, port: number, appFile: string, out: string) {
  const r = await timed(
    "node",
    [join(wdioDir, "flow.mjs"), String(port), appFile, out],
    wdioDir,
    "webdriverio script",
  );
  const marks: [number, number][] = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
  await Deno.remove(out, { recursive: true });
  return { seconds: r.seconds, marks };
}

function commandsOf(calls: Call[]): string {
  const counts = new Map<string, number>();
  for (const c of calls) counts.set(c.command, (counts.get(c.command) ?? 0) + 1);
  return [...counts].map(([k, n]) => (n > 1 ? `${n}× ${k}` : k)).join(", ");
}

const install = await ensureAppium();
const server: AppiumServer = await startAppium(install);
const work = await Deno.makeTempDir({ prefix: "bajutsu-bench-remote-" });
const proxy = countingProxy(server.url);
try {
  const appFile = join(work, "app.xml");
  await Deno.writeTextFile(appFile, APP);
  const wdioDir = join(work, "webdriverio");
  await Deno.mkdir(wdioDir);
  await installWebdriverio(wdioDir);
  await Deno.writeTextFile(join(wdioDir, "flow.mjs"), FLOW_MJS);
  const direct = await workspace(work, appFile, server.port);
  const counted = await workspace(work, appFile, proxy.port);
  const runsDir = join(work, "runs");
  const shots = join(work, "script-evidence");

  // Timing: straight to the server, interleaved so both meet the same machine load.
  const times = { bajutsu: [] as number[], script: [] as number[] };
  for (let i = 0; i <= REPEATS; i++) {
    const b = await bajutsuRun(direct, runsDir);
    const s = await scriptRun(wdioDir, server.port, appFile, shots);
    const tag = i === 0 ? " (warm-up)" : "";
    console.error(
      `  bajutsu ${b.seconds.toFixed(2)} s, webdriverio ${s.seconds.toFixed(2)} s${tag}`,
    );
    if (i === 0) continue;
    times.bajutsu.push(b.seconds);
    times.script.push(s.seconds);
  }
  const load = Deno.loadavg().map((x) => x.toFixed(1)).join(" ");

  // Wire calls: one more run of each through the proxy.
  const b = await bajutsuRun(counted, runsDir);
  const bSteps: Json[] = b.manifest.scenarios[0].steps;
  const bCalls = perStep(
    proxy.calls.splice(0),
    bSteps.map((s) => [s.started_at, s.started_at + s.duration_s]),
  );
  const s = await scriptRun(wdioDir, proxy.port, appFile, shots);
  const sCalls = perStep(proxy.calls.splice(0), s.marks);
  if (bSteps.length !== 20 || s.marks.length !== 20) {
    throw new Error(`steps: bajutsu ${bSteps.length}, script ${s.marks.length} (expected 20)`);
  }

  const bajutsu = median(times.bajutsu);
  const script = median(times.script);
  const ratio = bajutsu / script;
  const total = (x: { steps: Call[][]; outside: Call[] }) =>
    x.steps.reduce((n, c) => n + c.length, 0) + x.outside.length;
  const inSteps = (x: { steps: Call[][] }) => x.steps.reduce((n, c) => n + c.length, 0);
  const rows = bSteps.map((step, i) =>
    `| ${i} | ${step.action} | ${bCalls.steps[i].length} | ${sCalls.steps[i].length} | ${
      commandsOf(bCalls.steps[i])
    } |`
  );
  const differs = bSteps.map((_, i) => i).filter((i) =>
    commandsOf(bCalls.steps[i]) !== commandsOf(sCalls.steps[i])
  ).map((i) => `step ${i}: webdriverio sends ${commandsOf(sCalls.steps[i])}`);
  const ms = (x: number) => `${x.toFixed(2)} s`;
  const body = `
The same 20-step flow (taps, typing into two fields, double tap, long press, a directional swipe,
\`tapPoint\`, waits, assertions) against the same local Appium ${APPIUM_VERSION} server with
@appium/fake-driver ${FAKE_DRIVER_VERSION} (loopback, one session, the fake driver's XML app),
through \`bajutsu run\` (a \`deviceProvider: {kind: appium}\` target, default evidence) and
through a plain webdriverio ${WEBDRIVERIO_VERSION} script on node (\`bench/remote.ts\` holds both)
sending the same W3C commands: selectors resolved on the page source, W3C pointer actions at the
centre, typing through \`element\` + \`element/value\`, and the same evidence (a screenshot and the
source after every step, written to files). One run; whole processes, median of ${REPEATS}
interleaved runs after a warm-up each. Load average while measuring: ${load}.

| runner | whole process |
|---|---|
| \`bajutsu run\` (start, session, readiness, 20 steps, manifest + report.html + JUnit) | ${
    ms(bajutsu)
  } |
| webdriverio script (\`node flow.mjs\`: start, session, 20 steps, session end) | ${ms(script)} |
| **ratio bajutsu / webdriverio** | **${ratio.toFixed(2)}** (target ≤ ${RATIO_TARGET}) |

### Wire calls per step

Counted by a loopback proxy in front of the server, one more run of each.

| | bajutsu | webdriverio |
|---|---|---|
| in the 20 steps | ${inSteps(bCalls)} (${(inSteps(bCalls) / 20).toFixed(2)} per step) | ${
    inSteps(sCalls)
  } (${(inSteps(sCalls) / 20).toFixed(2)} per step) |
| outside the steps | ${commandsOf(bCalls.outside)} | ${commandsOf(sCalls.outside)} |
| whole session | ${total(bCalls)} | ${total(sCalls)} |

| step | action | bajutsu | webdriverio | bajutsu's calls |
|---|---|---|---|---|
${rows.join("\n")}

Steps whose calls differ: ${differs.length ? differs.join("; ") : "none"}. bajutsu's session
makes two calls more than the script's, both on purpose: its readiness gate reads the screen
twice before the first step (the app is up, then the same screen again: settled), where the
script starts on one read; and its first typing asks \`GET element/active\` for the focused field
(the fake driver has none, so it finds the tapped field by id from then on, as the script does
from the start). The first step's before-screenshot falls inside bajutsu's step 0 and before the
script's first mark. Every other step sends what the script sends: an action resolves on the
previous step's post-step read, a check's own read is the step's tree.

Before this benchmark (commit 13ce451, same machine, median of 5): ratio 1.30 (bajutsu 1.25 s,
webdriverio 0.97 s), 69 calls per session, 3.25 per step. A directional swipe and \`tapPoint\` each
read the screen again for geometry the previous step had just read, the first step read its
before tree right after the readiness gate's read, and each screenshot reply was decoded with
\`atob\` and a per-character loop (about 30 ms for this 330 KB reply; \`Uint8Array.fromBase64\`
takes 0.2 ms).
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
