/**
 * Does a scenario want video? For backends that can only record a whole session (web), the
 * recording must start with the context, so the runner decides before the lease: any step
 * (every phase, nested steps, interrupt recoveries), any capture rule or the config baseline
 * naming `video` (docs/scenario-language.md#capture-tokens).
 *
 * @module
 */
import type { Scenario, Step } from "../scenario/types.ts";

const namesVideo = (tokens: readonly string[] | undefined) =>
  (tokens ?? []).some((t) => t.split(".")[0] === "video");

function stepsWantVideo(steps: readonly Step[]): boolean {
  for (const step of steps) {
    if (namesVideo(step.capture)) return true;
    switch (step.action) {
      case "if":
        if (stepsWantVideo(step.body.then) || stepsWantVideo(step.body.else ?? [])) return true;
        break;
      case "forEach":
      case "web":
        if (stepsWantVideo(step.body.steps)) return true;
        break;
    }
  }
  return false;
}

/**
 * Whether any capture the scenario may fire names `video` (a whole-session recording starts up front).
 *
 * @example
 * ```ts
 * scenarioWantsVideo(scenario, ["screenshot.after", "video"]); // true: the baseline names video
 * ```
 */
export function scenarioWantsVideo(s: Scenario, baseline: readonly string[]): boolean {
  return namesVideo(baseline) ||
    s.capturePolicy.some((r) => namesVideo(r.capture)) ||
    stepsWantVideo(s.before) || stepsWantVideo(s.steps) ||
    s.after.some((r) => stepsWantVideo(r.steps)) ||
    s.interrupts.some((i) => stepsWantVideo(i.steps));
}
