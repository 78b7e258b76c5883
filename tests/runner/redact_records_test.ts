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
            reason: "cookie: abc=1",
          }],
        }),
      ],
      vars: { file: SECRET, token: `x ${SECRET}` },
    },
    skippedCaptures: [{ kind: "video", reason: `recorder said ${SECRET}` }],
  };
  const out = recordRedactor(new Redactor({ secrets: [SECRET], onWarning: () => {} }))(record);
  assert.equal(out.result.failure, 'step 1 (tap): no match: {"label":"[REDACTED]"}');
  assert.equal(out.result.steps[0].reason, 'no match: {"label":"[REDACTED]"}');
  assert.deepEqual(out.result.steps[0].selector, { label: "[REDACTED]" });
  assert.equal(out.result.steps[0].assertionResults[0].detail, 'label equals="[REDACTED]"');
  // The key rules apply too (a `cookie:` line), not only the secret values.
  assert.equal(out.result.steps[0].assertionResults[0].reason, "cookie: [REDACTED]");
  assert.deepEqual(out.result.vars, { file: "[REDACTED]", token: "x [REDACTED]" });
  assert.equal(out.skippedCaptures[0].reason, "recorder said [REDACTED]");
  // Paths name files on disk: kept, or the report's links would break.
  assert.equal(out.result.steps[0].artifacts[0].name, path);
  assert.equal(out.file, record.file);
  assert.equal(out.sid, record.sid);
  // The input is left as it was.
  assert.equal(record.result.steps[0].reason, `no match: {"label":"${QUOTED}"}`);
});
