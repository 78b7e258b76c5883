/**
 * Redaction end to end on real headless Chromium, through `runCommand`: a loopback page checks
 * password strength per keystroke (a request and a console line for every partial value) and
 * shows a second secret. The run fails where assertions and waits quote both secrets. No
 * encoding of either secret, and no prefix of four or more characters of the typed one, reaches
 * any file of the runs folder (network.json and device.log included) or any printed line.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCommand } from "../../src/runner/pipeline.ts";
import { CancelSource } from "../../src/time/cancel.ts";
import { filesUnder, findLeaks } from "./secret_scan.ts";

const SECRETS = {
  /** Typed, 16 characters. */
  PW: 'Ps"w\\d& <ö>9xyZ!',
  /** Shown by the page, quoted by a failing assertion. */
  SHOWN: "Çlé\\z'\"<b> & 9+1% ok",
};

const html = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const PAGE = `<!doctype html><meta charset="utf-8"><title>strength</title>
<input data-testid="pw" type="password" aria-label="Password">
<p data-testid="meter">strength: 0</p>
<p data-testid="greeting">${html(SECRETS.SHOWN)}</p>
<script>
  const pw = document.querySelector("[data-testid=pw]");
  let best = 0;
  pw.addEventListener("input", async () => {
    const v = pw.value;
    console.log("strength check for " + v);
    console.info(JSON.stringify({ pw: v }));
    const r = await fetch("/strength?pw=" + encodeURIComponent(v), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pw: v }),
    });
    const { score } = await r.json();
    if (score > best) document.querySelector("[data-testid=meter]").textContent = "strength: " + (best = score);
  });
  console.log("greeting " + document.querySelector("[data-testid=greeting]").textContent);
</script>
`;

function serve(): { url: string; close: () => Promise<void> } {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    if (url.pathname === "/strength") {
      const { pw } = await req.json();
      return Response.json({ score: pw.length, echo: pw });
    }
    if (url.pathname === "/") {
      return new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } });
    }
    return new Response("not found", { status: 404 });
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

const SCENARIOS = `- name: strength meter sees every keystroke
  steps:
    - type: { into: { id: pw }, text: "\${secrets.PW}" }
    - wait: { for: { label: "strength: 16" }, timeout: 10 }
    - assert:
        - label: { sel: { id: greeting }, equals: "\${secrets.PW}" }

- name: wait for a secret label
  steps:
    - wait: { for: { label: "\${secrets.SHOWN}!" }, timeout: 0.5 }
`;

/** Prefixes of `secret` from `min` characters up to one short of the whole, in plain spellings. */
function prefixForms(secret: string, min: number): Map<string, string> {
  const out = new Map<string, string>();
  const chars = [...secret];
  for (let n = min; n < chars.length; n++) {
    const p = chars.slice(0, n).join("");
    out.set(p, `raw prefix ${n}`);
    out.set(JSON.stringify(p).slice(1, -1), `JSON prefix ${n}`);
    out.set(encodeURIComponent(p), `percent prefix ${n}`);
    out.set(new URLSearchParams([["k", p]]).toString().slice(2), `form prefix ${n}`);
  }
  return out;
}

Deno.test("web run: secrets and typed prefixes never reach files or output", async () => {
  const server = serve();
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-redact-web-" });
  try {
    await Deno.mkdir(join(dir, "scenarios"));
    await Deno.writeTextFile(join(dir, "scenarios/strength.yaml"), SCENARIOS);
    await Deno.writeTextFile(
      join(dir, "bajutsu.config.yaml"),
      `defaults:
  capture: [screenshot.after, elements, actionLog, deviceLog]
  secrets: [PW, SHOWN]
targets:
  web:
    platform: web
    baseUrl: ${server.url}
    browser: chromium
    scenarios: scenarios
    idNamespaces: []
`,
    );
    const runsDir = join(dir, "runs");
    const lines: string[] = [];
    const code = await runCommand({
      configPath: join(dir, "bajutsu.config.yaml"),
      scenarios: [],
      tags: [],
      exclude: [],
      runsDir,
      workers: 1,
    }, {
      stdout: (l) => lines.push(l),
      stderr: (l) => lines.push(l),
      progress: { line: (l) => lines.push(l), live: (l) => lines.push(l) },
      env: (k) => ({ ...SECRETS, GITHUB_ACTIONS: "true" } as Record<string, string>)[k],
      cwd: Deno.cwd(),
      color: false,
      cancel: new CancelSource(),
    });
    assert.equal(code, 1, lines.join("\n"));
    const manifestPath = lines.at(-1)!.replace(/^FAIL {2}/, "");
    const manifest = JSON.parse(await Deno.readTextFile(manifestPath));
    const runDir = join(manifestPath, "..");
    const [typed, waited] = manifest.scenarios;
    // Both failed where the secrets are quoted; the typing itself went through.
    assert.equal(
      typed.failure,
      'step 2 (assert): label {"id":"greeting"}: expected equals="[REDACTED]" but actual="[REDACTED]"',
    );
    assert.match(waited.failure, /^step 0 \(wait\): wait timeout: for \{"label":"\[REDACTED\]!"\}/);

    // The page's per-keystroke traffic was recorded: the short prefixes (the documented limit)
    // are there, the longer ones are masked.
    const network = await Deno.readTextFile(join(runDir, typed.sid, "network.json"));
    const checks = JSON.parse(network).filter((e: { path: string }) => e.path === "/strength");
    assert.ok(checks.length >= 15, `a request per keystroke (${checks.length})`);
    assert.ok(network.includes('/strength?pw=P"'), "the one-character prefix is visible");
    const logs = (await filesUnder(runDir)).filter((f) => f.endsWith("device.log"));
    const log = (await Promise.all(logs.map((f) => Deno.readTextFile(join(runDir, f))))).join("");
    assert.match(log, /^\[log\] strength check for Ps"$/m);
    assert.match(log, /^\[log\] strength check for \[REDACTED\]$/m);
    assert.ok(log.split("\n").filter((l) => l.includes("strength check")).length >= 15, log);

    const { leaks, scanned } = await findLeaks(runsDir, SECRETS, lines);
    assert.ok(scanned.some((f) => f.endsWith("wait-timeout.json")), scanned.join(", "));
    assert.deepEqual(leaks, []);

    const prefixes = prefixForms(SECRETS.PW, 4);
    const prefixLeaks: string[] = [];
    for (const f of scanned) {
      const text = await Deno.readTextFile(join(runsDir, f));
      for (const [form, what] of prefixes) {
        if (text.includes(form)) prefixLeaks.push(`${f}: ${what}`);
      }
    }
    assert.deepEqual(prefixLeaks, []);
  } finally {
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
});
