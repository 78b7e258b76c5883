/**
 * Shapes found in scenario and config files written for the reference project, pinned with
 * fixtures of our own under tests/fixtures/scenarios/valid/reference_shapes/ and
 * tests/fixtures/config/valid/: YAML reuse through anchors and merge keys, explicit scalar tags,
 * document markers and tabs inside block scalars.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadScenarioFile, loadScenarioPaths } from "../../src/scenario/load.ts";
import { parseYaml } from "../../src/yaml/parse.ts";
import type { PNode } from "../../src/yaml/pnode.ts";
import type { Scenario, Step, StepOf } from "../../src/scenario/types.ts";
import { loadConfig } from "../../src/config/load_config.ts";
import { resolveTarget } from "../../src/config/resolve_target.ts";
import { VALID_DIR } from "./fixture_paths.ts";

const SHAPES = join(VALID_DIR, "reference_shapes");
const CONFIG = fileURLToPath(
  new URL("../fixtures/config/valid/yaml_anchors_merge.yaml", import.meta.url),
);

async function scenarios(name: string): Promise<Scenario[]> {
  const out = await loadScenarioFile(join(SHAPES, name));
  assert.deepEqual(out.errors, []);
  return out.scenarios;
}

function only<A extends Step["action"]>(steps: Step[], action: A): StepOf<A>[] {
  return steps.filter((s): s is StepOf<A> => s.action === action);
}

/** The entries of a parsed mapping as key → plain scalar/collection, for compact assertions. */
function keysOf(node: PNode | null): string[] {
  assert.equal(node?.kind, "map");
  return node.kind === "map" ? node.entries.map((e) => e.key) : [];
}

Deno.test("every reference-shape fixture loads without errors or warnings", async () => {
  const { files } = await loadScenarioPaths([SHAPES]);
  assert.ok(files.length >= 2);
  for (const f of files) {
    assert.deepEqual(f.outcome.errors, [], f.file);
    assert.deepEqual(f.outcome.warnings, [], f.file);
    assert.ok(f.outcome.scenarios.length > 0, f.file);
  }
});

Deno.test("a merge key copies a mapping in and the mapping's own keys win", async () => {
  const [, member] = await scenarios("yaml_anchors_merge.yaml");
  assert.equal(member.preconditions.locale, "ja_JP");
  assert.deepEqual(member.preconditions.launchEnv, { SHOP_UITEST: "1", SHOP_USER: "guest" });
  assert.deepEqual(member.expect, [
    { kind: "value", sel: { id: "cart.total" }, op: { equals: "1200" } },
  ]);
});

Deno.test("aliases and merge keys reuse one selector in several places", async () => {
  const [guest, member] = await scenarios("yaml_anchors_merge.yaml");
  const buy = { id: ["product.buy", "product_buy"] };
  assert.deepEqual(only(guest.steps, "tap")[0].body, buy);
  assert.deepEqual(only(guest.steps, "wait")[0].body, {
    for: { ...buy, traits: ["button"] },
    timeout: 5,
  });
  assert.deepEqual(guest.expect, [{ kind: "exists", sel: buy, negate: false }]);
  assert.deepEqual(only(member.steps, "tap")[0].body, buy);
});

Deno.test("with a list of merge sources, earlier sources win over later ones", async () => {
  const rows = (await scenarios("yaml_anchors_merge.yaml")).slice(2);
  assert.deepEqual(rows.map((s) => s.name), [
    "layered row defaults [row 1: size=S, colour=red]",
    "layered row defaults [row 2: colour=red, gift=no, size=L]",
  ]);
  assert.deepEqual(only(rows[1].steps, "tap").map((t) => t.body), [
    { id: "size.L" },
    { id: "colour.red" },
  ]);
});

Deno.test("a merged entry keeps the position it was written at", () => {
  const text = "base: &b\n  locale: en_US\nderived:\n  <<: *b\n  erase: true\n";
  const { node, errors } = parseYaml(text, "x.yaml");
  assert.deepEqual(errors, []);
  const derived = node?.kind === "map" ? node.entries[1].value : null;
  assert.deepEqual(keysOf(derived), ["locale", "erase"]);
  const locale = derived?.kind === "map" ? derived.entries[0] : undefined;
  assert.deepEqual([locale?.keyPos.line, locale?.value.pos.line], [2, 2]);
});

Deno.test("a merge key that names no mapping is a YAML error at the key", () => {
  const { errors } = parseYaml("a: 1\nb:\n  <<: plain\n", "x.yaml");
  assert.deepEqual(errors.map((e) => [e.code, e.line, e.col, e.path]), [["E_YAML", 3, 3, "b"]]);
  assert.match(errors[0].message, /merge key/);
});

Deno.test("a quoted << is an ordinary key, not a merge", async () => {
  const { node } = parseYaml('a: &x { k: v }\nb: { "<<": *x }\n', "x.yaml");
  const b = node?.kind === "map" ? node.entries[1].value : null;
  assert.deepEqual(keysOf(b), ["<<"]);
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "quoted.yaml");
    await Deno.writeTextFile(file, '- name: q\n  steps:\n    - tap: { "<<": { id: a } }\n');
    const out = await loadScenarioFile(file);
    const unknown = out.errors.filter((e) => e.code === "E_UNKNOWN_KEY");
    assert.deepEqual(unknown.map((e) => [e.path, e.line]), [["scenarios[0].steps[0].tap.<<", 3]]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("explicit core tags on scalars resolve to the tagged type", async () => {
  const [s] = await scenarios("yaml_lexical.yaml");
  assert.equal(s.preconditions.erase, false);
  const [type] = only(s.steps, "type");
  assert.deepEqual(type.body, { text: "42", into: { id: "form.qty" }, submit: false });
  assert.equal(only(s.steps, "wait")[0].body.timeout, 2.5);
  assert.deepEqual(s.expect, [
    { kind: "exists", sel: { id: "form.qty" }, negate: false },
    { kind: "count", sel: { id: "form.row" }, op: { equals: 3 } },
  ]);
});

Deno.test("a tab inside a block scalar's text is text, not indentation", async () => {
  const [s] = await scenarios("yaml_lexical.yaml");
  assert.equal(
    s.description,
    "Fill the form.\n\tTabbed note: tabs after the indentation are text, not indentation.\n",
  );
});

Deno.test("a tab used for indentation is still reported as such", () => {
  const { errors } = parseYaml("- name: a\n\tsteps: []\n", "x.yaml");
  assert.deepEqual(errors.map((e) => [e.code, e.line, e.col]), [["E_YAML", 2, 1]]);
  assert.match(errors[0].message, /tab character used for indentation/);
});

Deno.test("config targets share a block through merge keys and override what differs", async () => {
  const { config, errors } = await loadConfig(CONFIG);
  assert.deepEqual(errors, []);
  assert.ok(config);
  const staging = resolveTarget(config, "shop-staging");
  assert.deepEqual(staging.app, {
    platform: "ios",
    bundleId: "com.example.shop.staging",
    deeplinkScheme: undefined,
    appPath: undefined,
    build: undefined,
    xcuitest: undefined,
  });
  assert.deepEqual(staging.launchEnv, { SHOP_UITEST: "1", SHOP_ENV: "staging" });
  assert.deepEqual(staging.idNamespaces, ["home", "cart"]);
  assert.deepEqual(staging.readyWhen, { id: ["home.title", "home_title"] });
  const android = resolveTarget(config, "shop-android");
  assert.equal(android.platform, "android");
  assert.deepEqual(android.backend, ["android"]);
  assert.deepEqual(android.readyWhen, { id: ["home.title", "home_title"], traits: ["button"] });
});
