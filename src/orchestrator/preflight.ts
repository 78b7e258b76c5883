/**
 * Preflight (docs/architecture.md#preflight): a pure check of one scenario before any device work.
 * A LATER feature fails the scenario with `E_UNSUPPORTED: <path>: <what>`; then capability gaps of
 * the chosen backend fail it with `unsupported on backend '<a>': <path>: <label> needs '<cap>'; …`.
 * Paths are 0-based: `step 3`, `step 2 > if > then[0]`, `step 1 > forEach[2]`, `expect[0]`,
 * `step 4 > assert[1]`, `before > step 0`, `after[1] > step 0`, `scenario.permissions`.
 *
 * @module
 */
import type { Capability } from "../drivers/driver.ts";
import type { Assertion, AssertionKind, Scenario, Step } from "../scenario/types.ts";
import { DEVICE_CONTROL_ACTIONS } from "./actions/device_control.ts";
import { tokenKind } from "./evidence_rules.ts";

/** Step actions whose behaviour is LATER (parse-only). */
export const LATER_ACTIONS: ReadonlySet<string> = new Set([
  "select",
  "copy",
  "setPickerValue",
  "pinch",
  "rotate",
  "handleSystemAlert",
  "email",
  "web",
  ...DEVICE_CONTROL_ACTIONS,
]);

/** Assertion kinds whose behaviour is LATER. */
export const LATER_ASSERTIONS: ReadonlySet<AssertionKind> = new Set<AssertionKind>([
  "visual",
  "clipboard",
  "golden",
  "responseSchema",
]);

/** Capture kinds whose behaviour is LATER. */
export const LATER_CAPTURES: ReadonlySet<string> = new Set(["rawTree", "appTrace"]);

/** The capability each gated action needs (docs/architecture.md#preflight). */
const ACTION_CAPABILITY: Readonly<Record<string, string>> = {
  pinch: "multiTouch",
  rotate: "multiTouch",
  selectOption: "selectOption",
  setPickerValue: "pickerWheel",
  select: "textSelection",
  copy: "textSelection",
  handleSystemAlert: "handleSystemAlert",
  setLocation: "deviceControl.setLocation",
  clearClipboard: "deviceControl.clipboard",
  setClipboard: "deviceControl.clipboard",
  push: "deviceControl.push",
  clearKeychain: "deviceControl.clearKeychain",
  background: "deviceControl.appLifecycle",
  foreground: "deviceControl.appLifecycle",
  overrideStatusBar: "deviceControl.statusBar",
  clearStatusBar: "deviceControl.statusBar",
};

/** The capability each gated assertion kind needs. */
const ASSERTION_CAPABILITY: Readonly<Partial<Record<AssertionKind, string>>> = {
  visual: "screenshot",
  clipboard: "deviceControl.clipboard",
};

interface Visitor {
  step(step: Step, path: string): void;
  assertion(a: Assertion, path: string): void;
}

function walkSteps(steps: readonly Step[], prefix: string, kind: string, v: Visitor): void {
  steps.forEach((step, i) => {
    const path = prefix === "" ? `${kind} ${i}` : `${prefix} > ${kind}[${i}]`;
    walkStep(step, path, v);
  });
}

function walkStep(step: Step, path: string, v: Visitor): void {
  v.step(step, path);
  switch (step.action) {
    case "assert":
      step.body.forEach((a, i) => v.assertion(a, `${path} > assert[${i}]`));
      break;
    case "if":
      v.assertion(step.body.condition, `${path} > if > condition`);
      walkSteps(step.body.then, `${path} > if`, "then", v);
      walkSteps(step.body.else ?? [], `${path} > if`, "else", v);
      break;
    case "forEach":
      walkSteps(step.body.steps, path, "forEach", v);
      break;
    case "web":
      walkSteps(step.body.steps, path, "web", v);
      break;
  }
}

function walkScenario(s: Scenario, v: Visitor): void {
  s.before.forEach((step, i) => walkStep(step, `before > step ${i}`, v));
  walkSteps(s.steps, "", "step", v);
  s.expect.forEach((a, i) => v.assertion(a, `expect[${i}]`));
  s.after.forEach((rule, r) =>
    rule.steps.forEach((step, i) => walkStep(step, `after[${r}] > step ${i}`, v))
  );
  s.interrupts.forEach((entry, e) => {
    v.assertion(entry.condition, `interrupts[${e}] > condition`);
    entry.steps.forEach((step, i) => walkStep(step, `interrupts[${e}] > step ${i}`, v));
  });
}

/** Every LATER feature the scenario uses, as `<path>: <what>`. */
export function unsupportedFeatures(s: Scenario): string[] {
  const out: string[] = [];
  walkScenario(s, {
    step(step, path) {
      if (LATER_ACTIONS.has(step.action)) out.push(`${path}: ${step.action} is not supported yet`);
      step.capture?.forEach((token, i) => {
        if (LATER_CAPTURES.has(tokenKind(token))) {
          out.push(`${path} > capture[${i}]: capture ${token} is not supported yet`);
        }
      });
    },
    assertion(a, path) {
      if (LATER_ASSERTIONS.has(a.kind)) {
        out.push(`${path}: ${a.kind} assertion is not supported yet`);
      }
    },
  });
  s.capturePolicy.forEach((rule, r) =>
    rule.capture.forEach((token, i) => {
      if (LATER_CAPTURES.has(tokenKind(token))) {
        out.push(`capturePolicy[${r}].capture[${i}]: capture ${token} is not supported yet`);
      }
    })
  );
  if (Object.keys(s.permissions).length > 0) {
    out.push("scenario.permissions: permissions are not supported yet");
  }
  if (s.network?.filter !== undefined) out.push("scenario.network.filter: is not supported yet");
  return out;
}

/** Capability gaps on a backend offering `caps`, as `<path>: <label> needs '<cap>'`. */
export function capabilityGaps(s: Scenario, caps: ReadonlySet<Capability>): string[] {
  const out: string[] = [];
  for (const cap of ["query", "elements"]) {
    if (!caps.has(cap)) out.push(`running needs '${cap}'`);
  }
  walkScenario(s, {
    step(step, path) {
      const cap = ACTION_CAPABILITY[step.action];
      if (cap !== undefined && !caps.has(cap)) out.push(`${path}: ${step.action} needs '${cap}'`);
    },
    assertion(a, path) {
      const cap = ASSERTION_CAPABILITY[a.kind];
      if (cap !== undefined && !caps.has(cap)) out.push(`${path}: ${a.kind} needs '${cap}'`);
    },
  });
  for (const service of Object.keys(s.permissions)) {
    const cap = `deviceControl.permissions.${service}`;
    if (!caps.has(cap)) out.push(`scenario.permissions: ${service} needs '${cap}'`);
  }
  return out;
}

/**
 * The scenario's preflight failure, or null when it may run. LATER features come first; then
 * the backend's capability gaps.
 *
 * @example
 * ```ts
 * preflight(scenario, driverCaps, "fake");
 * // "E_UNSUPPORTED: step 3: pinch is not supported yet" | "unsupported on backend 'fake': …" | null
 * ```
 */
export function preflight(
  scenario: Scenario,
  capabilities: ReadonlySet<Capability>,
  backend = "",
): string | null {
  const later = unsupportedFeatures(scenario);
  if (later.length > 0) return `E_UNSUPPORTED: ${later.join("; ")}`;
  const gaps = capabilityGaps(scenario, capabilities);
  if (gaps.length > 0) return `unsupported on backend '${backend}': ${gaps.join("; ")}`;
  return null;
}
