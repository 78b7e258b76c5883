/**
 * Points and rectangles in a backend's units (iOS points, Android pixels, CSS pixels).
 *
 * @module
 */
/**
 * A point in the backend's units (iOS points, Android pixels, CSS pixels), top-left origin.
 *
 * @example
 * ```ts
 * const centre: Point = [195, 422];
 * ```
 */
export type Point = [x: number, y: number];

/**
 * An element's rectangle: top-left corner, width, height, in the backend's units.
 *
 * @example
 * ```ts
 * const frame: Frame = [16, 600, 358, 44]; // x 16..374, y 600..644
 * ```
 */
export type Frame = [x: number, y: number, w: number, h: number];
