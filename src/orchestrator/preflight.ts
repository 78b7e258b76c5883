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
import type { SourcePos } from "../yaml/pnode.ts";
import { DEVICE_CONTROL_ACTIONS } from "./actions/device_control.ts";
import { tokenKind } from "./evidence_rules.ts";
import { tapSpec } from "../scenario/tap_spec.ts";

/** Step actions whose behaviour is LATER (parse-only). */
export const LATER_ACTIONS: ReadonlySet<string> = new Set([
  "select",
  "copy",
  "setPickerValue",
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
  press: "keyPress",
  hover: "hover",
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
  /** `owner`: the step holding the assertion, or null (`expect`, an interrupt's condition). */
  assertion(a: Assertion, path: string, owner: Step | null): void;
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
      step.body.forEach((a, i) => v.assertion(a, `${path} > assert[${i}]`, step));
      break;
    case "wait":
      if ("until" in step.body && step.body.until.kind === "assert") {
        step.body.until.assertions.forEach((a, i) =>
          v.assertion(a, `${path} > wait > until > assert[${i}]`, step)
        );
      }
      break;
    case "if":
      v.assertion(step.body.condition, `${path} > if > condition`, step);
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
  s.expect.forEach((a, i) => v.assertion(a, `expect[${i}]`, null));
  s.after.forEach((rule, r) =>
    rule.steps.forEach((step, i) => walkStep(step, `after[${r}] > step ${i}`, v))
  );
  s.interrupts.forEach((entry, e) => {
    v.assertion(entry.condition, `interrupts[${e}] > condition`, null);
    entry.steps.forEach((step, i) => walkStep(step, `interrupts[${e}] > step ${i}`, v));
  });
}

/**
 * Calls `fn` with every step of the scenario (before, steps, after, interrupts, and the steps
 * nested in control flow) and its preflight path.
 *
 * @example
 * ```ts
 * forEachStep(scenario, (step, path) => console.log(path, step.action)); // "step 0 tap" …
 * ```
 */
export function forEachStep(s: Scenario, fn: (step: Step, path: string) => void): void {
  walkScenario(s, { step: fn, assertion: () => {} });
}

/**
 * One reason a scenario cannot run, where it is: the path (`step 3`, `expect[0]`…), what is
 * wrong, and the source position of the step (or the scenario) it comes from.
 */
export interface PreflightProblem {
  kind: "later" | "capability";
  path: string;
  message: string;
  pos?: SourcePos;
}

/** Every LATER feature the scenario uses, positioned. */
export function laterProblems(s: Scenario): PreflightProblem[] {
  const out: PreflightProblem[] = [];
  const add = (path: string, message: string, pos: SourcePos | undefined) =>
    out.push({ kind: "later", path, message, pos });
  walkScenario(s, {
    step(step, path) {
      if (LATER_ACTIONS.has(step.action)) {
        add(path, `${step.action} is not supported yet`, step.pos);
      }
      step.capture?.forEach((token, i) => {
        if (LATER_CAPTURES.has(tokenKind(token))) {
          add(`${path} > capture[${i}]`, `capture ${token} is not supported yet`, step.pos);
        }
      });
    },
    assertion(a, path, owner) {
      if (LATER_ASSERTIONS.has(a.kind)) {
        add(path, `${a.kind} assertion is not supported yet`, owner?.pos ?? s.pos);
      }
    },
  });
  s.capturePolicy.forEach((rule, r) =>
    rule.capture.forEach((token, i) => {
      if (LATER_CAPTURES.has(tokenKind(token))) {
        add(
          `capturePolicy[${r}].capture[${i}]`,
          `capture ${token} is not supported yet`,
          s.pos,
        );
      }
    })
  );
  if (Object.keys(s.permissions).length > 0) {
    add("scenario.permissions", "permissions are not supported yet", s.pos);
  }
  if (s.network?.filter !== undefined) {
    add("scenario.network.filter", "is not supported yet", s.pos);
  }
  return out;
}

/** Every LATER feature the scenario uses, as `<path>: <what>`. */
export function unsupportedFeatures(s: Scenario): string[] {
  return laterProblems(s).map((p) => `${p.path}: ${p.message}`);
}

/** What a step needs, as `[label, capability]` pairs: its action's, then its options'. */
function neededCapabilities(step: Step): [string, string][] {
  const out: [string, string][] = [];
  const cap = ACTION_CAPABILITY[step.action];
  if (cap !== undefined) out.push([step.action, cap]);
  if (step.action === "tap") {
    const spec = tapSpec(step.body);
    if (spec.button === "secondary") out.push(["tap button: secondary", "secondaryTap"]);
    if (spec.at) out.push(["tap at", "tapOffset"]);
  }
  return out;
}

/** Capability gaps on a backend offering `caps`, positioned. */
export function capabilityProblems(
  s: Scenario,
  caps: ReadonlySet<Capability>,
): PreflightProblem[] {
  const out: PreflightProblem[] = [];
  const add = (path: string, message: string, pos: SourcePos | undefined) =>
    out.push({ kind: "capability", path, message, pos });
  for (const cap of ["query", "elements"]) {
    if (!caps.has(cap)) add("running", `needs '${cap}'`, s.pos);
  }
  walkScenario(s, {
    step(step, path) {
      for (const [what, cap] of neededCapabilities(step)) {
        if (!caps.has(cap)) add(path, `${what} needs '${cap}'`, step.pos);
      }
    },
    assertion(a, path, owner) {
      const cap = ASSERTION_CAPABILITY[a.kind];
      if (cap !== undefined && !caps.has(cap)) {
        add(path, `${a.kind} needs '${cap}'`, owner?.pos ?? s.pos);
      }
    },
  });
  for (const service of Object.keys(s.permissions)) {
    const cap = `deviceControl.permissions.${service}`;
    if (!caps.has(cap)) add("scenario.permissions", `${service} needs '${cap}'`, s.pos);
  }
  return out;
}

/** Capability gaps on a backend offering `caps`, as `<path>: <label> needs '<cap>'`. */
export function capabilityGaps(s: Scenario, caps: ReadonlySet<Capability>): string[] {
  return capabilityProblems(s, caps).map((p) =>
    p.path === "running" ? `running ${p.message}` : `${p.path}: ${p.message}`
  );
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
