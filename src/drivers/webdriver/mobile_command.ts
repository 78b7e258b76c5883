/**
 * Appium's `mobile:` extension commands, sent through `POST /session/{id}/execute/sync` as
 * `{"script": "mobile: <name>", "args": [{…}]}` (Appium 3 moved most device commands here).
 *
 * @module
 */
import type { CallOptions } from "./client.ts";
import type { WebDriverSession } from "./session.ts";

/** The body of `POST …/execute/sync` for a `mobile:` command. */
export interface ExecuteBody {
  script: string;
  args: Record<string, unknown>[];
}

/**
 * The execute body of one `mobile:` command; `name` with or without the `mobile: ` prefix.
 *
 * @example
 * ```ts
 * mobileCommandBody("tap", { x: 100, y: 200 });
 * // { script: "mobile: tap", args: [{ x: 100, y: 200 }] }
 * ```
 */
export function mobileCommandBody(name: string, args: Record<string, unknown> = {}): ExecuteBody {
  const bare = name.replace(/^mobile:\s*/, "").trim();
  return { script: `mobile: ${bare}`, args: [args] };
}

/**
 * Runs one `mobile:` command in `session` and resolves with its value.
 *
 * @example
 * ```ts
 * await executeMobile(session, "terminateApp", { bundleId: "com.example.shop" });
 * ```
 */
export function executeMobile(
  session: WebDriverSession,
  name: string,
  args: Record<string, unknown> = {},
  options?: CallOptions,
): Promise<unknown> {
  return session.post("/execute/sync", mobileCommandBody(name, args), options);
}
