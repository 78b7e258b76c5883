/**
 * Wire calls per step of a remote run: a loopback proxy in front of a W3C server records every
 * request with its arrival time; the run's manifest gives each step's start, and a call belongs to
 * the step in whose interval it arrived. Per step kind (the step's action) the most calls any one
 * step of that kind made is what `bench/call_budget.json` bounds (docs/backends.md#wire-calls-per-step).
 * Used by the CI guard (tests/cli/remote_call_budget_test.ts) and the benchmark (bench/remote.ts).
 *
 * @module
 */
import { type CallBudget, overBudget as overBudgetOf } from "../../bench/call_budget.ts";

/** One request the proxy saw: when it arrived (epoch s) and its command, ids cut. */
export interface WireCall {
  at: number;
  command: string;
}

/** `POST /session/abc/element/42/value` → `POST /element/:id/value`. */
export function commandOf(method: string, pathname: string): string {
  const path = pathname.replace(/^\/session\/[^/]+$/, "/session/:id")
    .replace(/^\/session\/[^/]+\//, "/").replace(/\/element\/[^/]+\//, "/element/:id/");
  return `${method} ${path}`;
}

/** Epoch seconds below the millisecond (the manifest's step starts are as fine). */
function epochNow(): number {
  return (performance.timeOrigin + performance.now()) / 1000;
}

/** A loopback proxy in front of `target` (an origin) that records every request. */
export function countingProxy(target: string) {
  const calls: WireCall[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    calls.push({ at: epochNow(), command: commandOf(req.method, url.pathname) });
    const body = req.method === "GET" || req.method === "HEAD"
      ? undefined
      : await req.arrayBuffer();
    const res = await fetch(target + url.pathname + url.search, {
      method: req.method,
      headers: req.headers,
      body,
    });
    return new Response(await res.arrayBuffer(), { status: res.status, headers: res.headers });
  });
  const port = (server.addr as Deno.NetAddr).port;
  return { port, url: `http://127.0.0.1:${port}`, calls, close: () => server.shutdown() };
}

/** Calls per step (`marks`: each step's [start, end], epoch s) and those outside the steps. */
export function perStep(
  calls: readonly WireCall[],
  marks: readonly [number, number][],
): { steps: WireCall[][]; outside: WireCall[] } {
  const steps: WireCall[][] = marks.map(() => []);
  const outside: WireCall[] = [];
  for (const c of calls) {
    // A step owns what arrived from its start to the next step's start (the last: to its end).
    let i = -1;
    for (let k = marks.length - 1; k >= 0; k--) {
      if (c.at >= marks[k][0]) {
        i = k;
        break;
      }
    }
    if (i >= 0 && (i < marks.length - 1 || c.at <= marks[i][1])) steps[i].push(c);
    else outside.push(c);
  }
  return { steps, outside };
}

/** `2× GET /source, POST /actions` */
export function commandsOf(calls: readonly WireCall[]): string {
  const counts = new Map<string, number>();
  for (const c of calls) counts.set(c.command, (counts.get(c.command) ?? 0) + 1);
  return [...counts].map(([k, n]) => (n > 1 ? `${n}× ${k}` : k)).join(", ");
}

/** Per step kind: how many steps, their calls in all, and the most one step made. */
export interface KindCount {
  steps: number;
  calls: number;
  max: number;
}

/**
 * Calls per step kind. The first step's count leaves out `firstStepExtra` calls: the run's
 * baseline screenshot, taken once before any step, falls inside it.
 */
export function perKind(
  kinds: readonly string[],
  steps: readonly WireCall[][],
  firstStepExtra = 0,
): Map<string, KindCount> {
  const out = new Map<string, KindCount>();
  kinds.forEach((kind, i) => {
    const n = Math.max(0, steps[i].length - (i === 0 ? firstStepExtra : 0));
    const k = out.get(kind) ?? { steps: 0, calls: 0, max: 0 };
    out.set(kind, { steps: k.steps + 1, calls: k.calls + n, max: Math.max(k.max, n) });
  });
  return out;
}

/** The breaches of `budget` by the most calls a step of each kind made (bench/call_budget.ts). */
export function overBudget(
  backend: string,
  counts: Map<string, KindCount>,
  budget: CallBudget,
): string[] {
  return overBudgetOf(backend, Object.fromEntries([...counts].map(([k, c]) => [k, c.max])), budget);
}

export { type CallBudget, loadBudget } from "../../bench/call_budget.ts";
