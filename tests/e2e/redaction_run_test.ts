/**
 * Redaction end to end on the fake target (`bajutsu run` through `runCommand`): secrets holding
 * `"`, `\`, `&`, `<`, `'`, `+`, `%`, spaces and non-ASCII make waits and label/value assertions
 * fail while quoting them, the fake app echoes them into its network traffic in several
 * encodings, and no encoding of any secret reaches any file of the runs folder or any line the
 * run printed (GitHub annotations included).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCommand } from "../../src/runner/pipeline.ts";
import { CancelSource } from "../../src/time/cancel.ts";
import { encodingsOf, findLeaks } from "./secret_scan.ts";

const SECRETS = {
  S_QUOTE: 'Tr0ub"le\\ d&r <é> x',
  S_MARKUP: "Çlé\\z'\"<b> & 9+1% ok",
};

/** A YAML double-quoted scalar (JSON strings are valid ones). */
const q = (s: string) => JSON.stringify(s);

function base64(s: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(s)));
}

/** A fake app that shows one secret in a label and sends both in its login exchange. */
function appYaml(): string {
  const { S_QUOTE: a, S_MARKUP: b } = SECRETS;
  const form = new URLSearchParams([["pw", a], ["other", b]]).toString();
  const html = (s: string) =>
    s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  return `name: secrets-app
size: [390, 844]
initial: login
screens:
  login:
    - { id: password, label: Password, value: "", traits: [secureTextField], frame: [20, 100, 350, 44], focused: true }
    - { id: note, label: Note, value: "", traits: [textField], frame: [20, 160, 350, 44] }
    - { id: greeting, label: ${q(b)}, traits: [staticText], frame: [20, 220, 350, 44] }
    - { id: submit, label: Log in, traits: [button], frame: [20, 300, 350, 50] }
    - { id: boom, label: Boom, traits: [button], frame: [20, 400, 350, 50] }
reactions:
  # A broken fixture: the error quotes the secret, and the scenario ends with "error: E_FAKE_FIXTURE …".
  - on: { tap: boom }
    then:
      - set: { target: { label: ${q(a)} }, label: gone }
  - on: { tap: submit }
    then:
      - exchange:
          method: POST
          url: ${q(`https://api.secrets.test/login?${form}&b64=${encodeURIComponent(base64(a))}`)}
          status: 401
          requestHeaders: { content-type: application/json, x-echo: ${q(base64(b))} }
          requestBody: ${q(JSON.stringify({ password: a, nested: JSON.stringify({ b }) }))}
          responseHeaders: { content-type: text/html }
          responseBody: ${q(`<p title="${html(a)}">${html(b)}</p>`)}
          durationMs: 20
network: {}
`;
}

const SCENARIOS = `- name: wait for a secret label
  steps:
    - type: { into: { id: password }, text: "\${secrets.S_QUOTE}" }
    - wait: { for: { label: "\${secrets.S_QUOTE}" }, timeout: 0.3 }

- name: label assertion quoting secrets
  steps:
    - type: { into: { id: note }, text: "\${secrets.S_MARKUP}" }
    - tap: { id: submit }
    - assert:
        - label: { sel: { id: greeting }, equals: "\${secrets.S_QUOTE}" }

- name: value assertion quoting secrets
  steps:
    - type: { into: { id: note }, text: "\${secrets.S_QUOTE}" }
    - assert:
        - value: { sel: { id: note }, equals: "\${secrets.S_MARKUP}" }

- name: expect quoting secrets
  steps:
    - tap: { id: submit }
  expect:
    - label: { sel: { id: greeting }, contains: "\${secrets.S_QUOTE}" }
    - exists: { label: "\${secrets.S_MARKUP} and more" }

- name: an app error quoting a secret
  steps:
    - tap: { id: boom }
`;

Deno.test("run: no encoding of a secret reaches any run file or output line", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-redact-" });
  try {
    await Deno.writeTextFile(join(dir, "app.yaml"), appYaml());
    await Deno.mkdir(join(dir, "scenarios"));
    await Deno.writeTextFile(join(dir, "scenarios/secrets.yaml"), SCENARIOS);
    await Deno.writeTextFile(
      join(dir, "bajutsu.config.yaml"),
      `defaults:
  capture: [screenshot.after, elements, actionLog]
  secrets: [S_QUOTE, S_MARKUP]
targets:
  app:
    platform: fake
    app: app.yaml
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

    // The run did fail where the secrets are quoted, and said so everywhere.
    const manifestPath = lines.at(-1)!.replace(/^FAIL {2}/, "");
    const manifest = JSON.parse(await Deno.readTextFile(manifestPath));
    const failures = manifest.scenarios.map((s: { failure: string }) => s.failure);
    assert.equal(failures.length, 5);
    for (const f of failures) assert.match(f, /\[REDACTED\]/, f);
    assert.match(failures[4], /^error: E_FAKE_FIXTURE fake app: set target/);
    assert.equal(lines.filter((l) => l.startsWith("::error")).length, 5, lines.join("\n"));

    const { leaks, scanned } = await findLeaks(runsDir, SECRETS, lines);
    // The scan covered every kind of file the run writes.
    const runId = manifestPath.split("/").at(-2);
    for (
      const f of [
        "index.html",
        `${runId}/manifest.json`,
        `${runId}/ctrf.json`,
        `${runId}/junit.xml`,
        `${runId}/report.html`,
        `${runId}/scenario.yaml`,
        `${runId}/00-wait-for-a-secret-label/step1/wait-timeout.json`,
        `${runId}/01-label-assertion-quoting-secrets/step0/elements.json`,
        `${runId}/01-label-assertion-quoting-secrets/network.json`,
      ]
    ) assert.ok(scanned.includes(f), `${f} was written and scanned: ${scanned.join(", ")}`);
    const network = await Deno.readTextFile(
      join(runsDir, `${runId}/01-label-assertion-quoting-secrets/network.json`),
    );
    assert.match(network, /\[REDACTED\]/);
    assert.deepEqual(leaks, []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the leak oracle finds every spelling it claims to (a scan that cannot fail proves nothing)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-oracle-" });
  try {
    const planted: string[] = [];
    let i = 0;
    for (const [name, secret] of Object.entries(SECRETS)) {
      for (const [encoding, form] of encodingsOf(secret)) {
        const file = `f${i++}.txt`;
        await Deno.writeTextFile(join(dir, file), `before ${form} after`);
        planted.push(`${file}: ${encoding} of ${name}`);
      }
    }
    await Deno.writeTextFile(join(dir, "shot.png"), SECRETS.S_QUOTE);
    const { leaks, scanned } = await findLeaks(dir, SECRETS, [`line ${SECRETS.S_MARKUP}`]);
    assert.ok(!scanned.includes("shot.png"), "images are not scanned");
    // Each planted file is found (under the first name of an identical spelling).
    for (const p of planted) {
      const file = p.split(":")[0];
      assert.ok(leaks.some((l) => l.startsWith(`${file}: `)), `${p} is found`);
    }
    assert.ok(leaks.includes("output line 0: raw of S_MARKUP"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
