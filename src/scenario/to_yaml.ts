/**
 * The executed scenarios written back in DSL form (`scenario.yaml` of a run): components, data
 * rows and setup already expanded, `${vars.*}`/`${secrets.*}` tokens kept, literal TOTP seeds
 * masked.
 *
 * @module
 */
import { stringify } from "yaml";
import type { Assertion, Scenario, Step, Until } from "./types.ts";

const MASK = "[REDACTED]";

function assertionToDsl(a: Assertion): Record<string, unknown> {
  const from = a.from ? { from: a.from } : {};
  switch (a.kind) {
    case "exists":
      return { exists: a.negate ? { sel: a.sel, negate: true } : a.sel, ...from };
    case "value":
    case "label":
      return { [a.kind]: { sel: a.sel, ...a.op }, ...from };
    case "count":
      return { count: { sel: a.sel, ...a.op }, ...from };
    case "enabled":
    case "disabled":
    case "selected":
      return { [a.kind]: a.sel, ...from };
    case "request":
      return { request: a.match, ...from };
    case "requestSequence":
      return { requestSequence: a.matches, ...from };
    case "clipboard":
      return { clipboard: a.op, ...from };
    case "visual": {
      // Defaults are left out: written back explicitly they would clash with `compare: exact`.
      const { kind: _k, from: _f, colorTolerance, antialiasing, threshold, ...rest } = a;
      return {
        visual: {
          ...rest,
          ...(threshold !== 0 ? { threshold } : {}),
          ...(colorTolerance !== 0.1 ? { colorTolerance } : {}),
          ...(antialiasing !== true ? { antialiasing } : {}),
        },
        ...from,
      };
    }
    default: {
      const { kind, from: _f, ...rest } = a;
      return { [kind]: rest, ...from };
    }
  }
}

function untilToDsl(u: Until): unknown {
  switch (u.kind) {
    case "screenChanged":
    case "settled":
      return u.kind;
    case "gone":
      return { gone: u.sel };
    case "request":
      return { request: u.match };
    case "assert":
      return { assert: u.assertions.map(assertionToDsl) };
  }
}

function bodyToDsl(step: Step): unknown {
  switch (step.action) {
    case "assert":
      return step.body.map(assertionToDsl);
    case "wait": {
      const w = step.body;
      return "for" in w ? w : { until: untilToDsl(w.until), timeout: w.timeout };
    }
    case "if":
      return {
        condition: assertionToDsl(step.body.condition),
        then: step.body.then.map(stepToDsl),
        ...(step.body.else ? { else: step.body.else.map(stepToDsl) } : {}),
      };
    case "forEach":
      return { ...step.body, steps: step.body.steps.map(stepToDsl) };
    case "web":
      return { ...step.body, steps: step.body.steps.map(stepToDsl) };
    case "totp":
      return {
        ...step.body,
        secret: step.body.secret.includes("${") ? step.body.secret : MASK,
      };
    default:
      return step.body;
  }
}

/** One step as the author would write it. */
export function stepToDsl(step: Step): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (step.name) out.name = step.name;
  out[step.action] = bodyToDsl(step);
  if (step.capture) out.capture = step.capture;
  if (step.extract) out.extract = step.extract;
  if (step.from) out.from = step.from;
  return out;
}

/** One scenario in DSL shape (defaults included, positions dropped). */
export function scenarioToDsl(s: Scenario): Record<string, unknown> {
  const out: Record<string, unknown> = { name: s.name };
  if (s.description) out.description = s.description;
  if (s.from) out.from = s.from;
  if (s.tags.length) out.tags = s.tags;
  // The setup prelude is already spliced into `steps`; naming it again would prepend it twice.
  const { setup: _setup, ...preconditions } = s.preconditions;
  out.preconditions = preconditions;
  if (s.before.length) out.before = s.before.map(stepToDsl);
  out.steps = s.steps.map(stepToDsl);
  if (s.after.length) {
    out.after = s.after.map((r) => ({ on: r.on, steps: r.steps.map(stepToDsl) }));
  }
  if (s.expect.length) out.expect = s.expect.map(assertionToDsl);
  if (s.capturePolicy.length) out.capturePolicy = s.capturePolicy;
  if (s.interrupts.length) {
    out.interrupts = s.interrupts.map((i) => ({
      condition: assertionToDsl(i.condition),
      steps: i.steps.map(stepToDsl),
    }));
  }
  if (s.mocks.length) out.mocks = s.mocks;
  if (s.redact) out.redact = s.redact;
  if (s.network) out.network = s.network;
  if (s.systemAlertHandling !== undefined) out.systemAlertHandling = s.systemAlertHandling;
  if (Object.keys(s.permissions).length) out.permissions = s.permissions;
  return out;
}

/** The file text: `{schema: 1, scenarios: [...]}`. */
export function scenarioYaml(scenarios: Scenario[]): string {
  return stringify({ schema: 1, scenarios: scenarios.map(scenarioToDsl) }, {
    lineWidth: 0,
    aliasDuplicateObjects: false,
  });
}
