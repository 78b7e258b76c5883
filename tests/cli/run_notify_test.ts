/**
 * `bajutsu run` posting its webhooks to a real loopback receiver: the start hook, the hook after
 * the verdict line, the secret URL kept out of every output, redaction of the failure text,
 * change/recovery against the previous run, a cancelled run, and a failing receiver that only
 * warns.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCommand } from "../../src/runner/pipeline.ts";
import { CancelSource } from "../../src/time/cancel.ts";
import { FAKE_TARGET, tempDir } from "./run_fixture.ts";

interface Receiver extends AsyncDisposable {
  url: string;
  posts: { text: string }[];
}

/** Answers every POST with `status`; `events` records the arrival order. */
function receiver(events: string[], status = 200): Receiver {
  const posts: { text: string }[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (req) => {
      const body = await req.json();
      posts.push(body);
      events.push(`post ${body.text.split("\n")[0]}`);
      return new Response("ok", { status });
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}/services/T0/B0/xoxb-hook-secret`,
    posts,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

async function config(dir: string, notify: string): Promise<string> {
  const path = join(dir, "bajutsu.config.yaml");
  await Deno.writeTextFile(
    path,
    [
      "defaults:",
      "  secrets: [LOGIN_PASSWORD, HOOK]",
      "targets:",
      "  app:",
      "    platform: fake",
      `    app: ${join(FAKE_TARGET, "../fake_apps/login_app.yaml")}`,
      `    scenarios: ${join(FAKE_TARGET, "scenarios")}`,
      "    readyWhen: { id: getStarted }",
      "notify:",
      ...notify.split("\n").map((l) => `  ${l}`),
    ].join("\n"),
  );
  return path;
}

async function run(
  configPath: string,
  runsDir: string,
  opts: {
    tags?: string[];
    exclude?: string[];
    env?: Record<string, string>;
    cancel?: CancelSource;
    events?: string[];
  },
) {
  const out: string[] = [], err: string[] = [];
  const events = opts.events ?? [];
  const code = await runCommand({
    configPath,
    scenarios: [],
    tags: opts.tags ?? [],
    exclude: opts.exclude ?? [],
    runsDir,
    workers: 1,
  }, {
    stdout: (l) => {
      out.push(l);
      if (/^(PASS|FAIL) {2}/.test(l)) events.push("verdict");
    },
    stderr: (l) => err.push(l),
    progress: { line: (l) => err.push(l), live: () => {} },
    env: (k) => ({ LOGIN_PASSWORD: "hunter2", ...opts.env })[k],
    cwd: Deno.cwd(),
    color: false,
    cancel: opts.cancel ?? new CancelSource(),
  });
  return { code, out, err };
}

/** Every file under `dir`, as text. */
async function allText(dir: string): Promise<string> {
  let text = "";
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) text += await allText(p);
    else if (e.isFile) text += new TextDecoder().decode(await Deno.readFile(p));
  }
  return text;
}

Deno.test("run notify: start, then the failure after the verdict line; the secret URL shows nowhere", async () => {
  const t = await tempDir();
  const events: string[] = [];
  await using r = receiver(events);
  try {
    const cfg = await config(t.dir, "- {url: '${secrets.HOOK}', on: [start, failure]}");
    // The failure quotes the counter label; that text is a secret value here, so it is masked.
    const res = await run(cfg, join(t.dir, "runs"), {
      tags: ["broken"],
      env: { HOOK: r.url, LOGIN_PASSWORD: "Count: 1" },
      events,
    });
    assert.equal(res.code, 1, res.err.join("\n"));
    assert.deepEqual(events.map((e) => e.replace(/ ·.*/, "")), [
      "post ▶️ bajutsu run started",
      "verdict",
      "post ❌ bajutsu FAIL",
    ]);
    const [start, finish] = r.posts;
    assert.match(start.text, /target app · 1 scenario · run \d{8}-\d{6}$/);
    const lines = finish.text.split("\n");
    assert.match(lines[0], /^❌ bajutsu FAIL · target app · 0\/1 passed · run \d{8}-\d{6}$/);
    assert.match(lines[1], /^• counter reads five: /);
    assert.ok(!finish.text.includes("Count: 1"), finish.text);
    assert.match(lines[2], /^report: .*runs\/\d{8}-\d{6}\/report\.html$/);
    const printed = [...res.out, ...res.err].join("\n");
    assert.ok(!printed.includes("xoxb-hook-secret"), printed);
    assert.ok(!(await allText(join(t.dir, "runs"))).includes("xoxb-hook-secret"));
  } finally {
    await t.cleanup();
  }
});

Deno.test("run notify: change and recovery compare with the previous run of the target", async () => {
  const t = await tempDir();
  const events: string[] = [];
  await using r = receiver(events);
  try {
    const cfg = await config(
      t.dir,
      `- {url: '${"${secrets.HOOK}"}', on: [recovery]}\n- {url: '${"${secrets.HOOK}"}', on: change}`,
    );
    const runs = join(t.dir, "runs");
    const env = { HOOK: r.url };
    // The first run has no previous run: neither fires.
    assert.equal((await run(cfg, runs, { tags: ["broken"], env })).code, 1);
    assert.equal(r.posts.length, 0);
    // A run in the same second takes the id's `-2` suffix, which sorts after: no waiting.
    assert.equal((await run(cfg, runs, { exclude: ["broken"], env })).code, 0);
    assert.equal(r.posts.length, 2);
    assert.ok(r.posts.every((p) => p.text.startsWith("✅ bajutsu PASS")));
    assert.equal((await run(cfg, runs, { exclude: ["broken"], env })).code, 0);
    assert.equal(r.posts.length, 2, "pass after pass is neither a change nor a recovery");
  } finally {
    await t.cleanup();
  }
});

Deno.test("run notify: a cancelled run posts its failure; a hook scoped to other scenarios stays quiet", async () => {
  const t = await tempDir();
  await using r = receiver([]);
  try {
    const cfg = await config(
      t.dir,
      `- {url: '${"${secrets.HOOK}"}'}\n- {url: '${"${secrets.HOOK}"}', on: always, targets: [nothing like it]}`,
    );
    const cancel = new CancelSource();
    cancel.cancel();
    const res = await run(cfg, join(t.dir, "runs"), {
      exclude: ["broken"],
      env: { HOOK: r.url },
      cancel,
    });
    assert.equal(res.code, 1);
    assert.equal(r.posts.length, 1);
    assert.match(r.posts[0].text, /^❌ bajutsu FAIL \(cancelled\) · target app · 0\/2 passed/);
    assert.match(r.posts[0].text, /• log in: cancelled/);
  } finally {
    await t.cleanup();
  }
});

Deno.test("run notify: a receiver answering 404 or an unset secret is one warning; the exit code stands", async () => {
  const t = await tempDir();
  await using r = receiver([], 404);
  try {
    const cfg = await config(
      t.dir,
      `- {url: '${"${secrets.HOOK}"}', on: always}\n- {url: 'https://h/\${secrets.LOGIN_PASSWORD}/\${secrets.UNSET}', on: always}`,
    );
    const res = await run(cfg, join(t.dir, "runs"), { exclude: ["broken"], env: { HOOK: r.url } });
    assert.equal(res.code, 0);
    assert.equal(r.posts.length, 1, "a 404 is not retried");
    const warnings = res.err.filter((l) => l.startsWith("warning: notify"));
    assert.deepEqual(warnings, [
      "warning: notify[1]: not sent: ${secrets.UNSET} is not set (declare the name under secrets and export it)",
      `warning: notify[0] (${new URL(r.url).host}): not delivered after 1 attempt: HTTP 404`,
    ]);
  } finally {
    await t.cleanup();
  }
});
