/**
 * scripts/install.sh against a loopback HTTP server serving release archives made by
 * scripts/release/package.ts from stand-in binaries (shell scripts that print their target):
 * the right archive per OS/CPU, checksum verification, the default and custom install folders,
 * and clear failures (corrupted archive, unsupported platform, missing target, wrong version,
 * nothing to download).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { archiveName, packageRelease, parseSums, sumsText } from "../../scripts/release/package.ts";
import { TARGETS } from "../../scripts/compile.ts";
import { REPO_ROOT } from "../support/module_graph.ts";

const VERSION = "1.2.3";
const SCRIPT = join(REPO_ROOT, "scripts/install.sh");

/** Release folders the server offers, by URL prefix: name → bytes. */
type Releases = Map<string, Map<string, Uint8Array<ArrayBuffer>>>;

async function buildRelease(work: string): Promise<Map<string, Uint8Array<ArrayBuffer>>> {
  const dist = join(work, "dist");
  for (const target of TARGETS) {
    await Deno.mkdir(join(dist, target), { recursive: true });
    await Deno.writeTextFile(
      join(dist, target, "bajutsu"),
      `#!/bin/sh\necho "bajutsu ${VERSION} (${target})"\n`,
    );
  }
  const out = join(work, "release");
  await packageRelease(dist, out, VERSION);
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  for await (const e of Deno.readDir(out)) {
    files.set(e.name, await Deno.readFile(join(out, e.name)));
  }
  return files;
}

interface Harness {
  url: string;
  requests: string[];
  work: string;
  close(): Promise<void>;
}

async function harness(): Promise<Harness> {
  const work = await Deno.makeTempDir({ prefix: "bajutsu-install-" });
  const good = await buildRelease(work);
  const releases: Releases = new Map([["ok", good]]);

  // A corrupted archive: one byte changed after SHA256SUMS was written.
  const linux = archiveName(VERSION, "x86_64-unknown-linux-gnu");
  const corrupted = new Map(good);
  const bytes = new Uint8Array(good.get(linux)!);
  bytes[bytes.length - 9] ^= 0xff;
  corrupted.set(linux, bytes);
  releases.set("corrupted", corrupted);

  // A release without the Linux arm64 archive.
  const partial = new Map(good);
  const sums = parseSums(new TextDecoder().decode(good.get("SHA256SUMS")!));
  sums.delete(archiveName(VERSION, "aarch64-unknown-linux-gnu"));
  partial.set("SHA256SUMS", new TextEncoder().encode(sumsText(sums)));
  releases.set("partial", partial);

  const requests: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    const path = new URL(req.url).pathname;
    requests.push(path);
    const [, release, file] = path.split("/");
    const body = releases.get(release)?.get(file);
    return body ? new Response(body) : new Response("not found", { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    requests,
    work,
    close: async () => {
      await server.shutdown();
      await Deno.remove(work, { recursive: true });
    },
  };
}

interface Install {
  code: number;
  stdout: string;
  stderr: string;
}

async function install(
  env: Record<string, string>,
  path = "/usr/local/bin:/usr/bin:/bin",
): Promise<Install> {
  const out = await new Deno.Command("sh", {
    args: [SCRIPT],
    env: { PATH: path, ...env },
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

Deno.test("install.sh: picks the archive for the OS and CPU, verifies it, installs it", async () => {
  const h = await harness();
  try {
    const cases: Array<[string, string, string]> = [
      ["Linux", "x86_64", "x86_64-unknown-linux-gnu"],
      ["Linux", "aarch64", "aarch64-unknown-linux-gnu"],
      ["Darwin", "arm64", "aarch64-apple-darwin"],
      ["Darwin", "x86_64", "x86_64-apple-darwin"],
      ["Linux", "amd64", "x86_64-unknown-linux-gnu"],
    ];
    for (const [os, arch, target] of cases) {
      const dest = join(h.work, `bin-${os}-${arch}`);
      const r = await install({
        BAJUTSU_DOWNLOAD_URL: `${h.url}/ok/`,
        BAJUTSU_INSTALL: dest,
        BAJUTSU_OS: os,
        BAJUTSU_ARCH: arch,
        HOME: join(h.work, "home"),
      });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stderr, "");
      assert.deepEqual(r.stdout.trim().split("\n"), [
        `Installed bajutsu ${VERSION} (${target}) to ${dest}/bajutsu`,
        `${dest} is not on your PATH; add it (e.g. in ~/.profile):`,
        `  export PATH="${dest}:$PATH"`,
        `Next: ${dest}/bajutsu --help`,
      ]);
      assert.equal((await Deno.stat(join(dest, "bajutsu"))).mode! & 0o777, 0o755);
      assert.deepEqual(h.requests.slice(-2), [
        "/ok/SHA256SUMS",
        `/ok/${archiveName(VERSION, target)}`,
      ]);
      assert.deepEqual([...Deno.readDirSync(dest)].map((e) => e.name), ["bajutsu"]);
    }
  } finally {
    await h.close();
  }
});

Deno.test("install.sh: ~/.local/bin by default; a folder on PATH gets the short next command", async () => {
  const h = await harness();
  try {
    const home = join(h.work, "home");
    const dest = join(home, ".local/bin");
    const env = {
      BAJUTSU_DOWNLOAD_URL: `${h.url}/ok`,
      BAJUTSU_OS: "Linux",
      BAJUTSU_ARCH: "x86_64",
      BAJUTSU_VERSION: `v${VERSION}`,
      HOME: home,
    };
    const first = await install(env);
    assert.equal(first.code, 0, first.stderr);
    assert.ok(await exists(join(dest, "bajutsu")));
    // Again, with the folder on PATH: replaces the binary in place.
    const again = await install(env, `${dest}:/usr/bin:/bin`);
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(again.stdout.trim().split("\n"), [
      `Installed bajutsu ${VERSION} (x86_64-unknown-linux-gnu) to ${dest}/bajutsu`,
      "Next: bajutsu --help",
    ]);
  } finally {
    await h.close();
  }
});

Deno.test("install.sh: a corrupted archive fails the checksum and installs nothing", async () => {
  const h = await harness();
  try {
    const dest = join(h.work, "bin");
    const r = await install({
      BAJUTSU_DOWNLOAD_URL: `${h.url}/corrupted`,
      BAJUTSU_INSTALL: dest,
      BAJUTSU_OS: "Linux",
      BAJUTSU_ARCH: "x86_64",
      HOME: h.work,
    });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.match(
      r.stderr,
      /^bajutsu install: checksum mismatch for bajutsu-1\.2\.3-x86_64-unknown-linux-gnu\.tar\.gz: SHA256SUMS says [0-9a-f]{64}, the download is [0-9a-f]{64}; nothing was installed\n$/,
    );
    assert.ok(!(await exists(dest)));
  } finally {
    await h.close();
  }
});

Deno.test("install.sh: an unsupported platform fails before downloading anything", async () => {
  const h = await harness();
  try {
    for (
      const [os, arch] of [["FreeBSD", "amd64"], ["Linux", "i686"], ["MINGW64_NT-10.0", "x86_64"]]
    ) {
      const r = await install({
        BAJUTSU_DOWNLOAD_URL: `${h.url}/ok`,
        BAJUTSU_INSTALL: join(h.work, "bin"),
        BAJUTSU_OS: os,
        BAJUTSU_ARCH: arch,
        HOME: h.work,
      });
      assert.equal(r.code, 1);
      assert.equal(
        r.stderr,
        `bajutsu install: unsupported platform: ${os} ${arch}. Releases exist for macOS and ` +
          "Linux (glibc) on x86_64 and arm64; elsewhere install from source " +
          "(docs/install.md#from-source).\n",
      );
    }
    assert.deepEqual(h.requests, []);
  } finally {
    await h.close();
  }
});

Deno.test("install.sh: a release without the target, a wrong version, a missing release", async () => {
  const h = await harness();
  try {
    const base = { BAJUTSU_INSTALL: join(h.work, "bin"), HOME: h.work };
    const partial = await install({
      ...base,
      BAJUTSU_DOWNLOAD_URL: `${h.url}/partial`,
      BAJUTSU_OS: "Linux",
      BAJUTSU_ARCH: "arm64",
    });
    assert.equal(partial.code, 1);
    assert.equal(
      partial.stderr,
      `bajutsu install: the release at ${h.url}/partial has no archive for aarch64-unknown-linux-gnu\n`,
    );
    const wrong = await install({
      ...base,
      BAJUTSU_DOWNLOAD_URL: `${h.url}/ok`,
      BAJUTSU_VERSION: "9.9.9",
      BAJUTSU_OS: "Darwin",
      BAJUTSU_ARCH: "arm64",
    });
    assert.equal(wrong.code, 1);
    assert.match(
      wrong.stderr,
      /lists bajutsu-1\.2\.3-aarch64-apple-darwin\.tar\.gz, not version 9\.9\.9\n$/,
    );
    const missing = await install({
      ...base,
      BAJUTSU_DOWNLOAD_URL: `${h.url}/nothing`,
      BAJUTSU_OS: "Linux",
      BAJUTSU_ARCH: "x86_64",
    });
    assert.equal(missing.code, 1);
    assert.equal(
      missing.stderr,
      `bajutsu install: could not download ${h.url}/nothing/SHA256SUMS ` +
        "(curl: (22) The requested URL returned error: 404)\n",
    );
    assert.ok(!(await exists(join(h.work, "bin"))));
  } finally {
    await h.close();
  }
});

Deno.test("install.sh: with wget and shasum only (no curl, no sha256sum)", async () => {
  const h = await harness();
  const tools = await Deno.makeTempDir();
  try {
    const needed = [
      "sh",
      "uname",
      "grep",
      "head",
      "cut",
      "mktemp",
      "rm",
      "tar",
      "gzip",
      "find",
      "mkdir",
      "cp",
      "chmod",
      "mv",
      "ls",
      "wget",
      "shasum",
      "perl",
      "cat",
    ];
    for (const tool of needed) {
      const found = ["/usr/bin", "/bin"].map((d) => join(d, tool)).find((p) => {
        try {
          return Deno.statSync(p).isFile;
        } catch {
          return false;
        }
      });
      if (found) await Deno.symlink(found, join(tools, tool));
    }
    const dest = join(h.work, "bin");
    const r = await install({
      BAJUTSU_DOWNLOAD_URL: `${h.url}/ok`,
      BAJUTSU_INSTALL: dest,
      BAJUTSU_OS: "Linux",
      BAJUTSU_ARCH: "x86_64",
      HOME: h.work,
    }, tools);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Installed bajutsu 1\.2\.3 \(x86_64-unknown-linux-gnu\)/);
    const corrupted = await install({
      BAJUTSU_DOWNLOAD_URL: `${h.url}/corrupted`,
      BAJUTSU_INSTALL: join(h.work, "bin2"),
      BAJUTSU_OS: "Linux",
      BAJUTSU_ARCH: "x86_64",
      HOME: h.work,
    }, tools);
    assert.equal(corrupted.code, 1);
    assert.match(corrupted.stderr, /checksum mismatch/);
  } finally {
    await Deno.remove(tools, { recursive: true });
    await h.close();
  }
});

Deno.test("package: archives hold bajutsu, README and the example; SHA256SUMS checks with sha256sum", async () => {
  const work = await Deno.makeTempDir();
  try {
    const files = await buildRelease(work);
    const names = [...files.keys()].sort();
    assert.deepEqual(names, [...TARGETS.map((t) => archiveName(VERSION, t)), "SHA256SUMS"].sort());
    const listing = await new Deno.Command("tar", {
      args: ["-tzvf", join(work, "release", archiveName(VERSION, "aarch64-apple-darwin"))],
      stdout: "piped",
    }).output();
    const lines = new TextDecoder().decode(listing.stdout).trim().split("\n");
    const folder = `bajutsu-${VERSION}-aarch64-apple-darwin`;
    assert.deepEqual(lines.map((l) => l.split(/\s+/).at(-1)).sort(), [
      `${folder}/`,
      `${folder}/README.md`,
      `${folder}/bajutsu`,
      `${folder}/examples/`,
      `${folder}/examples/hello.yaml`,
    ]);
    assert.ok(lines.find((l) => l.endsWith(`${folder}/bajutsu`))!.startsWith("-rwxr-xr-x"));
    const check = await new Deno.Command("sha256sum", {
      args: ["-c", "SHA256SUMS"],
      cwd: join(work, "release"),
      stdout: "piped",
    }).output();
    assert.equal(check.code, 0);
    assert.equal(new TextDecoder().decode(check.stdout).match(/: OK$/gm)?.length, 4);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});
