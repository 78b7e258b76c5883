/**
 * Release archives (docs/install.md#release-archives): for each built target
 * (`dist/<target>/bajutsu`, from `deno task compile:all`) writes
 * `bajutsu-<version>-<target>.tar.gz` holding one folder `bajutsu-<version>-<target>/` with the
 * binary, README.md and `examples/hello.yaml`, then `SHA256SUMS` (`<sha256>  <file>` lines, as
 * `sha256sum -c` reads them) over the archives.
 *
 * `deno run -A scripts/release/package.ts [--dist dist] [--out dist/release] [--version V]`
 *
 * @module
 */
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { TARGETS } from "../compile.ts";
import { VERSION } from "../../src/version.ts";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The archive name of a target. */
export function archiveName(version: string, target: string): string {
  return `bajutsu-${version}-${target}.tar.gz`;
}

/** The hex SHA-256 of `bytes`. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** SHA256SUMS text: one `<hex>  <name>` line per file, sorted by name. */
export function sumsText(sums: ReadonlyMap<string, string>): string {
  return [...sums.keys()].sort().map((name) => `${sums.get(name)}  ${name}\n`).join("");
}

/** The `name → hex` entries of SHA256SUMS text; throws on a malformed line. */
export function parseSums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const [i, line] of text.split("\n").entries()) {
    if (line.trim() === "") continue;
    const m = /^([0-9a-f]{64}) [ *](\S+)$/.exec(line);
    if (!m) throw new Error(`SHA256SUMS line ${i + 1} is not "<sha256>  <file>": ${line}`);
    sums.set(m[2], m[1]);
  }
  return sums;
}

/** Packs one target's binary; resolves to the archive path. */
export async function packTarget(
  binary: string,
  version: string,
  target: string,
  outDir: string,
): Promise<string> {
  const folder = `bajutsu-${version}-${target}`;
  const stage = await Deno.makeTempDir({ prefix: "bajutsu-package-" });
  try {
    const root = join(stage, folder);
    await Deno.mkdir(join(root, "examples"), { recursive: true });
    await Deno.copyFile(binary, join(root, "bajutsu"));
    await Deno.chmod(join(root, "bajutsu"), 0o755);
    await Deno.copyFile(join(REPO_ROOT, "README.md"), join(root, "README.md"));
    await Deno.copyFile(
      join(REPO_ROOT, "scripts/release/hello.yaml"),
      join(root, "examples/hello.yaml"),
    );
    const archive = join(outDir, archiveName(version, target));
    const tar = await new Deno.Command("tar", {
      args: ["-czf", archive, "-C", stage, folder],
      stdout: "null",
      stderr: "piped",
    }).output();
    if (tar.code !== 0) throw new Error(`tar: ${new TextDecoder().decode(tar.stderr).trim()}`);
    return archive;
  } finally {
    await Deno.remove(stage, { recursive: true });
  }
}

/** Packs every target found under `distDir`; resolves to the SHA256SUMS map written. */
export async function packageRelease(
  distDir: string,
  outDir: string,
  version: string,
  targets: readonly string[] = TARGETS,
): Promise<Map<string, string>> {
  await Deno.mkdir(outDir, { recursive: true });
  const sums = new Map<string, string>();
  for (const target of targets) {
    const binary = join(distDir, target, "bajutsu");
    try {
      await Deno.stat(binary);
    } catch {
      throw new Error(`${binary} is missing: run \`deno task compile:all\` first`);
    }
    const archive = await packTarget(binary, version, target, outDir);
    sums.set(archiveName(version, target), await sha256Hex(await Deno.readFile(archive)));
  }
  await Deno.writeTextFile(join(outDir, "SHA256SUMS"), sumsText(sums));
  return sums;
}

function flag(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
}

if (import.meta.main) {
  const distDir = resolve(flag(Deno.args, "--dist", "dist"));
  const outDir = resolve(flag(Deno.args, "--out", "dist/release"));
  const version = flag(Deno.args, "--version", VERSION);
  try {
    const sums = await packageRelease(distDir, outDir, version);
    for (const name of sums.keys()) console.log(join(outDir, name));
    console.log(join(outDir, "SHA256SUMS"));
  } catch (err) {
    console.error(`package: ${err instanceof Error ? err.message : String(err)}`);
    Deno.exit(1);
  }
}
