/**
 * The WebDriver client for one endpoint: transport rules plus envelope decoding. Every call
 * resolves with the reply's `value` or throws: `WebDriverError` for an error reply,
 * `MalformedReply` for junk, `RunnerCrashError` when the server did not answer or reported a
 * `timeout` (a hung command: it counts toward the wedged-session bound like a transport hang),
 * `RunCancelled` on the run's hard abort.
 *
 * @module
 */
import { type Envelope, readEnvelope, readTextReply } from "./envelope.ts";
import { RunnerCrashError, WebDriverError, type WireCall } from "./errors.ts";
import {
  type HttpMethod,
  type RequestOptions,
  Transport,
  type TransportOptions,
} from "./transport.ts";

/** Per-call options of the client (the transport's, without the body). */
export type CallOptions = Omit<RequestOptions, "body">;

/**
 * A W3C client over one `Transport`.
 *
 * @example
 * ```ts
 * const client = new WebDriverClient({ endpoint: "http://127.0.0.1:8100", clock: realClock });
 * try {
 *   const status = await client.get("/status") as { ready: boolean };
 *   console.log(status.ready);
 * } finally {
 *   client.close();
 * }
 * ```
 */
export class WebDriverClient {
  readonly transport: Transport;

  constructor(transport: Transport | TransportOptions) {
    this.transport = transport instanceof Transport ? transport : new Transport(transport);
  }

  /** The endpoint without credentials. */
  get endpoint(): string {
    return this.transport.endpoint;
  }

  /** `GET path` → `value`. */
  async get(path: string, options: CallOptions = {}): Promise<unknown> {
    return (await this.send("GET", path, options)).value;
  }

  /** `POST path` with a JSON body → `value`. Never resent once it may have been delivered. */
  async post(path: string, body: unknown = {}, options: CallOptions = {}): Promise<unknown> {
    return (await this.send("POST", path, { ...options, body })).value;
  }

  /** `DELETE path` → `value`. */
  async delete(path: string, options: CallOptions = {}): Promise<unknown> {
    return (await this.send("DELETE", path, options)).value;
  }

  /**
   * One call, the whole decoded envelope (`value` and the top-level `sessionId`).
   *
   * @example
   * ```ts
   * const { value, sessionId } = await client.send("GET", "/status");
   * ```
   */
  async send(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Envelope> {
    const call: WireCall = { method, path };
    const reply = await this.transport.request(method, path, options);
    return this.#decode(call, () => readEnvelope(reply, call, this.#redact));
  }

  /**
   * `GET path` whose success body is text or HTML (WebDriverAgent's `/health` answers
   * `I-AM-ALIVE`).
   *
   * @example
   * ```ts
   * const alive = await client.getText("/health", { probe: true, attempts: 1, timeoutS: 10 });
   * alive.includes("I-AM-ALIVE"); // true when WDA's main queue is not wedged
   * ```
   */
  async getText(path: string, options: CallOptions = {}): Promise<string> {
    const call: WireCall = { method: "GET", path };
    const reply = await this.transport.request("GET", path, { accept: "*/*", ...options });
    return this.#decode(call, () => readTextReply(reply, call, this.#redact));
  }

  /** Closes the transport's HTTP client. */
  close(): void {
    this.transport.close();
  }

  readonly #redact = (text: string): string => this.transport.redact(text);

  #decode<T>(call: WireCall, decode: () => T): T {
    try {
      return decode();
    } catch (err) {
      if (err instanceof WebDriverError && isServerTimeout(err)) {
        // The command hung inside the server (the transport already counted it as a hang).
        throw new RunnerCrashError(
          `${this.transport.where(call)}: the command timed out on the server (${err.httpStatus} ${
            err.w3cError ?? "timeout"
          }); ${call.method === "GET" ? "not retried" : "write may have been lost"}`,
          call,
          { delivered: true, hung: true },
        );
      }
      throw err;
    }
  }
}

/**
 * A reply that says the command timed out: W3C `timeout` (500 in W3C and Appium 4, 408 in WDA
 * and Appium ≤ 3), or a bare 408 without a W3C body.
 */
function isServerTimeout(err: WebDriverError): boolean {
  return err.w3cError === "timeout" || (err.w3cError === null && err.httpStatus === 408);
}
