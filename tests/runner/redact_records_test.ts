import assert from "node:assert/strict";
import { Redactor } from "../../src/evidence/redact.ts";
import { recordRedactor } from "../../src/runner/redact_records.ts";
import { smallRun, step } from "../report/fixtures.ts";

const SECRET = 'se"cr\\et';
const QUOTED = JSON.stringify(SECRET).slice(1, -1);

Deno.test("recordRedactor masks every text of a record and keeps its paths", () => {
  const [, base] = smallRun().results;
  const path = `01-x/${SECRET}/after.png`;
  const record = {
    ...base,
    file: `scenarios/${SECRET}.yaml`,
    result: {
      ...base.result,
      scenario: "accept cookie: banner",
      failure: `step 1 (tap): no match: {"label":"${QUOTED}"}`,
      steps: [
        step(0, "tap", {
          ok: false,
          reason: `no match: {"label":"${QUOTED}"}`,
          selector: { label: SECRET },
          artifacts: [{ name: path, kind: "screenshot", provider: "driver" }],
          assertionResults: [{
            ok: false,
            kind: "label",
            detail: `label equals=${JSON.stringify(SECRET)}`,
            reason: "got ghp_0123456789abcdefABCDEF",
          }],
        }),
      ],
      vars: { file: SECRET, token: `x ${SECRET}` },
    },
    skippedCaptures: [{ kind: "video", reason: `recorder said ${SECRET}` }],
  };
  const warnings: string[] = [];
  const redactor = new Redactor({ secrets: [SECRET], onWarning: (m) => warnings.push(m) });
  const out = recordRedactor(redactor)(record);
  assert.deepEqual(warnings, ["masked a credential-shaped string (GitHub token) in evidence"]);
  assert.equal(out.result.failure, 'step 1 (tap): no match: {"label":"[REDACTED]"}');
  assert.equal(out.result.steps[0].reason, 'no match: {"label":"[REDACTED]"}');
  assert.deepEqual(out.result.steps[0].selector, { label: "[REDACTED]" });
  assert.equal(out.result.steps[0].assertionResults[0].detail, 'label equals="[REDACTED]"');
  // Credential shapes are masked too; key rules are not (names like `accept cookie: banner`).
  assert.equal(out.result.steps[0].assertionResults[0].reason, "got [REDACTED]");
  assert.deepEqual(out.result.vars, { file: "[REDACTED]", token: "x [REDACTED]" });
  assert.equal(out.result.scenario, "accept cookie: banner");
  assert.equal(out.skippedCaptures[0].reason, "recorder said [REDACTED]");
  // Paths name files on disk: kept, or the report's links would break.
  assert.equal(out.result.steps[0].artifacts[0].name, path);
  assert.equal(out.file, record.file);
  assert.equal(out.sid, record.sid);
  // The input is left as it was.
  assert.equal(record.result.steps[0].reason, `no match: {"label":"${QUOTED}"}`);
});
