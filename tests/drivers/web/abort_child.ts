/**
 * For tests/drivers/web/environment_test.ts: opens a web lane on the page at `Deno.args[0]`,
 * aborts the factory, and prints what is left in the process's temp folder (its own, set by the
 * test), one fact per line.
 */
import { createWebFactory } from "../../../src/drivers/web/environment.ts";
import { startRequest, webEffective } from "./fixture.ts";

const tmp = Deno.env.get("TMPDIR")!;
const profiles = () =>
  [...Deno.readDirSync(tmp)].filter((e) => e.name.startsWith("playwright")).length;
const factory = await createWebFactory(webEffective({ baseUrl: Deno.args[0] }), {});
const env = await factory.create("chromium-0", "playwright");
await env.start(startRequest());
console.log(`playwright folders while running: ${profiles()}`);
await factory.abort!();
console.log(`connected after abort: ${factory.browser.isConnected()}`);
console.log(`playwright folders after abort: ${profiles()}`);
