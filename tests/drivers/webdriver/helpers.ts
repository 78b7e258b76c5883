/**
 * Shared setup of the WebDriver client tests: a client on a fake server with a fake clock (no
 * wall sleeps) and a deadline the test controls: an attempt "times out" exactly when the fake
 * server starts holding its request, so hang tests are instant and never depend on load.
 */
import { FakeClock } from "../../../src/time/clock.ts";
import type { AttemptDeadline } from "../../../src/drivers/webdriver/transport.ts";
import { WebDriverClient } from "../../../src/drivers/webdriver/client.ts";
import type { TransportOptions } from "../../../src/drivers/webdriver/transport.ts";
import type { FakeW3CServer } from "../../support/fake_w3c/server.ts";

/** Deadlines that fire when `server` holds the request they guard; records requested seconds. */
export function deadlineOnHold(server: FakeW3CServer): {
  deadline: (seconds: number) => AttemptDeadline;
  requested: number[];
} {
  const requested: number[] = [];
  return {
    requested,
    deadline: (seconds) => {
      requested.push(seconds);
      const controller = new AbortController();
      server.whenHeld(server.heldCount + 1).then(() =>
        controller.abort(new DOMException("test deadline", "TimeoutError"))
      );
      return { signal: controller.signal, dispose: () => {} };
    },
  };
}

/** A client for `server` (or any URL) with a fake clock and hold-driven deadlines. */
export function clientFor(
  server: FakeW3CServer,
  options: Partial<TransportOptions> & { url?: string } = {},
): { client: WebDriverClient; clock: FakeClock; requested: number[] } {
  const clock = new FakeClock();
  const { deadline, requested } = deadlineOnHold(server);
  const client = new WebDriverClient({
    endpoint: options.url ?? server.url,
    clock,
    deadline,
    ...options,
  });
  return { client, clock, requested };
}

/** A loopback port nothing listens on (bound, then released). */
export function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}
