/** Path confinement and the POST /api/run body, as units. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { confinedPath, relativeSegments, urlSegments } from "../../src/serve/confine.ts";
import { HttpError } from "../../src/serve/errors.ts";
import { parseRunBody, resolveScenarioFiles } from "../../src/serve/run_request.ts";

async function status(p: Promise<unknown> | (() => unknown)): Promise<number | "ok"> {
  try {
    await (typeof p === "function" ? p() : p);
    return "ok";
  } catch (err) {
    if (err instanceof HttpError) return err.status;
    throw err;
  }
}

Deno.test("URL segments: traversal spellings are 400", async () => {
  assert.deepEqual(urlSegments("a/b%20c/d.png"), ["a", "b c", "d.png"]);
  assert.deepEqual(urlSegments("a/"), ["a"]);
  for (
    const bad of [
      "..",
      "a/../b",
      "%2e%2e/x",
      "a/%2E%2e",
      ".",
      "a//b",
      "a%2fb",
      "a%5cb",
      "a%00",
      "%zz",
    ]
  ) {
    assert.equal(await status(() => urlSegments(bad)), 400, bad);
  }
});

Deno.test("relative body paths: absolute, parent and odd segments are 400", async () => {
  assert.deepEqual(relativeSegments("sub/a.yaml", "scenario"), ["sub", "a.yaml"]);
  for (
    const bad of [
      "/etc/passwd",
      "../x.yaml",
      "a/../../x.yaml",
      "C:/x.yaml",
      "\\\\host\\x",
      "a\\..\\b",
      "",
      "./a.yaml",
    ]
  ) {
    assert.equal(await status(() => relativeSegments(bad, "scenario")), 400, bad);
  }
});

Deno.test("confinedPath: inside is fine; missing and symlinks leaving the folder are 404", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-confine-" });
  try {
    const root = join(dir, "root");
    await Deno.mkdir(join(root, "sub"), { recursive: true });
    await Deno.writeTextFile(join(root, "sub", "in.txt"), "in");
    await Deno.writeTextFile(join(dir, "secret.txt"), "secret");
    await Deno.symlink(join(dir, "secret.txt"), join(root, "link.txt"));
    await Deno.symlink(dir, join(root, "outdir"));
    await Deno.symlink(join(root, "sub", "in.txt"), join(root, "inner.txt"));
    const real = await Deno.realPath(join(root, "sub", "in.txt"));
    assert.equal(await confinedPath(root, ["sub", "in.txt"]), real);
    assert.equal(await confinedPath(root, ["inner.txt"]), real, "a symlink that stays inside");
    assert.equal(await status(confinedPath(root, ["link.txt"])), 404);
    assert.equal(await status(confinedPath(root, ["outdir", "secret.txt"])), 404);
    assert.equal(await status(confinedPath(root, ["nope.txt"])), 404);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("run body: required fields, types, unknown and unsupported fields name the field", () => {
  const ok = parseRunBody({
    target: "app",
    scenario: ["a.yaml", "b.yaml"],
    tag: "smoke, fast",
    exclude: ["broken"],
    backend: "fake",
    workers: 2,
    erase: false,
    headed: true,
    systemAlertHandling: true,
    browser: "chromium,firefox",
  });
  assert.deepEqual(ok, {
    target: "app",
    scenarios: ["a.yaml", "b.yaml"],
    options: {
      tag: ["smoke", "fast"],
      exclude: ["broken"],
      backend: ["fake"],
      workers: 2,
      erase: false,
      headed: true,
      systemAlertHandling: true,
      browser: ["chromium", "firefox"],
    },
  });
  assert.deepEqual(parseRunBody({ target: "t", scenario: "a.yaml" }).scenarios, ["a.yaml"]);
  const device = parseRunBody({
    target: "t",
    scenario: "a.yaml",
    udid: "iPhone 16 (bajutsu 1), 6B2B7A8E-1C55-4F0E-9D3A-2E7C1F0B9A11",
    logPredicate: 'subsystem == "com.example.shop"',
    logSubsystem: "com.example.shop",
  });
  assert.deepEqual(device.options.udid, [
    "iPhone 16 (bajutsu 1)",
    "6B2B7A8E-1C55-4F0E-9D3A-2E7C1F0B9A11",
  ]);
  assert.equal(device.options.logPredicate, 'subsystem == "com.example.shop"');
  assert.equal(device.options.logSubsystem, "com.example.shop");
  const cases: [unknown, RegExp][] = [
    [null, /^body:/],
    [[], /^body:/],
    [{ scenario: "a.yaml" }, /^target:/],
    [{ target: "t" }, /^scenario: required/],
    [{ target: "t", scenario: [] }, /^scenario: required/],
    [{ target: "t", scenario: 3 }, /^scenario: expected/],
    [
      { target: "t", scenario: "a.yaml", backend: "warp" },
      /^backend: unknown backend token "warp"/,
    ],
    [{ target: "t", scenario: "a.yaml", workers: 0 }, /^workers:/],
    [{ target: "t", scenario: "a.yaml", workers: 1.5 }, /^workers:/],
    [{ target: "t", scenario: "a.yaml", erase: "yes" }, /^erase:/],
    [{ target: "t", scenario: "a.yaml", tag: "a b" }, /^tag: invalid tag/],
    [
      { target: "t", scenario: "a.yaml", browsers: ["edge"] },
      /^browsers: unknown browser engine "edge"/,
    ],
    [{ target: "t", scenario: "a.yaml", udid: "-rf" }, /^udid: invalid device "-rf"/],
    [{ target: "t", scenario: "a.yaml", udid: ["a\nb"] }, /^udid: invalid device/],
    [{ target: "t", scenario: "a.yaml", logPredicate: 3 }, /^logPredicate: expected one line/],
    [{ target: "t", scenario: "a.yaml", network: "off" }, /^network: expected true or false/],
    [{ target: "t", scenario: "a.yaml", runsDir: "/tmp" }, /^runsDir: set by serve/],
    [{ target: "t", scenario: "a.yaml", evidence_prefix: "x/" }, /^evidence_prefix: not supported/],
    [{ target: "t", scenario: "a.yaml", turbo: true }, /^turbo: unknown field/],
  ];
  for (const [body, message] of cases) {
    assert.throws(() => parseRunBody(body), (err: unknown) => {
      assert.ok(err instanceof HttpError);
      assert.equal(err.status, 400);
      assert.match(err.message, message);
      return true;
    }, JSON.stringify(body));
  }
});

Deno.test("scenario files must be existing .yaml files inside the scenarios folder", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-scen-" });
  try {
    const root = join(dir, "scenarios");
    await Deno.mkdir(join(root, "sub"), { recursive: true });
    await Deno.writeTextFile(join(root, "a.yaml"), "- name: a\n  steps: []\n");
    await Deno.writeTextFile(join(root, "sub", "b.yml"), "- name: b\n  steps: []\n");
    await Deno.writeTextFile(join(root, "notes.txt"), "x");
    await Deno.writeTextFile(join(dir, "outside.yaml"), "- name: o\n  steps: []\n");
    await Deno.symlink(join(dir, "outside.yaml"), join(root, "escape.yaml"));
    await Deno.mkdir(join(root, "dir.yaml"));
    const files = await resolveScenarioFiles(["a.yaml", "sub/b.yml", "a.yaml"], root);
    assert.deepEqual(files, [
      await Deno.realPath(join(root, "a.yaml")),
      await Deno.realPath(join(root, "sub", "b.yml")),
    ]);
    for (
      const bad of [
        "notes.txt",
        "missing.yaml",
        "../outside.yaml",
        "escape.yaml",
        join(dir, "outside.yaml"),
        "dir.yaml",
        "%2e%2e/outside.yaml",
      ]
    ) {
      assert.equal(await status(resolveScenarioFiles([bad], root)), 400, bad);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
