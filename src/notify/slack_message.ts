/**
 * The Slack messages of a run (docs/configuration.md#notify): `text` (what notifications and
 * clients without blocks show) plus Block Kit blocks. Author text (scenario names, failure
 * reasons quoting the app) is bounded in length and escaped, so it cannot mention `@channel`
 * or forge a link.
 *
 * @module
 */

/** Failures listed by name; the rest are counted. */
export const MAX_LISTED_FAILURES = 5;
/** Characters kept of one failure reason. */
export const MAX_FAILURE_CHARS = 300;
/** Characters kept of a scenario or target name. */
const MAX_NAME_CHARS = 100;

/** One failed scenario as the message shows it. */
export interface FailedScenario {
  scenario: string;
  failure: string;
}

/** What a post-verdict message says about a run. */
export interface RunOutcome {
  target: string;
  runId: string;
  ok: boolean;
  cancelled: boolean;
  passed: number;
  total: number;
  failed: FailedScenario[];
  /** The report as the verdict line shows paths (relative to where the run started). */
  reportPath: string;
}

/** What the start message says about a run. */
export interface RunStart {
  target: string;
  runId: string;
  scenarios: number;
}

/** A Slack message body. */
export interface SlackBody {
  text: string;
  blocks: Record<string, unknown>[];
}

/**
 * `&`, `<` and `>` escaped as Slack requires, the text cut to `max` characters.
 *
 * @example
 * ```ts
 * slackText("<!channel> a & b", 100); // "&lt;!channel&gt; a &amp; b"
 * ```
 */
export function slackText(text: string, max: number): string {
  const chars = [...text];
  const cut = chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
  return cut.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const name = (s: string) => slackText(s, MAX_NAME_CHARS);
const section = (text: string) => ({ type: "section", text: { type: "mrkdwn", text } });
const context = (text: string) => ({
  type: "context",
  elements: [{ type: "mrkdwn", text }],
});

/**
 * The message posted after the verdict.
 *
 * @example
 * ```ts
 * slackFinish({ target: "app", runId: "20260101-000000", ok: false, cancelled: false, passed: 1,
 *   total: 2, failed: [{ scenario: "log in", failure: "no element matches {\"id\":\"submit\"}" }],
 *   reportPath: "runs/20260101-000000/report.html" }).text;
 * // "❌ bajutsu FAIL · target app · 1/2 passed · run 20260101-000000\n• log in: no element …"
 * ```
 */
export function slackFinish(o: RunOutcome): SlackBody {
  const verdict = o.ok ? "✅ bajutsu PASS" : `❌ bajutsu FAIL${o.cancelled ? " (cancelled)" : ""}`;
  const head = `${verdict} · target ${name(o.target)} · ${o.passed}/${o.total} passed · run ${
    name(o.runId)
  }`;
  const listed = o.failed.slice(0, MAX_LISTED_FAILURES).map((f) =>
    `• ${name(f.scenario)}: ${slackText(f.failure || "failed", MAX_FAILURE_CHARS)}`
  );
  const more = o.failed.length - listed.length;
  if (more > 0) listed.push(`… and ${more} more`);
  const report = `report: ${slackText(o.reportPath, 500)}`;
  const blocks: Record<string, unknown>[] = [section(`*${head}*`)];
  if (listed.length > 0) blocks.push(section(listed.join("\n")));
  blocks.push(context(report));
  return { text: [head, ...listed, report].join("\n"), blocks };
}

/**
 * The message posted when the run starts.
 *
 * @example
 * ```ts
 * slackStart({ target: "app", runId: "20260101-000000", scenarios: 3 }).text;
 * // "▶️ bajutsu run started · target app · 3 scenarios · run 20260101-000000"
 * ```
 */
export function slackStart(s: RunStart): SlackBody {
  const text = `▶️ bajutsu run started · target ${name(s.target)} · ${s.scenarios} scenario${
    s.scenarios === 1 ? "" : "s"
  } · run ${name(s.runId)}`;
  return { text, blocks: [section(text)] };
}
