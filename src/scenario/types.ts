/**
 * The typed form of a loaded scenario, defined in src/model (the plain data every stage imports)
 * and re-exported here, where the loader that produces it lives.
 *
 * @module
 */
export type { Selector } from "../model/selector.ts";
export type {
  Assertion,
  AssertionKind,
  CountOp,
  RequestMatch,
  StringOp,
} from "../model/assertion.ts";
export type { CaptureRule, CaptureToken, Redact, Trigger } from "../model/capture.ts";
export {
  type ActionName,
  CONTAINER_ACTIONS,
  type Direction,
  type ExtractSpec,
  type GenerateSpec,
  type Step,
  type StepBodies,
  type StepCommon,
  type StepOf,
  type TapSpec,
  type Until,
  type WaitSpec,
} from "../model/step.ts";
export type {
  AfterRule,
  Interrupt,
  Mock,
  Preconditions,
  Scenario,
  SystemAlertHandling,
} from "../model/scenario.ts";
