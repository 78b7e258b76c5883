import assert from "node:assert/strict";
import { join } from "node:path";
import { ManifestPathError, ManifestVersionError } from "../../src/report/errors.ts";
import { parseManifest } from "../../src/report/load.ts";
import { SCHEMA_VERSION } from "../../src/report/manifest_types.ts";
import { rerenderReport } from "../../src/report/rerender.ts";
import { writeReport } from "../../src/report/write_report.ts";
import { smallRun } from "./fixtures.ts";

const SECRET = "outside-the-run-5d1c";

async function withRun(fn: (root: string, runDir: string) => Promise<void>) {
  const root = await Deno.makeTempDir();
  try {
    const runDir = join(root, "runs", "20240501-101500");
    await writeReport(runDir, smallRun());
    await fn(root, runDir);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

Deno.test("report: an elements.json symlinked out of the run is not embedded, and is named", async () => {
  await withRun(async (root, runDir) => {
    await Deno.writeTextFile(join(root, "secret.json"), JSON.stringify([{ identifier: SECRET }]));
    await Deno.mkdir(join(runDir, "00-login", "step0"), { recursive: true });
    const link = join(runDir, "00-login", "step0", "elements.json");
    await Deno.symlink(join(root, "secret.json"), link);
    // A tree inside the run, also reached through a symlink, is still embedded.
    await Deno.mkdir(join(runDir, "00-login", "check"), { recursive: true });
    await Deno.writeTextFile(join(runDir, "tree.json"), JSON.stringify([{ identifier: "ok.in" }]));
    await Deno.symlink(
      join(runDir, "tree.json"),
      join(runDir, "00-login", "check", "elements.json"),
    );
    const warnings: string[] = [];
    await rerenderReport(runDir, { warn: (l) => warnings.push(l) });
    const html = await Deno.readTextFile(join(runDir, "report.html"));
    assert.ok(!html.includes(SECRET));
    assert.ok(html.includes('"identifier":"ok.in"'));
    assert.equal(warnings.length, 1, warnings.join("\n"));
    assert.ok(warnings[0].startsWith(`${link} leads outside the run`), warnings[0]);
  });
});

Deno.test("report: a scenario.yaml symlinked out of the run is left out with a warning", async () => {
  await withRun(async (root, runDir) => {
    await Deno.writeTextFile(join(root, "other.yaml"), `name: ${SECRET}\n`);
    await Deno.remove(join(runDir, "scenario.yaml"));
    await Deno.symlink(join(root, "other.yaml"), join(runDir, "scenario.yaml"));
    const warnings: string[] = [];
    await rerenderReport(runDir, { warn: (l) => warnings.push(l) });
    assert.ok(!(await Deno.readTextFile(join(runDir, "report.html"))).includes(SECRET));
    assert.deepEqual(warnings.map((w) => w.split(" ")[0]), [join(runDir, "scenario.yaml")]);
  });
});

Deno.test("report: a manifest.json symlinked out of the run is refused", async () => {
  await withRun(async (root, runDir) => {
    await Deno.rename(join(runDir, "manifest.json"), join(root, "elsewhere.json"));
    await Deno.symlink(join(root, "elsewhere.json"), join(runDir, "manifest.json"));
    const before = await Deno.readTextFile(join(runDir, "report.html"));
    await assert.rejects(() => rerenderReport(runDir), (e: ManifestPathError) => {
      assert.ok(e instanceof ManifestPathError, String(e));
      assert.equal(e.code, "E_MANIFEST_PATH");
      assert.ok(e.message.includes("leads outside the run"), e.message);
      return true;
    });
    assert.equal(await Deno.readTextFile(join(runDir, "report.html")), before);
  });
});

Deno.test("report: a schemaVersion this build does not know is refused; known ones render", async () => {
  await withRun(async (_root, runDir) => {
    const path = join(runDir, "manifest.json");
    const stored = JSON.parse(await Deno.readTextFile(path));
    for (const v of [SCHEMA_VERSION + 1, 99, 0, -1, 1.5, String(SCHEMA_VERSION), null]) {
      await Deno.writeTextFile(path, JSON.stringify({ ...stored, schemaVersion: v }));
      await assert.rejects(() => rerenderReport(runDir), (e: ManifestVersionError) => {
        assert.ok(e instanceof ManifestVersionError, `${v}: ${e}`);
        assert.equal(e.code, "E_MANIFEST_VERSION");
        assert.ok(e.message.includes(`schemaVersion ${JSON.stringify(v)} is not supported`));
        assert.ok(e.message.includes(`this bajutsu reads 1 to ${SCHEMA_VERSION}`), e.message);
        return true;
      });
    }
    for (const v of [1, 5, SCHEMA_VERSION, undefined]) {
      await Deno.writeTextFile(path, JSON.stringify({ ...stored, schemaVersion: v }));
      assert.equal((await rerenderReport(runDir)).schemaVersion, v ?? 1);
    }
  });
});

Deno.test("parseManifest: a newer manifest's message says to upgrade", () => {
  const v = SCHEMA_VERSION + 3;
  const text = JSON.stringify({ schemaVersion: v, runId: "x", scenarios: [] });
  assert.throws(() => parseManifest(text, "runs/x/manifest.json"), {
    name: "ManifestVersionError",
    message: `runs/x/manifest.json: schemaVersion ${v} is not supported (this bajutsu reads 1 ` +
      `to ${SCHEMA_VERSION}; it was written by a newer bajutsu; upgrade to read it)`,
  });
});
