/**
 * `.env` support (config-cli.md §3): `KEY=VALUE` lines, `#` comments, an optional `export `
 * prefix, single quotes (literal) and double quotes (with `\n`-style escapes, may span lines).
 * Loading never overrides a variable the process already has.
 *
 * @module
 */

/** Where loaded variables go; `Deno.env` fits. */
export interface EnvTarget {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

/** What `loadDotenv` did. */
export interface DotenvResult {
  /** The file read (or looked for). */
  path: string;
  /** false when the file does not exist (not an error). */
  found: boolean;
  /** Keys newly set, in file order. */
  loaded: string[];
  /** Keys left alone because the environment already had them. */
  kept: string[];
}

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*)$/;
const ESCAPES: Readonly<Record<string, string>> = {
  n: "\n",
  r: "\r",
  t: "\t",
  '"': '"',
  "\\": "\\",
  $: "$",
};

/**
 * Parses `.env` text into ordered key/value pairs. Lines that are not assignments are skipped;
 * a later assignment of the same key wins.
 *
 * @example
 * ```ts
 * parseDotenv('export A=1 # note\nB="x\\ny"'); // { A: "1", B: "x\ny" }
 * ```
 */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = LINE.exec(lines[i]);
    if (!m) continue;
    const [, key, rest] = m;
    const quote = rest[0];
    if (quote === '"' || quote === "'") {
      // A quoted value may continue on the following lines until its closing quote.
      let body = rest.slice(1);
      let end = closingQuote(body, quote);
      while (end < 0 && i + 1 < lines.length) {
        body += "\n" + lines[++i];
        end = closingQuote(body, quote);
      }
      const raw = end < 0 ? body : body.slice(0, end);
      out[key] = quote === '"' ? unescapeDouble(raw) : raw;
    } else {
      out[key] = rest.replace(/(^|\s+)#.*$/, "").trim();
    }
  }
  return out;
}

function closingQuote(s: string, quote: string): number {
  for (let i = 0; i < s.length; i++) {
    if (quote === '"' && s[i] === "\\") {
      i++;
      continue;
    }
    if (s[i] === quote) return i;
  }
  return -1;
}

function unescapeDouble(s: string): string {
  return s.replace(/\\(.)/g, (all, c: string) => ESCAPES[c] ?? all);
}

/**
 * Loads a `.env` file into `env` without overriding existing variables. A missing file is fine
 * (`found: false`); other read errors propagate.
 */
export async function loadDotenv(
  path: string = Deno.env.get("BAJUTSU_DOTENV") ?? ".env",
  env: EnvTarget = Deno.env,
): Promise<DotenvResult> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return { path, found: false, loaded: [], kept: [] };
    throw err;
  }
  const loaded: string[] = [];
  const kept: string[] = [];
  for (const [key, value] of Object.entries(parseDotenv(text))) {
    if (env.get(key) !== undefined) {
      kept.push(key);
    } else {
      env.set(key, value);
      loaded.push(key);
    }
  }
  return { path, found: true, loaded, kept };
}
