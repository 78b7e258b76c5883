/**
 * A config URL that may hold a secret (a webhook, a device grid endpoint): `http(s)://…`, or a
 * string that starts with a `${secrets.NAME}` token standing for the whole URL. Its value is never
 * echoed in an error: it often carries a key.
 *
 * @module
 */
import type { Reader } from "../yaml/combinators.ts";
import { report } from "../yaml/read_context.ts";
import { str } from "../yaml/scalars.ts";

/** Where such a URL must start. */
const SECRET_URL_START = /^(https?:\/\/|\$\{)/i;

/**
 * Reads the URL, trimmed; anything else is `E_TYPE` at its line, without the value.
 *
 * @example
 * ```ts
 * const readHook = record({ url: secretUrl }, { required: ["url"] });
 * ```
 */
export const secretUrl: Reader<string> = (ctx, node, path) => {
  const s = str(ctx, node, path);
  if (s === undefined) return undefined;
  if (SECRET_URL_START.test(s.trim())) return s.trim();
  return report(
    ctx,
    node.pos,
    "E_TYPE",
    path,
    "expected an http:// or https:// URL (or a ${secrets.NAME} holding one)",
  );
};
