/**
 * The fast route (docs/backends.md#the-uiautomator2-server): reads and gestures over HTTP to the
 * resident UiAutomator2 server, through the shared WebDriver client. Gestures are by coordinate
 * (the driver resolved the element host-side): `appium/gestures/click|double_click|long_click`
 * with an `offset`, `appium/gestures/drag`, and W3C pointer actions for the non-inertial scroll.
 *
 * @module
 */
import { ElementNotFound, type Point } from "../driver.ts";
import { scrollActions } from "../webdriver/pointer_actions.ts";
import { pngFromBase64 } from "../webdriver/screenshot.ts";
import { toDriverError } from "../webdriver/error_mapping.ts";
import { WebDriverError } from "../webdriver/errors.ts";
import type { WebDriverSession } from "../webdriver/session.ts";
import { MalformedReply } from "../webdriver/errors.ts";
import { DRAG_S, type Route } from "./route.ts";

function at([x, y]: Point): { x: number; y: number } {
  return { x: Math.round(x), y: Math.round(y) };
}

/** The server route over one session. */
export class ServerRoute implements Route {
  readonly name = "uiautomator2" as const;
  constructor(private readonly session: WebDriverSession) {}

  async source(): Promise<string> {
    const value = await this.#call(() => this.session.get("/source"));
    if (typeof value !== "string") {
      throw new MalformedReply("UiAutomator2 server: GET /source did not answer XML text");
    }
    return value;
  }

  async tap(p: Point): Promise<void> {
    await this.#call(() => this.session.post("/appium/gestures/click", { offset: at(p) }));
  }

  async doubleTap(p: Point): Promise<void> {
    await this.#call(() => this.session.post("/appium/gestures/double_click", { offset: at(p) }));
  }

  async longPress(p: Point, seconds: number): Promise<void> {
    await this.#call(() =>
      this.session.post("/appium/gestures/long_click", {
        offset: at(p),
        duration: Math.round(seconds * 1000),
      })
    );
  }

  async drag(from: Point, to: Point, seconds = DRAG_S): Promise<void> {
    const distance = Math.hypot(to[0] - from[0], to[1] - from[1]);
    // Pixels per second, so the drag takes about `seconds`.
    const speed = Math.max(1, Math.round(distance / Math.max(0.05, seconds)));
    await this.#call(() =>
      this.session.post("/appium/gestures/drag", { start: at(from), end: at(to), speed })
    );
  }

  async scroll(from: Point, to: Point): Promise<void> {
    await this.#call(() => this.session.post("/actions", scrollActions(from, to)));
  }

  async typeText(text: string): Promise<void> {
    try {
      await this.session.post("/keys", { text, replace: false });
    } catch (err) {
      if (err instanceof WebDriverError && err.w3cError === "no such element") {
        throw new ElementNotFound("typeText: no field has focus (tap one first)", {});
      }
      throw toDriverError(err);
    }
  }

  async back(): Promise<void> {
    await this.#call(() => this.session.post("/back", {}));
  }

  async screenshot(): Promise<Uint8Array> {
    return pngFromBase64(await this.#call(() => this.session.get("/screenshot")));
  }

  async #call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw toDriverError(err);
    }
  }
}
