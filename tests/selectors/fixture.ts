/** Element and exchange builders shared by the selector and assertion tests. */
import type { Element, Exchange, Frame } from "../../src/drivers/driver.ts";

/** An element with every field defaulted (anonymous `other` at the origin). */
export function el(fields: Partial<Element> & { frame?: Frame } = {}): Element {
  return {
    identifier: null,
    label: null,
    value: null,
    traits: ["other"],
    frame: [0, 0, 10, 10],
    nativeZ: null,
    ...fields,
  };
}

/** An exchange with defaults: `GET https://api.test<path>` answered 200, no bodies. */
export function ex(fields: Partial<Exchange> = {}): Exchange {
  const path = fields.path ?? "/";
  return {
    method: "GET",
    url: `https://api.test${path}`,
    path,
    status: 200,
    requestHeaders: {},
    responseHeaders: {},
    requestBody: null,
    responseBody: null,
    startedAt: 0,
    durationMs: 1,
    mocked: false,
    ...fields,
  };
}
