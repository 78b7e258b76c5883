/**
 * Counts the frames Chromium's compositor draws, through a screencast of a few pixels
 * (docs/backends.md#screenshots-of-an-unchanged-screen). A screencast frame is sent only when
 * the page's picture was drawn anew; a `Page.captureScreenshot` forces exactly one such frame
 * (its echo). So when the count has grown by exactly one since a capture was requested, nothing
 * was drawn after that capture. The pixels of the frames are not used.
 *
 * @module
 */
import type { CDPSession } from "playwright-core";

/** Screencast settings: the smallest picture, every frame (only the notification matters). */
const TINY_SCREENCAST = {
  format: "jpeg",
  quality: 1,
  maxWidth: 8,
  maxHeight: 8,
  everyNthFrame: 1,
} as const;

/** A frame counter over one CDP session. */
export class FrameWatch {
  #frames = 0;
  #running: Promise<boolean> | null = null;
  #answer: boolean | null = null;

  /** Frames drawn since `start`. */
  get frames(): number {
    return this.#frames;
  }

  /** Whether the screencast runs, once `start` has answered (null before). */
  get started(): boolean | null {
    return this.#answer;
  }

  /**
   * Starts the screencast once; resolves false when the browser refuses it (then no capture may
   * be taken as unchanged).
   */
  start(session: CDPSession): Promise<boolean> {
    this.#running ??= this.#start(session);
    return this.#running;
  }

  async #start(session: CDPSession): Promise<boolean> {
    session.on("Page.screencastFrame", (frame) => {
      this.#frames++;
      // Unacknowledged, the browser would stop sending frames.
      session.send("Page.screencastFrameAck", { sessionId: frame.sessionId }).catch(() => {});
    });
    try {
      await session.send("Page.startScreencast", TINY_SCREENCAST);
      return this.#answer = true;
    } catch {
      return this.#answer = false;
    }
  }
}
