/**
 * `bajutsu doctor`'s web checks (docs/cli.md#doctor): a browser for each engine the target uses
 * (Chromium when none is named; the other engines are reported, not required), and ffmpeg,
 * which web video needs.
 *
 * @module
 */
import type { DoctorCheck, DoctorContext } from "../backend.ts";
import { type BrowserProbe, findBrowser, installHint, systemProbe } from "./browsers.ts";
import { type Engine, ENGINES } from "../../model/engines.ts";
import { playwrightFfmpegPath, SYSTEM_FFMPEG } from "./video.ts";

/**
 * The web checks; `probe` looks at the file system and environment (tests fake it).
 *
 * @example
 * ```ts
 * for (const c of await webDoctorChecks({ eff: null, env, required: false })) console.log(c.name);
 * ```
 */
export function webDoctorChecks(
  ctx: DoctorContext,
  probe: BrowserProbe = systemProbe(),
): Promise<DoctorCheck[]> {
  const wanted: Engine[] = ctx.eff?.app.platform === "web" ? [ctx.eff.app.browser] : ["chromium"];
  const out: DoctorCheck[] = [];
  for (const engine of ENGINES) {
    const required = wanted.includes(engine);
    try {
      const found = findBrowser(engine, probe);
      out.push({ name: `browser ${engine}`, status: "ok", detail: found.executablePath });
    } catch {
      out.push({
        name: `browser ${engine}`,
        status: required ? "fail" : "skip",
        detail: required ? `no ${engine} browser found` : `not installed (optional)`,
        fix: required ? installHint(engine, probe.platform) : undefined,
      });
    }
  }
  const expected = playwrightFfmpegPath(probe);
  const ffmpeg = [...(expected ? [expected] : []), ...SYSTEM_FFMPEG].find((p) => probe.exists(p));
  out.push(
    ffmpeg ? { name: "ffmpeg", status: "ok", detail: ffmpeg } : {
      name: "ffmpeg",
      status: "warn",
      detail: "not found: web video capture will fail",
      fix: probe.platform === "darwin"
        ? "brew install ffmpeg"
        : "sudo apt-get install -y --no-install-recommends ffmpeg",
    },
  );
  return Promise.resolve(out);
}
