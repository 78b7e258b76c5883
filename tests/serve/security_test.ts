/**
 * Security of serve: token auth on every route but the page shell and login, the session cookie,
 * the one-time login link, CSRF (foreign Origin), DNS rebinding (foreign Host), the security
 * headers on every reply, path confinement of run files, and the non-loopback refusal.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { startServe } from "../../src/serve/server.ts";
import { ServeStartError } from "../../src/serve/errors.ts";
import { call, FakeControl, rawGet, rawStatus, startTestServe, writeRun } from "./helpers.ts";

const TOKEN = "correct horse battery staple";

/** Every route, with a body where it takes one. */
const PROTECTED: [string, string, unknown?][] = [
  ["GET", "/api/info"],
  ["GET", "/api/targets"],
  ["GET", "/api/scenarios?target=app"],
  ["POST", "/api/run", { target: "app", scenario: "quick.yaml" }],
  ["GET", "/api/jobs"],
  ["GET", "/api/jobs/x"],
  ["GET", "/api/jobs/x/events"],
  ["POST", "/api/jobs/x/cancel"],
  ["GET", "/api/runs"],
  ["GET", "/api/runs/trash"],
  ["DELETE", "/api/runs/20240101-000000"],
  ["POST", "/api/runs/20240101-000000/restore"],
  ["POST", "/api/runs/bulk-delete", { ids: ["20240101-000000"] }],
  ["GET", "/runs/20240101-000000/report.html"],
  ["GET", "/runs/20240101-000000/manifest.json"],
  ["GET", "/runs/20240101-000000/archive.zip"],
  ["POST", "/api/lint", { text: "- name: x\n  steps: []\n" }],
  ["GET", "/api/schema"],
];

function init(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return body === undefined ? { method, headers } : {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  };
}

async function withTokenServe(
  fn: (s: Awaited<ReturnType<typeof startTestServe>>) => Promise<void>,
) {
  const control = new FakeControl();
  const s = await startTestServe({
    token: TOKEN,
    control,
    bajutsu: ["bajutsu"],
    wait: () => Promise.resolve(),
  });
  await writeRun(s.runsDir, "20240101-000000", [{ name: "a", ok: true }]);
  try {
    await fn(s);
  } finally {
    for (const p of control.procs) p.exit(1);
    await s.stop();
  }
}

Deno.test("with a token every route but the page shell and login is 401 without credentials", async () => {
  await withTokenServe(async ({ url, runsDir }) => {
    for (const [method, path, body] of PROTECTED) {
      const r = await call(url + path, init(method, body));
      assert.equal(r.status, 401, `${method} ${path}`);
      assert.deepEqual(r.body, { error: "unauthorized", code: "E_UNAUTHORIZED" });
    }
    // Nothing changed behind the refusals.
    assert.ok((await Deno.stat(join(runsDir, "20240101-000000", "manifest.json"))).isFile);
    for (const path of ["/", "/index.html", "/app/main.js", "/app/style.css"]) {
      const r = await fetch(url + path);
      assert.equal(r.status, 200, path);
      await r.body?.cancel();
    }
    const login = await call(`${url}/api/login`, init("POST", { token: "wrong" }));
    assert.equal(login.status, 401);
  });
});

Deno.test("Bearer token and the session cookie both open every route; logout closes it", async () => {
  await withTokenServe(async ({ url }) => {
    const bearer = { authorization: `Bearer ${TOKEN}` };
    for (const [method, path, body] of PROTECTED) {
      const r = await call(url + path, init(method, body, bearer));
      assert.notEqual(r.status, 401, `${method} ${path}`);
    }
    const login = await call(`${url}/api/login`, init("POST", { token: TOKEN }));
    assert.equal(login.status, 200);
    const setCookie = login.headers.get("set-cookie")!;
    assert.match(
      setCookie,
      /^bajutsu_session=[A-Za-z0-9_-]{20,}; HttpOnly; SameSite=Strict; Path=\/$/,
    );
    assert.ok(!setCookie.includes(TOKEN), "the cookie is a session id, not the token");
    const cookie = { cookie: setCookie.split(";")[0] };
    assert.equal((await call(`${url}/api/runs`, init("GET", undefined, cookie))).status, 200);
    const out = await call(`${url}/api/logout`, init("POST", undefined, cookie));
    assert.match(out.headers.get("set-cookie")!, /Max-Age=0/);
    assert.equal((await call(`${url}/api/runs`, init("GET", undefined, cookie))).status, 401);
  });
});

Deno.test("the one-time login link sets a session once, then points to the login form", async () => {
  await withTokenServe(async ({ server, url }) => {
    assert.ok(server.loginUrl?.startsWith(`${url}/login?code=`));
    assert.ok(!server.loginUrl!.includes(encodeURIComponent(TOKEN)));
    const first = await fetch(server.loginUrl!, { redirect: "manual" });
    assert.equal(first.status, 303);
    assert.equal(first.headers.get("location"), "/");
    const cookie = first.headers.get("set-cookie")!.split(";")[0];
    assert.equal((await call(`${url}/api/runs`, { headers: { cookie } })).status, 200);
    const again = await fetch(server.loginUrl!, { redirect: "manual" });
    assert.equal(again.headers.get("location"), "/?login=expired");
    assert.equal(again.headers.get("set-cookie"), null);
  });
});

Deno.test("state-changing requests with a foreign Origin are refused, even authenticated", async () => {
  await withTokenServe(async ({ url, runsDir }) => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    for (const origin of ["http://evil.test", "null", "http://127.0.0.1:1"]) {
      for (const [method, path, body] of PROTECTED.filter(([m]) => m !== "GET")) {
        const r = await call(url + path, init(method, body, { ...auth, origin }));
        assert.equal(r.status, 403, `${method} ${path} from ${origin}`);
        assert.equal(r.body.code, "E_ORIGIN");
      }
      const login = await call(`${url}/api/login`, init("POST", { token: TOKEN }, { origin }));
      assert.equal(login.status, 403, "no login CSRF either");
    }
    assert.ok((await Deno.stat(join(runsDir, "20240101-000000"))).isDirectory, "not deleted");
    const same = await call(
      `${url}/api/runs/20240101-000000`,
      init("DELETE", undefined, { ...auth, origin: url }),
    );
    assert.equal(same.status, 200, "our own origin may");
  });
});

Deno.test("a Host that names no bound interface is refused on every route (DNS rebinding)", async () => {
  await withTokenServe(async ({ server }) => {
    const port = server.port;
    for (const path of ["/", "/app/main.js", "/api/runs", "/runs/20240101-000000/report.html"]) {
      for (const host of ["evil.test", `evil.test:${port}`, `127.0.0.1:${port + 1}`, "192.0.2.1"]) {
        const status = await rawStatus(
          port,
          `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
        );
        assert.equal(status, 403, `${path} with Host ${host}`);
      }
    }
    const ok = await rawStatus(
      port,
      `GET /api/runs HTTP/1.1\r\nHost: localhost:${port}\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
    );
    assert.equal(ok, 200, "localhost names the loopback interface");
  });
});

Deno.test("every reply carries the security headers; only run files may be framed, by us", async () => {
  await withTokenServe(async ({ url }) => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const replies: [string, Response][] = [];
    for (
      const path of [
        "/",
        "/app/main.js",
        "/api/nope",
        "/api/runs",
        "/runs/20240101-000000/report.html",
        "/runs/nope/x.png",
      ]
    ) {
      replies.push([path, await fetch(url + path, { headers: auth })]);
    }
    replies.push(["401", await fetch(`${url}/api/runs`)]);
    replies.push([
      "403 origin",
      await fetch(`${url}/api/run`, { method: "POST", headers: { origin: "http://x.test" } }),
    ]);
    replies.push(["405", await fetch(`${url}/api/run`, { headers: auth })]);
    for (const [label, r] of replies) {
      await r.body?.cancel();
      assert.equal(r.headers.get("x-content-type-options"), "nosniff", label);
      assert.equal(r.headers.get("referrer-policy"), "no-referrer", label);
      const framing = r.headers.get("x-frame-options");
      const frameable = label === "/runs/20240101-000000/report.html";
      assert.equal(framing, frameable ? "SAMEORIGIN" : "DENY", label);
      assert.match(
        r.headers.get("content-security-policy")!,
        frameable ? /frame-ancestors 'self'/ : /frame-ancestors 'none'/,
        label,
      );
    }
  });
});

Deno.test("run files are confined to the runs folder: traversal is 400, escapes and hidden are 404", async () => {
  const s = await startTestServe({ token: TOKEN });
  const outside = await Deno.makeTempDir({ prefix: "bajutsu-outside-" });
  try {
    const run = await writeRun(s.runsDir, "20240101-000000", [{ name: "a", ok: true }]);
    await Deno.writeTextFile(join(outside, "secret.txt"), "secret");
    await Deno.symlink(join(outside, "secret.txt"), join(run, "leak.txt"));
    await Deno.symlink(outside, join(run, "outdir"));
    await Deno.symlink(outside, join(s.runsDir, "20240105-000000"));
    await Deno.mkdir(join(s.runsDir, ".trash", "20240102-000000"), { recursive: true });
    await Deno.writeTextFile(join(s.runsDir, ".trash", "20240102-000000", "manifest.json"), "{}");
    const auth = `Authorization: Bearer ${TOKEN}\r\n`;
    const cases: [string, number[]][] = [
      ["/runs/../../../etc/passwd", [400, 404]],
      ["/runs/20240101-000000/../../secret.txt", [400, 404]],
      ["/runs/%2e%2e/%2e%2e/etc/passwd", [400, 404]],
      ["/runs/20240101-000000/%2e%2e/%2e%2e/etc/passwd", [400, 404]],
      ["/runs/20240101-000000/..%2f..%2fetc%2fpasswd", [400]],
      ["/runs/20240101-000000/..%5c..%5csecret.txt", [400]],
      ["/runs//etc/passwd", [400]],
      ["/runs/20240101-000000/manifest.json%00.png", [400]],
      ["/runs/20240101-000000/leak.txt", [404]],
      ["/runs/20240101-000000/outdir/secret.txt", [404]],
      ["/runs/20240105-000000/secret.txt", [404]],
      ["/runs/.trash/20240102-000000/manifest.json", [404]],
      ["/runs/%2etrash/20240102-000000/manifest.json", [404]],
      ["/runs/20240105-000000/archive.zip", [404]],
    ];
    for (const [path, expected] of cases) {
      const status = await rawGet(s.server.port, path, auth);
      assert.ok(expected.includes(status), `${path}: ${status}, expected ${expected}`);
    }
    assert.equal(await rawGet(s.server.port, "/runs/20240101-000000/manifest.json", auth), 200);
  } finally {
    await s.stop();
    await Deno.remove(outside, { recursive: true });
  }
});

Deno.test("a non-loopback host without a token refuses to start", async () => {
  await assert.rejects(
    startServe({
      host: "0.0.0.0",
      port: 0,
      token: null,
      configPath: null,
      runsDir: "unused",
      maxConcurrentRuns: 1,
      cancelGraceS: 1,
      retentionDays: 0,
    }),
    (err: unknown) => err instanceof ServeStartError && err.code === "E_INSECURE_HOST",
  );
});
