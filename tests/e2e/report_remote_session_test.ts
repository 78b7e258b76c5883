/**
 * report.html in a real headless Chromium: a scenario that ran on remote sessions links each
 * attempt's session to the cloud's own page (docs/backends.md#the-manifest-and-the-clouds-video).
 * The link is the session URL as recorded (after the report's redaction), only for a plain
 * http(s) URL without credentials; everything the server chose (session ids, URLs) is text, never
 * markup; no secret reaches the page.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { writeReport } from "../../src/report/write_report.ts";
import { Redactor } from "../../src/evidence/redact.ts";
import { recordRedactor } from "../../src/runner/redact_records.ts";
import type { RemoteSessionRecord } from "../../src/report/model.ts";
import { CHROMIUM_ARGS } from "../../src/drivers/web/browsers.ts";
import { smallRun } from "../report/fixtures.ts";

const SECRET = "K3Y-s3cr3t-9f2";
const ENDPOINT = "https://hub.cloud.example/wd/hub";
/** A session id a hostile server could return: markup, never to be parsed as such. */
const HOSTILE_ID = `<img src=x onerror="document.title='owned'">`;
/** A valid page URL with characters that need escaping in HTML and in a script block. */
const PAGE = `https://cloud.example/sessions/0f3c?view=video&from=</script><b>"x"</b>`;

const SESSIONS: RemoteSessionRecord[] = [
  { attempt: 1, endpoint: ENDPOINT, sessionId: "0f3c", sessionUrl: PAGE },
  { attempt: 2, endpoint: ENDPOINT, sessionId: "1a2b", sessionUrl: "javascript:alert(1)" },
  {
    attempt: 3,
    endpoint: ENDPOINT,
    sessionId: "2c3d",
    sessionUrl: `https://cloud.example/sessions/2c3d/video?sig=${SECRET}`,
  },
  {
    attempt: 4,
    endpoint: ENDPOINT,
    sessionId: "3e4f",
    sessionUrl: "https://ada:hunter2@cloud.example/sessions/3e4f",
  },
  { attempt: 5, endpoint: ENDPOINT, sessionId: HOSTILE_ID, sessionUrl: null },
];

interface Row {
  key: string;
  text: string;
  links: { href: string | null; target: string | null; rel: string | null }[];
  elements: number;
}

Deno.test("report.html links each remote session to its page: http(s) only, no credentials, escaped, no secret", async () => {
  const root = await Deno.makeTempDir();
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS],
  });
  try {
    const runDir = join(root, "20240501-101500");
    await Deno.mkdir(runDir);
    const input = smallRun();
    // The failing scenario (opened on load) ran on five sessions; the run's last redaction pass
    // goes over the records as the pipeline's does before the reports.
    const redact = recordRedactor(new Redactor({ secrets: [SECRET] }));
    input.results[1] = redact({ ...input.results[1], remoteSessions: SESSIONS });
    await writeReport(runDir, input);
    const html = await Deno.readTextFile(join(runDir, "report.html"));
    assert.ok(!html.includes(SECRET), "the secret reached report.html");
    assert.ok(!html.includes("</script><b>"), "the URL closed a script block");
    assert.ok(!html.includes(HOSTILE_ID), "the session id is raw markup in the page");

    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("console", (m) => {
      // The fixture's screenshots are not on disk; anything else is a problem.
      if (m.type() === "error" && !m.text().includes("ERR_FILE_NOT_FOUND")) {
        problems.push(`console: ${m.text()}`);
      }
    });
    page.on("dialog", (d) => {
      problems.push(`dialog: ${d.message()}`);
      d.dismiss().catch(() => {});
    });
    await page.goto(pathToFileURL(join(runDir, "report.html")).href);
    const env = page.locator("details.scn.fail table.env");
    await env.waitFor({ state: "attached" });
    const rows: Row[] = await env.locator("tr").evaluateAll((trs) =>
      trs.map((tr) => {
        const [k, v] = [...tr.querySelectorAll("td")];
        return {
          key: k?.textContent ?? "",
          text: v?.textContent ?? "",
          links: [...(v?.querySelectorAll("a") ?? [])].map((a) => ({
            href: a.getAttribute("href"),
            target: a.getAttribute("target"),
            rel: a.getAttribute("rel"),
          })),
          elements: v?.querySelectorAll("*").length ?? 0,
        };
      })
    );
    const remote = rows.filter((r) => r.key.startsWith("remote session "));
    assert.deepEqual(remote.map((r) => r.key), [1, 2, 3, 4, 5].map((i) => `remote session ${i}`));
    const label = (id: string) => `${ENDPOINT} · session ${id}`;
    // 1: a link to the page, its href the recorded URL exactly, opened apart from the report.
    assert.equal(remote[0].text, label("0f3c"));
    assert.deepEqual(remote[0].links, [
      { href: PAGE, target: "_blank", rel: "noopener noreferrer" },
    ]);
    // 2: a script URL is no link.
    assert.equal(remote[1].text, label("1a2b"));
    assert.deepEqual(remote[1].links, []);
    // 3: the secret in the URL was masked before the report; the masked page is still linked.
    assert.equal(remote[2].links.length, 1);
    assert.equal(
      remote[2].links[0].href,
      "https://cloud.example/sessions/2c3d/video?sig=[REDACTED]",
    );
    // 4: a URL carrying credentials is no link (and shows none).
    assert.equal(remote[3].text, label("3e4f"));
    assert.deepEqual(remote[3].links, []);
    // 5: no page: the label alone, the server's id as text.
    assert.equal(remote[4].text, label(HOSTILE_ID));
    assert.deepEqual(remote[4].links, []);
    for (const r of remote) {
      assert.ok(r.elements <= 1, `markup in ${r.key}: ${r.elements} elements`);
    }

    const shown = await page.locator("body").innerText();
    assert.ok(!shown.includes(SECRET) && !shown.includes("hunter2"));
    assert.equal(await page.title(), "Bajutsu run 20240501-101500", "the hostile id ran");
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await Deno.remove(root, { recursive: true });
  }
});
