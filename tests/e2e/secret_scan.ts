/**
 * The leak oracle of the redaction end-to-end tests: every spelling a secret can take in a run's
 * files and output (computed here independently of `src/evidence/secret_forms.ts`), and a scan
 * of a whole runs folder plus captured output lines for any of them.
 *
 * @module
 */
import { join } from "node:path";

/** Files that are never masked (images and video, docs/redaction.md). */
const BINARY = /\.(png|mp4|webm|jpe?g)$/;

function base64(s: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(s)));
}

type Encode = (s: string) => string;

const json: Encode = (s) => JSON.stringify(s).slice(1, -1);
const xmlText: Encode = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** One-step encodings: what a file format or a transport does to a string. */
export const ENCODINGS: Record<string, Encode> = {
  "JSON-escaped": json,
  "JSON-escaped (ASCII)": (s) =>
    json(s).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    ),
  "JSON for <script>": (s) =>
    json(s).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`),
  "XML text": xmlText,
  "XML attribute": (s) => xmlText(s).replace(/"/g, "&quot;"),
  "HTML-escaped": (s) => xmlText(s).replace(/"/g, "&quot;").replace(/'/g, "&#39;"),
  "percent-encoded": encodeURIComponent,
  "form-encoded": (s) => new URLSearchParams([["k", s]]).toString().slice(2),
  "base64": base64,
  "base64 unpadded": (s) => base64(s).replace(/=+$/, ""),
  "base64url": (s) => base64(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
};

/**
 * Named spellings of `secret`: raw, each encoding, and each encoding of each encoding (a
 * JSON-quoted reason inside junit.xml is XML of JSON; base64 in a URL is percent of base64).
 */
export function encodingsOf(secret: string): Map<string, string> {
  const out = new Map<string, string>([["raw", secret]]);
  for (const [inner, f] of Object.entries(ENCODINGS)) {
    out.set(inner, f(secret));
    for (const [outer, g] of Object.entries(ENCODINGS)) {
      out.set(`${outer} of ${inner}`, g(f(secret)));
    }
  }
  return out;
}

/** Every regular file under `dir`, relative paths. */
export async function filesUnder(dir: string, rel = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(join(dir, rel))) {
    const path = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory) out.push(...await filesUnder(dir, path));
    else if (e.isFile) out.push(path);
  }
  return out.sort();
}

/**
 * Where any encoding of any secret appears: in a text file under `runsDir` (images and video
 * excepted) or in one of `lines`. Returns `<where>: <encoding> of <secret name>` findings.
 */
export async function findLeaks(
  runsDir: string,
  secrets: Record<string, string>,
  lines: readonly string[],
): Promise<{ leaks: string[]; scanned: string[] }> {
  const texts: Array<[string, string]> = [];
  const scanned: string[] = [];
  for (const f of await filesUnder(runsDir)) {
    if (BINARY.test(f)) continue;
    scanned.push(f);
    texts.push([f, await Deno.readTextFile(join(runsDir, f))]);
  }
  lines.forEach((l, i) => texts.push([`output line ${i}`, l]));
  const leaks: string[] = [];
  for (const [name, secret] of Object.entries(secrets)) {
    // Identical spellings are reported once, under their first name.
    const forms = new Map<string, string>();
    for (const [encoding, form] of encodingsOf(secret)) {
      if (!forms.has(form)) forms.set(form, encoding);
    }
    for (const [form, encoding] of forms) {
      for (const [where, text] of texts) {
        if (text.includes(form)) leaks.push(`${where}: ${encoding} of ${name}`);
      }
    }
  }
  return { leaks: [...new Set(leaks)], scanned };
}
