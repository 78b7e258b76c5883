/** The traffic logs (device.log, network.json): redacted, typed secrets masked by prefix. */
import assert from "node:assert/strict";
import type { Exchange } from "../../src/drivers/driver.ts";
import { REDACTED } from "../../src/evidence/redact.ts";
import { recordingDriver } from "./driver_double.ts";
import { sinkFixture } from "./sink_fixture.ts";

const SECRET = "S3cretPassw0rd!";

function exchange(url: string, requestBody: string | null): Exchange {
  return {
    method: "POST",
    url,
    path: new URL(url).pathname,
    status: 200,
    requestHeaders: { authorization: "Bearer abc" },
    responseHeaders: {},
    requestBody,
    responseBody: null,
    startedAt: 1_700_000_000,
    durationMs: 5,
    mocked: false,
  };
}

Deno.test("device.log masks the prefixes of a secret the scenario typed", async () => {
  const f = await sinkFixture({ secrets: [SECRET] });
  try {
    const lines = ["S", "S3", "S3c", "S3cr", "S3cretPass", SECRET].map((p) => `[log] check ${p}`);
    const { driver } = recordingDriver({ intervals: { content: () => lines.join("\n") + "\n" } });
    f.sink.beginScenario("00-a");
    f.sink.noteTyped(SECRET);
    const started = await f.sink.startIntervals(driver, "step0", ["deviceLog"]);
    await f.sink.stopIntervals("step0", started);
    assert.equal(
      await Deno.readTextFile(f.path("00-a", "step0", "device.log")),
      ["S", "S3", "S3c", REDACTED, REDACTED, REDACTED].map((p) => `[log] check ${p}\n`).join(""),
    );
  } finally {
    await f.cleanup();
  }
});

Deno.test("network.json: written private by the sink, keys and typed prefixes masked", async () => {
  const f = await sinkFixture({ secrets: [SECRET], provider: "playwright" });
  try {
    f.sink.beginScenario("00-a");
    f.sink.noteTyped(`${SECRET}\n`);
    const artifact = await f.sink.network([
      exchange("https://app.test/strength?pw=S3cr", '{"pw":"S3cretPa"}'),
      exchange(`https://app.test/login?pw=${encodeURIComponent(SECRET)}`, null),
    ]);
    assert.deepEqual(artifact, {
      name: "00-a/network.json",
      kind: "network",
      provider: "playwright",
    });
    assert.equal(await f.mode("00-a/network.json"), 0o600);
    const written = JSON.parse(await Deno.readTextFile(f.path("00-a", "network.json")));
    assert.deepEqual(written.map((e: Exchange) => [e.url, e.requestBody, e.requestHeaders]), [
      [`https://app.test/strength?pw=${REDACTED}`, `{"pw":"${REDACTED}"}`, {
        authorization: REDACTED,
      }],
      [`https://app.test/login?pw=${REDACTED}`, null, { authorization: REDACTED }],
    ]);
  } finally {
    await f.cleanup();
  }
});

Deno.test("network.json: prefixes of a secret never typed are left alone", async () => {
  const f = await sinkFixture({ secrets: [SECRET] });
  try {
    f.sink.beginScenario("00-a");
    await f.sink.network([exchange("https://app.test/s?q=S3cretPa", null)]);
    const written = JSON.parse(await Deno.readTextFile(f.path("00-a", "network.json")));
    assert.equal(written[0].url, "https://app.test/s?q=S3cretPa");
  } finally {
    await f.cleanup();
  }
});

Deno.test("network.json: a failed write is logged and lists nothing", async () => {
  const f = await sinkFixture();
  try {
    f.sink.beginScenario("00-a");
    await Deno.mkdir(f.path("00-a", "network.json"), { recursive: true });
    assert.equal(await f.sink.network([exchange("https://app.test/", null)]), null);
    assert.equal(f.logs.length, 1);
    assert.match(f.logs[0], /writing 00-a\/network\.json failed/);
  } finally {
    await f.cleanup();
  }
});
