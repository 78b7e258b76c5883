/**
 * Token auth (docs/serve.md, "Security"). With no token the server is open (it then only binds
 * loopback). With a token every request but the page shell needs `Authorization: Bearer <token>`
 * or the `bajutsu_session` cookie that `POST /api/login` (or the one-time login link printed at
 * start) hands out. Sessions are random ids held in memory; the token itself never goes into a
 * cookie or a URL.
 *
 * @module
 */
import { timingSafeEqual } from "node:crypto";

/** The session cookie's name. */
export const SESSION_COOKIE = "bajutsu_session";

/** Random ids, injected so tests are deterministic. */
export type IdSource = () => string;

/** 32 random bytes, base64url. */
export const randomId: IdSource = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(
    /=+$/,
    "",
  );
};

const enc = new TextEncoder();

async function digest(s: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(s)));
}

/** Constant-time comparison of two strings (through their digests, so lengths leak nothing). */
export async function sameSecret(a: string, b: string): Promise<boolean> {
  return timingSafeEqual(await digest(a), await digest(b));
}

/** The value of cookie `name` in a `Cookie` header, or null. */
export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return null;
}

/** The `Set-Cookie` value of a session (HttpOnly, SameSite=Strict, whole site). */
export function sessionCookie(sid: string): string {
  return `${SESSION_COOKIE}=${sid}; HttpOnly; SameSite=Strict; Path=/`;
}

/** The `Set-Cookie` value that removes the session cookie. */
export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
}

/** Sessions and one-time login codes of one server. */
export class TokenAuth {
  readonly #sessions = new Set<string>();
  readonly #loginCodes = new Set<string>();

  constructor(readonly token: string | null, readonly newId: IdSource = randomId) {}

  /** True when the server was started with a token. */
  get enabled(): boolean {
    return this.token !== null;
  }

  /** Whether `req` carries the Bearer token or a live session cookie (always true without a token). */
  async authorized(req: Request): Promise<boolean> {
    if (this.token === null) return true;
    const header = req.headers.get("authorization");
    if (header !== null) {
      const m = /^Bearer +(.+)$/i.exec(header.trim());
      if (m && await sameSecret(m[1], this.token)) return true;
    }
    const sid = cookieValue(req.headers.get("cookie"), SESSION_COOKIE);
    return sid !== null && this.#sessions.has(sid);
  }

  /** A new session when `token` is right, else null. */
  async login(token: string): Promise<string | null> {
    if (this.token === null || !(await sameSecret(token, this.token))) return null;
    return this.#newSession();
  }

  /** Ends the session of `req`'s cookie, if any. */
  logout(req: Request): void {
    const sid = cookieValue(req.headers.get("cookie"), SESSION_COOKIE);
    if (sid !== null) this.#sessions.delete(sid);
  }

  /** A login code that opens one session, once (for the link printed at start). */
  issueLoginCode(): string {
    const code = this.newId();
    this.#loginCodes.add(code);
    return code;
  }

  /** Spends a login code: a new session, or null when the code is unknown or already used. */
  redeemLoginCode(code: string): string | null {
    if (this.token === null || !this.#loginCodes.delete(code)) return null;
    return this.#newSession();
  }

  #newSession(): string {
    const sid = this.newId();
    this.#sessions.add(sid);
    return sid;
  }
}
