import assert from "node:assert/strict";
import { translateSelector } from "../../../src/import/maestro/selector.ts";
import { Untranslatable } from "../../../src/import/maestro/findings.ts";
import { parseYaml } from "../../../src/yaml/parse.ts";

function sel(yaml: string, env: Record<string, string> = {}, secrets = new Set<string>()) {
  const node = parseYaml(yaml, "s.yaml").node!;
  return translateSelector(node, { env: new Map(Object.entries(env)), secrets });
}

function refused(yaml: string): Untranslatable {
  try {
    sel(yaml);
  } catch (err) {
    if (err instanceof Untranslatable) return err;
    throw err;
  }
  throw new Error(`translated: ${yaml}`);
}

Deno.test("plain text is an exact label; dots and escaped punctuation are literal", () => {
  assert.deepEqual(sel('"Sign in"'), { label: "Sign in" });
  assert.deepEqual(sel("text: Loading..."), { label: "Loading..." });
  assert.deepEqual(sel('text: "Total \\\\(3\\\\)"'), { label: "Total (3)" });
});

Deno.test("a text regex becomes a case-insensitive labelMatches", () => {
  assert.deepEqual(sel('".*Add.*"'), { labelMatches: "(?i)Add" });
  assert.deepEqual(sel('"Welcome.*"'), { labelMatches: "(?i)^Welcome" });
  assert.deepEqual(sel('".*items"'), { labelMatches: "(?i)items$" });
  assert.deepEqual(sel('text: "\\\\d+ items?"'), { labelMatches: "(?is)^(?:\\d+ items?)$" });
});

Deno.test("an id loses its package prefix; .* wildcards become an idMatches glob", () => {
  assert.deepEqual(sel('id: "com.example:id/login_button"'), { id: "login_button" });
  assert.deepEqual(sel('id: ".*page_save"'), { idMatches: "*page_save" });
  assert.deepEqual(sel('id: "row_.*"'), { idMatches: "row_*" });
  assert.equal(refused('id: "row_[0-9]+"').code, "SELECTOR");
});

Deno.test("index, state traits and childOf (as within) carry over", () => {
  assert.deepEqual(sel("{text: Login, index: 1}"), { label: "Login", index: 1 });
  assert.deepEqual(sel("{id: save, enabled: false}"), { id: "save", traits: ["notEnabled"] });
  assert.deepEqual(sel("{id: wifi, checked: true}"), { id: "wifi", traits: ["selected"] });
  assert.deepEqual(sel("{text: child, childOf: {id: parent}}"), {
    label: "child",
    within: { id: "parent" },
  });
});

Deno.test("fields with no bajutsu form are refused with the field named", () => {
  for (const field of ["below", "above", "leftOf", "rightOf", "containsChild"]) {
    const e = refused(`{text: A, ${field}: {text: B}}`);
    assert.equal(e.code, "SELECTOR");
    assert.match(e.why, new RegExp(`^${field}: `));
  }
  assert.match(refused("{text: A, width: 10}").why, /^width: .*sizes/);
  assert.match(refused("{id: a, enabled: true}").why, /absence/);
  assert.match(refused("{text: A, childOf: {id: p, index: 0}}").why, /within/);
  assert.match(refused("{optional: true}").why, /names no text or id/);
});

Deno.test("${NAME} is the env value, or an environment secret; JavaScript is refused", () => {
  const secrets = new Set<string>();
  assert.deepEqual(sel('"Hi ${USER}"', { USER: "ann" }, secrets), { label: "Hi ann" });
  assert.deepEqual(sel('"Hi ${USER}"', {}, secrets), { label: "Hi ${secrets.USER}" });
  assert.deepEqual(sel('id: ".*${BUTTON}.*"', {}, secrets), { idMatches: "*${secrets.BUTTON}*" });
  assert.deepEqual([...secrets], ["USER", "BUTTON"]);
  assert.equal(refused('"${output.name}"').code, "SCRIPT");
});
