/**
 * Readers for the config's nested blocks (notify, ai, redact, doctor, xcuitest, launchServer,
 * mailbox, mockServer, viewport, systemAlertHandling, capture tokens), built
 * with the YAML toolkit's combinators (src/yaml/combinators.ts).
 *
 * @module
 */
import {
  dictOf,
  enumOf,
  listOf,
  numWhere,
  type Reader,
  record,
  strOrList,
} from "../yaml/combinators.ts";
import { report } from "../yaml/read_context.ts";
import { tokenRegExp } from "../scenario/interpolate.ts";
import { secretUrl } from "./secret_url.ts";
import { int, num, str } from "../yaml/scalars.ts";
import { CAPTURE_KINDS, CAPTURE_MODIFIERS } from "../scenario/validate/capture.ts";
import {
  type AiSettings,
  type DoctorConfig,
  type LaunchServer,
  type Mailbox,
  type MockServer,
  NOTIFY_EVENTS,
  type NotifyEndpoint,
  type PricingEntry,
  type XcuitestConfig,
} from "./types.ts";

/** A list of strings. */
export const strList: Reader<string[]> = listOf(str);
/** A string → string mapping (launch env, headers…). */
export const strMap: Reader<Record<string, string>> = dictOf(str);

/**
 * A webhook URL: http(s)://, or a `${secrets.NAME}` token holding one; the only tokens it may
 * hold are `${secrets.NAME}` (resolved when the run posts). The value is never echoed: it is
 * often a secret.
 */
const hookUrl: Reader<string> = (ctx, node, path) => {
  const s = secretUrl(ctx, node, path);
  if (s === undefined) return undefined;
  for (const [token, ns] of s.matchAll(tokenRegExp())) {
    if (ns !== "secrets") {
      return report(
        ctx,
        node.pos,
        "E_CONFIG",
        path,
        `${token} is not bound here: a notify url takes \${secrets.NAME} tokens only`,
      );
    }
  }
  return s;
};

const readNotifyRaw = record({
  format: enumOf(["slack"] as const),
  url: hookUrl,
  on: strOrList(enumOf(NOTIFY_EVENTS)),
  targets: strList,
}, { required: ["url"] });

/** One notify endpoint, with `format: slack` and `on: [failure]` filled in. */
export const notifyEndpoint: Reader<NotifyEndpoint> = (ctx, node, path) => {
  const r = readNotifyRaw(ctx, node, path);
  if (r === undefined || r.url === undefined) return undefined;
  return {
    format: r.format ?? "slack",
    url: r.url,
    on: r.on ?? ["failure"],
    targets: r.targets ?? [],
  };
};

/** A notify list. */
export const notifyList: Reader<NotifyEndpoint[]> = listOf(notifyEndpoint);

const pricingEntry = record({ input: num, output: num, cacheWrite: num, cacheRead: num }, {
  required: ["input", "output"],
}) as Reader<PricingEntry>;

/** The `ai` block. */
export const aiSettings: Reader<AiSettings> = record({
  provider: str,
  model: str,
  baseUrl: str,
  keyEnv: str,
  effort: str,
  language: str,
  usageLedger: str,
  pricing: dictOf(pricingEntry),
});

const unit = numWhere(num, (n) => n >= 0 && n <= 1, "a number in [0, 1]");
const readDoctorRaw = record({ idCoverageOk: unit, idCoverageFail: unit });

/** `doctor` thresholds: each in [0,1] and ok ≥ fail (checked against the built-in 0.9/0.7). */
export const doctor: Reader<DoctorConfig> = (ctx, node, path) => {
  const d = readDoctorRaw(ctx, node, path);
  if (d === undefined) return undefined;
  const ok = d.idCoverageOk ?? 0.9;
  const bad = d.idCoverageFail ?? 0.7;
  if (ok < bad) {
    return report(
      ctx,
      node.pos,
      "E_CONFIG",
      path,
      `idCoverageOk (${ok}) must be >= idCoverageFail (${bad})`,
    );
  }
  return d;
};

/** `xcuitest` runner settings. */
export const xcuitest: Reader<XcuitestConfig> = record({
  testRunner: str,
  build: str,
  deviceType: enumOf(["simulator", "device"] as const),
});

const port = numWhere(int, (n) => n >= 1 && n <= 65535, "a port in 1..65535");

/** `launchServer`. */
export const launchServer = record({
  cmd: str,
  readyUrl: str,
  readyTimeout: numWhere(num, (n) => n > 0, "a number > 0"),
  cwd: str,
  env: strMap,
  dockerImage: str,
  dockerfile: str,
  port,
}, { required: ["cmd"] }) as Reader<LaunchServer>;

/** `mailbox` for the `email` step. */
export const mailbox = record({
  kind: str,
  url: str,
  headers: strMap,
  messages: str,
  fields: strMap,
}, { required: ["url"] }) as Reader<Mailbox>;

/** `mockServer` (accepted, not wired). */
export const mockServer = record({ cmd: str, port, stubs: str }, {
  required: ["cmd", "port"],
}) as Reader<MockServer>;

const positiveInt = numWhere(int, (n) => n > 0, "a positive integer");

/** `viewport` for web targets. */
export const viewport = record({ width: positiveInt, height: positiveInt }, {
  required: ["width", "height"],
}) as Reader<{ width: number; height: number }>;

/** `cloudBatchBudget`. */
export const positiveInteger: Reader<number> = positiveInt;

/** `actionTimeout`: seconds, 0 or more. */
export const nonNegativeNumber: Reader<number> = numWhere(num, (n) => n >= 0, "a number ≥ 0");

/**
 * `testIdAttribute`: an HTML attribute name (letters, digits, `-`, `_`, `:`, `.`), so the page's
 * attribute selector cannot be broken by it.
 */
export const testIdAttribute: Reader<string> = (ctx, node, path) => {
  const s = str(ctx, node, path);
  if (s === undefined) return undefined;
  return /^[A-Za-z_][A-Za-z0-9_.:-]*$/.test(s) ? s : report(
    ctx,
    node.pos,
    "E_TYPE",
    path,
    `expected an attribute name such as data-testid, got ${JSON.stringify(s)}`,
  );
};

const TOKEN = new RegExp(
  `^(${CAPTURE_KINDS.join("|")})(\\.(${CAPTURE_MODIFIERS.join("|")}))?$`,
);

/** One capture token `<kind>[.<modifier>]` (`E_CAPTURE_TOKEN` otherwise). */
export const captureToken: Reader<string> = (ctx, node, path) => {
  const s = str(ctx, node, path);
  if (s === undefined) return undefined;
  return TOKEN.test(s) ? s : report(
    ctx,
    node.pos,
    "E_CAPTURE_TOKEN",
    path,
    `invalid capture token ${JSON.stringify(s)}: <kind>[.<modifier>] with kind one of ${
      CAPTURE_KINDS.join(", ")
    } and modifier one of ${CAPTURE_MODIFIERS.join(", ")}`,
  );
};

/** A duration: a number of milliseconds, or a string such as `800ms` or `1.5s`. */
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s)$/;

/**
 * `latencyBudget.stepP95` (docs/configuration.md#latencybudget): a positive duration, read as
 * seconds — a bare number is milliseconds, a string names its unit (`800ms`, `1.5s`).
 */
export const durationSeconds: Reader<number> = (ctx, node, path) => {
  if (node.kind === "scalar" && typeof node.value === "number" && Number.isFinite(node.value)) {
    return node.value > 0
      ? node.value / 1000
      : report(ctx, node.pos, "E_TYPE", path, `expected a duration above 0, got ${node.value}`);
  }
  const m = node.kind === "scalar" && typeof node.value === "string"
    ? DURATION.exec(node.value.trim())
    : null;
  const n = m ? Number(m[1]) / (m[2] === "ms" ? 1000 : 1) : 0;
  if (m && n > 0) return n;
  const shown = node.kind === "scalar" ? JSON.stringify(node.value) : `a ${node.kind}`;
  return report(
    ctx,
    node.pos,
    "E_TYPE",
    path,
    `expected a duration such as 800 (milliseconds), "800ms" or "1.5s", got ${shown}`,
  );
};

/** `latencyBudget`: `{stepP95: <duration>}`, kept in seconds. */
export const latencyBudget = record({ stepP95: durationSeconds }, {
  required: ["stepP95"],
}) as Reader<{ stepP95: number }>;
