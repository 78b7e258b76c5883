/**
 * Assertions of the scenario language (exactly one kind per assertion) and the request
 * matcher network assertions share.
 *
 * @module
 */
import type { Selector } from "./selector.ts";

// ---------------------------------------------------------------------------------------------
// Network matching (docs/scenario-language.md#network-matching)

export interface RequestMatch {
  method?: string;
  url?: string;
  urlMatches?: string;
  path?: string;
  pathMatches?: string;
  status?: number;
  bodyMatches?: string;
  count?: number;
}

// ---------------------------------------------------------------------------------------------
// Assertions (docs/scenario-language.md#assertions): exactly one kind per assertion.

export type StringOp = { equals: string } | { contains: string } | { matches: string };
export type CountOp = { equals: number } | { atLeast: number } | { atMost: number };

export type Assertion =
  | { kind: "exists"; sel: Selector; negate: boolean; from?: string }
  | { kind: "value"; sel: Selector; op: StringOp; from?: string }
  | { kind: "label"; sel: Selector; op: StringOp; from?: string }
  | { kind: "count"; sel: Selector; op: CountOp; from?: string }
  | { kind: "enabled"; sel: Selector; from?: string }
  | { kind: "disabled"; sel: Selector; from?: string }
  | { kind: "selected"; sel: Selector; from?: string }
  | { kind: "request"; match: RequestMatch; from?: string }
  | {
    kind: "event";
    method?: string;
    url?: string;
    urlMatches?: string;
    path?: string;
    pathMatches?: string;
    body?: Record<string, unknown>;
    count?: CountOp;
    from?: string;
  }
  | { kind: "requestSequence"; matches: RequestMatch[]; from?: string }
  | { kind: "responseSchema"; request: RequestMatch; schema: string; from?: string }
  | {
    kind: "visual";
    baseline: string;
    element?: Selector;
    compare?: "exact" | "pixelmatch";
    threshold: number;
    colorTolerance: number;
    antialiasing: boolean;
    exclude?: Array<{ x: number; y: number; w: number; h: number } | { selector: Selector }>;
    from?: string;
  }
  | { kind: "clipboard"; op: { equals: string } | { matches: string }; from?: string }
  | { kind: "golden"; path: string; from?: string };

export type AssertionKind = Assertion["kind"];
