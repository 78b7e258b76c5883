/**
 * The fake's screenshot: a small solid-colour PNG whose colour is derived from what is showing,
 * so two screens give different images and the same screen always gives the same bytes.
 *
 * @module
 */
import { solidPng } from "./png.ts";

/** Side of the square screenshot, in pixels. */
export const SCREENSHOT_SIDE = 8;

/** A stable colour for a name (FNV-1a hash, one byte per channel). */
export function colourOf(name: string): [number, number, number] {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(name)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return [(h >>> 16) & 0xff, (h >>> 8) & 0xff, h & 0xff];
}

/** The PNG for a view named `name` (a screen, or a screen with an alert over it). */
export function screenshotPng(name: string): Uint8Array {
  return solidPng(SCREENSHOT_SIDE, SCREENSHOT_SIDE, colourOf(name));
}
