/**
 * A requested capture no backend could supply, as the report lists it.
 *
 * @module
 */
/** A requested capture no backend could supply (recorded once per scenario and kind). */
export interface SkippedCapture {
  kind: string;
  reason: string;
}
