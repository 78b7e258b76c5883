/** How serve starts `bajutsu run`, reads its output and its verdict. */
import assert from "node:assert/strict";
import {
  bajutsuCommand,
  CHECKOUT_MAIN,
  isCompiledBinary,
  runArguments,
} from "../../src/serve/run_args.ts";
import { parseVerdict } from "../../src/serve/verdict.ts";
import { LineSplitter, MAX_LINE, pumpLines } from "../../src/process/line_splitter.ts";

Deno.test("compiled binaries are recognised by Deno.build.standalone, else by their mount path", () => {
  const base = { execPath: "/usr/bin/deno", mainModule: "file:///src/main.ts" };
  assert.equal(isCompiledBinary({ ...base, standalone: true }), true);
  assert.equal(isCompiledBinary({ ...base, standalone: false }), false);
  assert.equal(isCompiledBinary({ ...base, standalone: undefined }), false);
  assert.equal(
    isCompiledBinary({
      execPath: "/opt/bajutsu",
      mainModule: "file:///tmp/deno-compile-bajutsu/main.ts",
      standalone: undefined,
    }),
    true,
  );
  // The flag wins over the path when present.
  assert.equal(
    isCompiledBinary({
      execPath: "/x",
      mainModule: "file:///tmp/deno-compile-x/main.ts",
      standalone: false,
    }),
    false,
  );
});

Deno.test("the run command: the binary itself when compiled, deno run -A main.ts otherwise", () => {
  const compiled = { standalone: true, execPath: "/opt/bajutsu", mainModule: "file:///x/main.ts" };
  assert.deepEqual(bajutsuCommand(compiled), ["/opt/bajutsu"]);
  const checkout = { standalone: false, execPath: "/usr/bin/deno", mainModule: "file:///t.ts" };
  assert.deepEqual(bajutsuCommand(checkout, "/src/main.ts", () => true), [
    "/usr/bin/deno",
    "run",
    "-A",
    "--config",
    "/src/deno.json",
    "/src/main.ts",
  ]);
  assert.deepEqual(bajutsuCommand(checkout, "/src/main.ts", () => false), [
    "/usr/bin/deno",
    "run",
    "-A",
    "/src/main.ts",
  ]);
  assert.match(CHECKOUT_MAIN, /[\\/]main\.ts$/);
});

Deno.test("run arguments carry every option, the runs folder, --progress, and the base URL for web", () => {
  const ctx = {
    configPath: "/c.yaml",
    runsDir: "/runs",
    baseUrl: "http://127.0.0.1:9",
    platform: "web",
  };
  assert.deepEqual(
    runArguments(
      {
        target: "demo",
        scenarios: ["a.yaml"],
        options: {
          tag: ["smoke"],
          exclude: ["broken"],
          backend: ["web"],
          workers: 2,
          erase: false,
          systemAlertHandling: false,
          headed: true,
          browser: ["chromium", "firefox"],
          udid: ["iPhone 16", "A1"],
          logPredicate: 'process == "Shop"',
          logSubsystem: "com.example.shop",
        },
      },
      ["/s/a.yaml"],
      ctx,
    ),
    [
      "run",
      "--config",
      "/c.yaml",
      "--target",
      "demo",
      "--scenario",
      "/s/a.yaml",
      "--runs-dir",
      "/runs",
      "--progress",
      "--tag",
      "smoke",
      "--exclude",
      "broken",
      "--no-erase",
      "--backend",
      "web",
      "--workers",
      "2",
      "--browser",
      "chromium,firefox",
      "--headed",
      "--no-system-alert-handling",
      "--udid",
      "iPhone 16,A1",
      "--log-predicate",
      'process == "Shop"',
      "--log-subsystem",
      "com.example.shop",
      "--base-url",
      "http://127.0.0.1:9",
    ],
  );
  const fake = runArguments({ target: "app", scenarios: [], options: {} }, ["/a", "/b"], {
    ...ctx,
    platform: "fake",
  });
  assert.deepEqual(fake, [
    "run",
    "--config",
    "/c.yaml",
    "--target",
    "app",
    "--scenario",
    "/a",
    "--scenario",
    "/b",
    "--runs-dir",
    "/runs",
    "--progress",
  ]);
});

Deno.test("verdict lines name the run", () => {
  assert.deepEqual(parseVerdict("PASS  runs/20240501-101500/manifest.json"), {
    ok: true,
    manifestPath: "runs/20240501-101500/manifest.json",
    runId: "20240501-101500",
  });
  assert.equal(
    parseVerdict("FAIL  /tmp/x y/runs/20240501-101500-2/manifest.json")?.runId,
    "20240501-101500-2",
  );
  assert.equal(parseVerdict("FAIL  20240501-101500/manifest.json")?.ok, false);
  for (
    const no of [
      "PASS runs/x/manifest.json",
      "✔ scenario 1/2: x",
      "PASS  runs/../manifest.json",
      "PASS  runs/x/report.html",
    ]
  ) {
    assert.equal(parseVerdict(no), null, no);
  }
});

Deno.test("line splitting: LF, CRLF split across chunks, lone CR, ANSI, tail, long lines", () => {
  const enc = new TextEncoder();
  const s = new LineSplitter();
  const out: string[] = [];
  for (
    const chunk of ["a\r", "\nb\n\x1b[32m✔\x1b[0m c\rd", "\n", "x".repeat(MAX_LINE + 5), "\ntail"]
  ) {
    out.push(...s.push(enc.encode(chunk)));
  }
  out.push(...s.end());
  assert.deepEqual(out.slice(0, 4), ["a", "b", "✔ c", "d"]);
  assert.equal(out[4], "x".repeat(MAX_LINE) + " …[line cut]");
  assert.equal(out[5], "tail");
  assert.equal(out.length, 6);
  // A multi-byte character split between chunks survives.
  const s2 = new LineSplitter();
  const bytes = enc.encode("▶ go\n");
  assert.deepEqual([...s2.push(bytes.subarray(0, 1)), ...s2.push(bytes.subarray(1))], ["▶ go"]);
});

Deno.test("pumpLines reads to the end, or stops when asked", async () => {
  const lines: string[] = [];
  const p = pumpLines(
    ReadableStream.from([new TextEncoder().encode("one\ntwo")]),
    (l) => lines.push(l),
  );
  await p.done;
  assert.deepEqual(lines, ["one", "two"]);
  const held = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode("partial"));
    },
  });
  const got: string[] = [];
  const q = pumpLines(held, (l) => got.push(l));
  q.stop();
  await q.done;
  assert.deepEqual(got, ["partial"], "what was read before the stop is kept");
});
