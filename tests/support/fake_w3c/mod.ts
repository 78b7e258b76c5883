/**
 * The fake W3C server kit: build a fake WebDriverAgent, UiAutomator2 server or Appium grid by
 * adding routes to `FakeW3CServer`; run it in-process or as a script (`script.ts`).
 *
 * @example
 * ```ts
 * import { FakeW3CServer, ok } from "../../support/fake_w3c/mod.ts";
 * const wda = new FakeW3CServer({ flavor: "wda", routes: { "POST /session/:sid/wda/tap": () => ok(null) } });
 * await wda.close();
 * ```
 *
 * @module
 */
export { type FaultSpec } from "./faults.ts";
export { type Disposition, Http1Server, type WireReply, type WireRequest } from "./http1.ts";
export {
  errorStatus,
  type FakeReply,
  type Flavor,
  ok,
  raw,
  statusValue,
  w3cError,
} from "./replies.ts";
export { compileRoute } from "./route_pattern.ts";
export {
  type FakeHandler,
  type FakeRequest,
  type FakeServerOptions,
  FakeW3CServer,
  type RecordedRequest,
} from "./server.ts";
export { LISTENING_PREFIX, runFakeServerScript, type ScriptOptions } from "./script.ts";
