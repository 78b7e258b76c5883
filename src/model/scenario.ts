/**
 * The typed form of a loaded scenario: what the loader produces and every later stage consumes.
 *
 * Field names follow the YAML keys (camelCase). Optional YAML keys stay optional here unless the
 * spec gives a default, in which case the loader fills it in (docs/scenario-language.md#defaults).
 *
 * @module
 */
import type { Assertion, RequestMatch } from "./assertion.ts";
import type { CaptureRule, Redact } from "./capture.ts";
import type { Step } from "./step.ts";
import type { SourcePos } from "./source_pos.ts";

export interface Mock {
  match: RequestMatch;
  respond: { status: number; headers: Record<string, string>; body?: string; delayMs?: number };
}

// ---------------------------------------------------------------------------------------------
// Scenario (docs/scenario-language.md#a-scenario,
// docs/scenario-language.md#lifecycle-before-and-after)

export interface Preconditions {
  erase?: boolean;
  reinstall: "clean" | "overwrite";
  launchArgs: string[];
  launchEnv: Record<string, string>;
  deeplink?: string;
  /** Web: the page the scenario starts on, relative to the target's baseUrl (same origin). */
  url?: string;
  locale?: string;
  setup?: string;
}

export interface AfterRule {
  on: "always" | "success" | "error";
  steps: Step[];
}

export interface Interrupt {
  condition: Assertion;
  steps: Step[];
}

export type SystemAlertHandling = boolean | {
  enabled: boolean;
  rules?: Array<
    {
      prompt:
        | "notifications"
        | "tracking"
        | "paste"
        | "savePassword"
        | "alert"
        | "confirm"
        | "prompt"
        | "beforeunload";
      choice: "grant" | "deny";
    }
  >;
  instruction?: string | string[];
  /** Dismiss buttons to prefer, in order (the native guard's label list). */
  labels?: string[];
  pollInterval?: number;
};

export interface Scenario {
  name: string;
  description?: string;
  from?: string;
  tags: string[];
  preconditions: Preconditions;
  before: Step[];
  after: AfterRule[];
  steps: Step[];
  expect: Assertion[];
  capturePolicy: CaptureRule[];
  interrupts: Interrupt[];
  mocks: Mock[];
  network?: { filter?: { domains?: string[] } };
  redact?: Redact;
  systemAlertHandling?: SystemAlertHandling;
  permissions: Record<string, "grant" | "revoke">;
  /** Absolute path of the file the scenario was loaded from. */
  file?: string;
  /** Source position of the scenario mapping. */
  pos?: SourcePos;
}
