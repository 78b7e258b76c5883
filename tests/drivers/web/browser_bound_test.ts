/**
 * Browser-level calls of a lease (src/drivers/web/browser_bound.ts) end at once when the browser
 * disconnects while they are in flight, at the timeout when it stops answering, and leave no
 * listener behind; a lease being set up when the browser dies fails at once.
 */
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import type { Browser } from "playwright-core";
import { boundedByBrowser } from "../../../src/drivers/web/browser_bound.ts";
import { DeviceTimeout } from "../../../src/drivers/driver.ts";
import { BrowserGone } from "../../../src/drivers/web/errors.ts";
import { createWebFactory } from "../../../src/drivers/web/environment.ts";
import { startRequest, webEffective } from "./fixture.ts";

/** Just the part of a Browser the bound uses: its connection state and `disconnected`. */
class FakeBrowser extends EventEmitter {
  connected = true;
  isConnected(): boolean {
    return this.connected;
  }
  kill(): void {
    this.connected = false;
    this.emit("disconnected");
  }
}

const asBrowser = (b: FakeBrowser) => b as unknown as Browser;
const never = () => new Promise<never>(() => {});

Deno.test("a call that answers returns its value and leaves no listener", async () => {
  const b = new FakeBrowser();
  const v = await boundedByBrowser(
    { browser: asBrowser(b), remote: false, timeoutMs: 60_000 },
    "new page",
    Promise.resolve(42),
  );
  assert.equal(v, 42);
  assert.equal(b.listenerCount("disconnected"), 0);
});

Deno.test("a browser that dies while a call is in flight ends it at once with BrowserGone", async () => {
  const b = new FakeBrowser();
  const call = boundedByBrowser(
    { browser: asBrowser(b), remote: false, timeoutMs: 60_000 },
    "new page",
    never(),
  );
  b.kill();
  await assert.rejects(call, (e: unknown) => {
    assert.ok(e instanceof BrowserGone);
    assert.equal(e.message, "playwright: the browser process exited during new page");
    return true;
  });
  assert.equal(b.listenerCount("disconnected"), 0);
});

Deno.test("a browser already gone fails the call before it is awaited; a server says so", async () => {
  const b = new FakeBrowser();
  b.kill();
  await assert.rejects(
    boundedByBrowser(
      { browser: asBrowser(b), remote: true, timeoutMs: 60_000 },
      "new context",
      never(),
    ),
    /the connection to the browser server closed during new context/,
  );
});

Deno.test("a call that never answers ends at the timeout; its late failure is handled", async () => {
  const b = new FakeBrowser();
  let fail: (e: Error) => void = () => {};
  const late = new Promise<never>((_, reject) => fail = reject);
  await assert.rejects(
    boundedByBrowser({ browser: asBrowser(b), remote: false, timeoutMs: 1 }, "new page", late),
    (e: unknown) => e instanceof DeviceTimeout && /new page timed out after 0.001s/.test(e.message),
  );
  fail(new Error("Target closed")); // no unhandled rejection
  assert.equal(b.listenerCount("disconnected"), 0);
});

/** A browser whose new contexts never come: the lease waits on it until it dies. */
class WedgedBrowser extends FakeBrowser {
  contexts = 0;
  version(): string {
    return "0";
  }
  newContext(): Promise<never> {
    this.contexts++;
    return never();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

Deno.test("a lease whose browser dies while its context is being made fails at once as BrowserGone", async () => {
  const b = new WedgedBrowser();
  const factory = await createWebFactory(webEffective({ baseUrl: "http://127.0.0.1:9/" }), {
    browser: asBrowser(b),
    opTimeoutS: 3600,
  });
  try {
    const env = await factory.create("chromium-0", "playwright");
    const started = env.start(startRequest());
    await until(() => b.contexts === 1);
    b.kill();
    await assert.rejects(started, (e: unknown) => {
      assert.ok(e instanceof BrowserGone);
      assert.match(e.message, /the browser process exited during new context/);
      return true;
    });
  } finally {
    await factory.close();
  }
});

async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1000 && !done(); turn++) await new Promise((r) => setTimeout(r, 0));
  assert.ok(done(), "the lease asked for its context");
}
