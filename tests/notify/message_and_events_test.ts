import assert from "node:assert/strict";
import { join } from "node:path";
import { finishFires, needsPrevious } from "../../src/notify/events.ts";
import { hookName, resolveHookUrl } from "../../src/notify/hook_url.ts";
import { previousVerdict } from "../../src/notify/previous_verdict.ts";
import {
  MAX_FAILURE_CHARS,
  MAX_LISTED_FAILURES,
  slackFinish,
  slackStart,
  slackText,
} from "../../src/notify/slack_message.ts";

Deno.test("events: failure, always, change and recovery against the previous verdict", () => {
  assert.equal(finishFires(["failure"], false, null), true);
  assert.equal(finishFires(["failure"], true, false), false);
  assert.equal(finishFires(["always"], true, null), true);
  assert.equal(finishFires(["change"], true, false), true);
  assert.equal(finishFires(["change"], false, true), true);
  assert.equal(finishFires(["change"], true, true), false);
  assert.equal(finishFires(["change"], false, null), false);
  assert.equal(finishFires(["recovery"], true, false), true);
  assert.equal(finishFires(["recovery"], false, true), false);
  assert.equal(finishFires(["recovery"], true, null), false);
  assert.equal(finishFires(["start"], false, true), false);
  assert.equal(needsPrevious(["failure", "recovery"]), true);
  assert.equal(needsPrevious(["always", "change"]), false);
});

Deno.test("slack: the finish message names target, verdict, counts, failures, run and report", () => {
  const body = slackFinish({
    target: "app",
    runId: "20260101-000000",
    ok: false,
    cancelled: true,
    passed: 1,
    total: 2,
    failed: [{ scenario: "log in", failure: 'no element matches {"id":"submit"}' }],
    reportPath: "runs/20260101-000000/report.html",
  });
  assert.equal(
    body.text,
    [
      "❌ bajutsu FAIL (cancelled) · target app · 1/2 passed · run 20260101-000000",
      '• log in: no element matches {"id":"submit"}',
      "report: runs/20260101-000000/report.html",
    ].join("\n"),
  );
  assert.equal(body.blocks.length, 3);
  assert.match(slackStart({ target: "app", runId: "r", scenarios: 1 }).text, /1 scenario · run r$/);
});

Deno.test("slack: failures are bounded in number and length, and author text is escaped", () => {
  const failed = Array.from({ length: 8 }, (_, i) => ({
    scenario: `<!channel> s${i}`,
    failure: "x".repeat(1000),
  }));
  const body = slackFinish({
    target: "a&b",
    runId: "r",
    ok: false,
    cancelled: false,
    passed: 0,
    total: 8,
    failed,
    reportPath: "report.html",
  });
  const lines = body.text.split("\n");
  assert.equal(lines.filter((l) => l.startsWith("• ")).length, MAX_LISTED_FAILURES);
  assert.ok(lines.includes("… and 3 more"));
  assert.ok(!body.text.includes("<!channel>"));
  assert.ok(body.text.includes("&lt;!channel&gt; s0"));
  assert.ok(lines[0].includes("target a&amp;b"));
  const reason = lines[1].slice(lines[1].indexOf(": ") + 2);
  assert.equal([...reason].length, MAX_FAILURE_CHARS);
  assert.equal(slackText("abc", 2), "a…");
});

Deno.test("hook url: ${secrets.NAME} resolves; unset or non-http urls are refused without the value", () => {
  assert.deepEqual(resolveHookUrl("${secrets.HOOK}", { HOOK: "https://hooks.slack.com/s/T/B/k" }), {
    ok: true,
    url: "https://hooks.slack.com/s/T/B/k",
    host: "hooks.slack.com",
  });
  const unset = resolveHookUrl("https://h/${secrets.KEY}", {});
  assert.equal(unset.ok, false);
  assert.match((unset as { reason: string }).reason, /\$\{secrets\.KEY\} is not set/);
  const ftp = resolveHookUrl("${secrets.HOOK}", { HOOK: "ftp://x/secret" });
  assert.deepEqual(ftp, { ok: false, reason: "the url is not http:// or https://" });
  assert.equal(hookName(2, "h:1"), "notify[2] (h:1)");
});

Deno.test("previous verdict: the newest earlier run of the same target, scoped to scenario names", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-prev-" });
  try {
    const write = async (id: string, ok: boolean, scenarios: [string, boolean, string][]) => {
      await Deno.mkdir(join(dir, id));
      await Deno.writeTextFile(
        join(dir, id, "manifest.json"),
        JSON.stringify({
          runId: id,
          ok,
          scenarios: scenarios.map(([scenario, ok, target]) => ({ scenario, ok, target })),
        }),
      );
    };
    await write("20260101-100000", false, [["a", false, "app"], ["b", true, "app"]]);
    await write("20260101-110000", true, [["a", true, "other"]]);
    await write("20260101-110000-2", true, [["b", true, "app"]]);
    await Deno.mkdir(join(dir, "20260101-115000")); // no manifest: skipped
    await write("merged-20260101-115900", true, [["a", true, "app"]]); // not a run of `run`
    await write("20260101-130000", true, [["a", true, "app"]]); // later than the current run
    const current = "20260101-120000";
    assert.equal(await previousVerdict(dir, current, "app"), true);
    assert.equal(await previousVerdict(dir, current, "app", ["a"]), false);
    assert.equal(await previousVerdict(dir, current, "other"), true);
    assert.equal(await previousVerdict(dir, current, "nobody"), null);
    assert.equal(await previousVerdict(join(dir, "missing"), current, "app"), null);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
