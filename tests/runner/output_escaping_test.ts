import assert from "node:assert/strict";
import { annotationFor, escapeData, escapeProperty } from "../../src/runner/github_annotations.ts";
import { formatProgress, formatStepLine } from "../../src/runner/progress.ts";
import type { RunResult } from "../../src/orchestrator/types.ts";
import type { ScenarioRecord } from "../../src/report/model.ts";

const EVIL = "login\n::add-mask::x\r\n::error::pwned \x1b[2J\u202eevil";

function failed(failure: string): RunResult {
  return {
    scenario: EVIL,
    ok: false,
    steps: [],
    expectResults: [],
    failure,
    beforeOutcomes: [],
    afterOutcomes: [],
    durationS: 1,
    vars: {},
  } as unknown as RunResult;
}

Deno.test("progress lines are one printable line whatever the names and failure hold", () => {
  const lines = [
    formatProgress({ type: "scenarioStart", ordinal: 1, total: 2, name: EVIL, sid: "00-x" }, {
      color: true,
    }),
    formatProgress({
      type: "scenarioEnd",
      ordinal: 1,
      total: 2,
      record: {
        result: failed(`step 0 (manual): manual takeover step: ${EVIL}`),
      } as ScenarioRecord,
    }, { color: false }),
    formatProgress({ type: "log", line: EVIL }, { color: false }),
    formatStepLine("00-x", "steps", 0, EVIL),
  ];
  for (const line of lines) {
    assert.ok(line !== null);
    assert.ok(!/[\n\r\u202e]/.test(line), JSON.stringify(line));
    // deno-lint-ignore no-control-regex
    assert.ok(!line.replace(/\x1b\[(?:0|3[12])m/g, "").includes("\x1b"), "only our own colours");
    assert.ok(line.includes("login\\n::add-mask::x\\r\\n::error::pwned \\x1b[2J\\u{202e}evil"));
  }
});

Deno.test("workflow-command encoding: data escapes %, CR, LF; properties also : and ,", () => {
  assert.equal(escapeData("100% a\r\nb"), "100%25 a%0D%0Ab");
  assert.equal(escapeProperty("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
});

Deno.test("an annotation cannot be ended early or start another command", () => {
  const result = failed(`step 2 (manual): manual takeover step: ${EVIL}\n50% done`);
  const line = annotationFor(result, "suite/we,ird:name\n::warning::x.yaml")!;
  assert.equal(
    line,
    "::error file=suite/we%2Cird%3Aname\\n%3A%3Awarning%3A%3Ax.yaml::" +
      "step 2 (manual): manual takeover step: login%0A::add-mask::x\\r%0A::error::pwned " +
      "\\x1b[2J\\u{202e}evil%0A50%25 done",
  );
  // deno-lint-ignore no-control-regex
  assert.ok(!/[\n\r\x1b\u202e]/.test(line));
});
