/**
 * `bajutsu inspect` through the Driver seam, on the fake backend (no device, no browser): the
 * table, `--json`, and `--watch` printing again after the app changes, until interrupted.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { inspect } from "../../src/inspect/session.ts";
import { runCli } from "../../src/cli/program.ts";
import { CancelSource } from "../../src/time/cancel.ts";

const APP = `name: inspected
size: [390, 844]
initial: main
screens:
  main:
    - { id: title, label: Inspect me, traits: [staticText], frame: [20, 100, 350, 40] }
    - { label: Save, traits: [button], frame: [20, 200, 100, 44] }
    - { id: late, label: Arrived, traits: [staticText], frame: [20, 300, 350, 40], hidden: true }
timers:
  - atMs: 150
    screen: main
    then: [ { reveal: { id: late } } ]
`;

async function withTarget(fn: (config: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-inspect-" });
  try {
    await Deno.writeTextFile(join(dir, "app.yaml"), APP);
    await Deno.writeTextFile(
      join(dir, "bajutsu.config.yaml"),
      "targets:\n  app:\n    platform: fake\n    app: app.yaml\n",
    );
    await fn(join(dir, "bajutsu.config.yaml"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) },
    out,
    err,
  };
}

Deno.test("inspect prints the tree as a table with a selector per element", async () => {
  await withTarget(async (config) => {
    const c = capture();
    assert.equal(await runCli(["inspect", "--config", config], c.io), 0);
    assert.equal(c.out[0], "app (fake) — 2 element(s)");
    assert.match(c.out[1], /^#\s+identifier\s+label\s+value\s+traits\s+frame\s+selector$/);
    assert.match(
      c.out[2],
      /^0\s+title\s+Inspect me\s+-\s+staticText\s+\[20,100,350,40\]\s+\{"id":"title"\}$/,
    );
    assert.match(c.out[3], /\{"label":"Save"\}$/);
  });
});

Deno.test("inspect --json is one JSON document per print", async () => {
  await withTarget(async (config) => {
    const c = capture();
    assert.equal(await runCli(["inspect", "--config", config, "--json"], c.io), 0);
    const doc = JSON.parse(c.out[0]);
    assert.deepEqual([doc.target, doc.backend, doc.change], ["app", "fake", 0]);
    assert.deepEqual(doc.elements[1], {
      index: 1,
      identifier: null,
      label: "Save",
      value: null,
      traits: ["button"],
      frame: [20, 200, 100, 44],
      selector: { label: "Save" },
      stable: true,
    });
  });
});

Deno.test("inspect --watch prints again after a change, until interrupted", async () => {
  await withTarget(async (config) => {
    const cancel = new CancelSource();
    const out: string[] = [];
    const io = {
      stdout: (l: string) => {
        out.push(l);
        if (l.includes("change 1")) cancel.cancel();
      },
      stderr: () => {},
    };
    assert.equal(await inspect({ config, watch: true }, io, { cancel }), 0);
    assert.equal(out[0], "app (fake) — 2 element(s)");
    const second = out.findIndex((l) => l === "app (fake) — 3 element(s), change 1");
    assert.ok(second > 0, out.join("\n"));
    assert.ok(out.slice(second).some((l) => /late\s+Arrived/.test(l)));
  });
});

Deno.test("inspect with an unknown target is a usage error", async () => {
  await withTarget(async (config) => {
    const c = capture();
    assert.equal(await runCli(["inspect", "--config", config, "--target", "nope"], c.io), 2);
    assert.match(c.err.join("\n"), /nope/);
  });
});
