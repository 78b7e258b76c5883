import assert from "node:assert/strict";
import {
  renderCandidate,
  renderSelector,
  renderSelectorPairs,
} from "../../src/selectors/render.ts";

Deno.test("renderSelector orders keys as the field table, recursively", () => {
  const sel = {
    index: -1,
    within: { traits: ["table"], id: "list" },
    value: "v",
    traits: ["cell"],
    labelMatches: "^A",
    label: "A",
    idMatches: ["x.*"],
    id: "x.1",
  };
  assert.equal(
    renderSelector(sel),
    '{"id":"x.1","idMatches":["x.*"],"label":"A","labelMatches":"^A","traits":["cell"],' +
      '"value":"v","within":{"id":"list","traits":["table"]},"index":-1}',
  );
});

Deno.test("renderSelector omits absent fields but keeps empty traits", () => {
  assert.equal(renderSelector({ traits: [], label: "OK" }), '{"label":"OK","traits":[]}');
});

Deno.test("renderSelectorPairs joins key=json pairs with comma-space", () => {
  assert.equal(
    renderSelectorPairs({ traits: ["button"], id: "home.title" }),
    'id="home.title", traits=["button"]',
  );
  assert.equal(
    renderSelectorPairs({ label: "x", within: { id: "w" }, index: 0 }),
    'label="x", within={"id":"w"}, index=0',
  );
});

Deno.test("renderCandidate prefers id, then JSON label, then anonymous", () => {
  assert.equal(
    renderCandidate({ identifier: "a", label: "A", frame: [0, 0, 1, 2] }),
    "id=a@[0,0,1,2]",
  );
  assert.equal(
    renderCandidate({ identifier: null, label: "A", frame: [1.5, 0, 1, 2] }),
    'label="A"@[1.5,0,1,2]',
  );
  assert.equal(
    renderCandidate({ identifier: null, label: null, frame: [0, 0, 0, 0] }),
    "anonymous@[0,0,0,0]",
  );
});
