/** Host (DNS rebinding), Origin (CSRF) and token/session checks as pure units. */
import assert from "node:assert/strict";
import {
  allowedHostNames,
  HostGuard,
  isLoopbackHost,
  parseHostHeader,
} from "../../src/serve/host_guard.ts";
import { isForeignOriginWrite } from "../../src/serve/origin_guard.ts";
import { cookieValue, sessionCookie, TokenAuth } from "../../src/serve/auth.ts";

const facts = {
  interfaceAddresses: () => ["127.0.0.1", "192.168.1.20", "fe80::1%eth0"],
  hostname: () => "box",
};

Deno.test("loopback hosts", () => {
  for (const h of ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "LOCALHOST"]) {
    assert.ok(isLoopbackHost(h), h);
  }
  for (const h of ["0.0.0.0", "192.168.1.20", "example.com", "::"]) {
    assert.ok(!isLoopbackHost(h), h);
  }
});

Deno.test("Host header parsing", () => {
  assert.deepEqual(parseHostHeader("127.0.0.1:8765"), { name: "127.0.0.1", port: 8765 });
  assert.deepEqual(parseHostHeader("[::1]:80"), { name: "::1", port: 80 });
  assert.deepEqual(parseHostHeader("LocalHost"), { name: "localhost", port: null });
  assert.equal(parseHostHeader("a b"), null);
  assert.equal(parseHostHeader("x:99999"), null);
  assert.equal(parseHostHeader("evil.com@127.0.0.1"), null);
});

Deno.test("a loopback bind accepts its own names on its port and nothing else", () => {
  const g = new HostGuard("127.0.0.1", 8765, facts);
  assert.ok(g.allows("127.0.0.1:8765"));
  assert.ok(g.allows("localhost:8765"));
  assert.ok(!g.allows("localhost:8766"), "another port");
  assert.ok(!g.allows("evil.example:8765"), "a rebound name");
  assert.ok(!g.allows("192.168.1.20:8765"), "an interface it is not bound to");
  assert.ok(!g.allows(null), "no Host at all");
  assert.ok(!g.allows("127.0.0.1"), "port 80 implied");
  assert.ok(new HostGuard("127.0.0.1", 80, facts).allows("127.0.0.1"));
});

Deno.test("a wildcard bind accepts every interface address and the host name", () => {
  const names = allowedHostNames("0.0.0.0", facts);
  for (const n of ["127.0.0.1", "192.168.1.20", "fe80::1", "localhost", "box"]) {
    assert.ok(names.has(n), n);
  }
  assert.ok(!names.has("0.0.0.0"));
  const g = new HostGuard("0.0.0.0", 9000, facts);
  assert.ok(g.allows("box:9000"));
  assert.ok(!g.allows("attacker.test:9000"));
});

Deno.test("writes from a foreign Origin are refused; reads and non-browser clients are not", () => {
  const req = (method: string, headers: Record<string, string>) =>
    new Request("http://127.0.0.1:8765/api/run", { method, headers });
  assert.ok(
    isForeignOriginWrite(req("POST", { host: "127.0.0.1:8765", origin: "http://evil.test" })),
  );
  assert.ok(isForeignOriginWrite(req("DELETE", { host: "127.0.0.1:8765", origin: "null" })));
  assert.ok(
    isForeignOriginWrite(req("POST", { host: "127.0.0.1:8765", origin: "http://127.0.0.1:9999" })),
  );
  assert.ok(
    !isForeignOriginWrite(req("POST", { host: "127.0.0.1:8765", origin: "http://127.0.0.1:8765" })),
  );
  assert.ok(!isForeignOriginWrite(req("POST", { host: "127.0.0.1:8765" })), "curl sends no Origin");
  assert.ok(
    !isForeignOriginWrite(req("GET", { host: "127.0.0.1:8765", origin: "http://evil.test" })),
  );
});

Deno.test("token auth: Bearer, login sessions, logout, one-time codes", async () => {
  let n = 0;
  const auth = new TokenAuth("s3cret", () => `id${++n}`);
  const with_ = (h: Record<string, string>) => new Request("http://x/", { headers: h });
  assert.ok(await auth.authorized(with_({ authorization: "Bearer s3cret" })));
  assert.ok(!(await auth.authorized(with_({ authorization: "Bearer wrong" }))));
  assert.ok(!(await auth.authorized(with_({ authorization: "Basic s3cret" }))));
  assert.ok(!(await auth.authorized(with_({}))));
  assert.equal(await auth.login("nope"), null);
  const sid = await auth.login("s3cret");
  assert.equal(sid, "id1");
  assert.ok(await auth.authorized(with_({ cookie: `a=b; bajutsu_session=${sid}` })));
  assert.ok(!(await auth.authorized(with_({ cookie: "bajutsu_session=forged" }))));
  auth.logout(with_({ cookie: `bajutsu_session=${sid}` }));
  assert.ok(!(await auth.authorized(with_({ cookie: `bajutsu_session=${sid}` }))), "logged out");
  const code = auth.issueLoginCode();
  const s2 = auth.redeemLoginCode(code);
  assert.ok(s2);
  assert.equal(auth.redeemLoginCode(code), null, "a login code works once");
  assert.equal(auth.redeemLoginCode("made-up"), null);
});

Deno.test("without a token everything is authorized and login codes do nothing", async () => {
  const auth = new TokenAuth(null);
  assert.ok(await auth.authorized(new Request("http://x/")));
  assert.equal(auth.redeemLoginCode(auth.issueLoginCode()), null);
});

Deno.test("session cookie attributes and parsing", () => {
  assert.equal(sessionCookie("abc"), "bajutsu_session=abc; HttpOnly; SameSite=Strict; Path=/");
  assert.equal(cookieValue("x=1; bajutsu_session=abc ; y=2", "bajutsu_session"), "abc");
  assert.equal(cookieValue("x=1", "bajutsu_session"), null);
  assert.equal(cookieValue(null, "bajutsu_session"), null);
});
