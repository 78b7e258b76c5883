/**
 * Element references: W3C names them with the key `element-6066-11e4-a52e-4f735466cecf`; the
 * legacy key `ELEMENT` is still sent by WebDriverAgent and Appium ≤ 3 and dropped by Appium 4.
 * We read the W3C key first and fall back to `ELEMENT`.
 *
 * @module
 */
import { MalformedReply } from "./errors.ts";

/** The W3C web element identifier key. */
export const W3C_ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf";
/** The legacy (JSON Wire Protocol) key. */
export const LEGACY_ELEMENT_KEY = "ELEMENT";

/**
 * The element id in a reply value (`POST …/element`, `GET …/element/active`).
 *
 * @example
 * ```ts
 * readElementRef({ "element-6066-11e4-a52e-4f735466cecf": "42", ELEMENT: "42" }); // "42"
 * readElementRef({ ELEMENT: "7" }); // "7"
 * ```
 */
export function readElementRef(value: unknown): string {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of [W3C_ELEMENT_KEY, LEGACY_ELEMENT_KEY]) {
      const id = record[key];
      if (typeof id === "string" && id !== "") return id;
    }
  }
  throw new MalformedReply(
    `webdriver: expected an element reference (${W3C_ELEMENT_KEY} or ${LEGACY_ELEMENT_KEY}), got ${
      describe(value)
    }`,
  );
}

/**
 * The element ids in a `POST …/elements` reply, in order.
 *
 * @example
 * ```ts
 * readElementRefs([{ ELEMENT: "1" }, { "element-6066-11e4-a52e-4f735466cecf": "2" }]); // ["1", "2"]
 * ```
 */
export function readElementRefs(value: unknown): string[] {
  if (!Array.isArray(value)) {
    throw new MalformedReply(
      `webdriver: expected a list of element references, got ${describe(value)}`,
    );
  }
  return value.map(readElementRef);
}

/**
 * An element reference to send (an action's `origin`, a gesture's `origin`), with both keys so
 * old and new servers read it.
 *
 * @example
 * ```ts
 * elementRef("42"); // { "element-6066-11e4-a52e-4f735466cecf": "42", ELEMENT: "42" }
 * ```
 */
export function elementRef(id: string): Record<string, string> {
  return { [W3C_ELEMENT_KEY]: id, [LEGACY_ELEMENT_KEY]: id };
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return `an object with keys [${Object.keys(value).join(", ")}]`;
  return typeof value;
}
