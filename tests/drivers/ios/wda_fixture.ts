/**
 * An in-process fake WebDriverAgent with a WdaDriver on a real session to it: the harness of the
 * iOS driver's unit tests and its contract run.
 */
import { createSession, WebDriverClient } from "../../../src/drivers/webdriver/mod.ts";
import { WdaDriver } from "../../../src/drivers/ios/wda_driver.ts";
import type { FakeAppSpec } from "../../../src/drivers/fake/mod.ts";
import type { FaultSpec } from "../../support/fake_w3c/mod.ts";
import { FakeWda, MemoryAppHost } from "../../support/fake_ios/fake_wda.ts";
import { type Clock, realClock } from "../../../src/time/clock.ts";

export const BUNDLE = "com.example.contract";

export interface WdaLab {
  wda: FakeWda;
  host: MemoryAppHost;
  client: WebDriverClient;
  driver: WdaDriver;
  close(): Promise<void>;
}

/** A fake WDA serving `app`, the app launched, a session open and a driver on it. */
export async function openWdaLab(
  app: FakeAppSpec,
  opts: { faults?: FaultSpec[]; clock?: Clock; maxAttempts?: number; timeoutS?: number } = {},
): Promise<WdaLab> {
  const host = new MemoryAppHost(BUNDLE, app);
  host.launch(BUNDLE, [], {});
  const wda = new FakeWda({ host, faults: opts.faults });
  const clock = opts.clock ?? realClock;
  const client = new WebDriverClient({
    endpoint: wda.url,
    clock,
    serverName: "WebDriverAgent",
    maxAttempts: opts.maxAttempts,
    getTimeoutS: opts.timeoutS ?? 5,
    postTimeoutS: opts.timeoutS ?? 5,
  });
  const caps = { alwaysMatch: { bundleId: BUNDLE, forceAppLaunch: false } };
  const session = await createSession(client, caps);
  const driver = new WdaDriver({
    session,
    clock,
    reopenSession: () => createSession(client, caps),
  });
  return {
    wda,
    host,
    client,
    driver,
    close: async () => {
      client.close();
      await wda.close();
    },
  };
}
