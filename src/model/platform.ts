/**
 * The platforms a target can run on.
 *
 * @module
 */

/** Platforms a target can run on; `fake` drives a scripted in-process app. */
export const PLATFORMS = ["ios", "android", "web", "fake"] as const;
export type Platform = typeof PLATFORMS[number];
