/**
 * Login routes: `POST /api/login {token}` sets the session cookie, `POST /api/logout` ends it,
 * `GET /login?code=` spends the one-time code of the link serve prints at start.
 *
 * @module
 */
import { clearedSessionCookie, sessionCookie } from "./auth.ts";
import type { ServeContext } from "./context.ts";
import { HttpError } from "./errors.ts";
import { jsonResponse } from "./responses.ts";
import { jsonBody, type Route } from "./router.ts";

export function sessionRoutes(ctx: ServeContext): Route[] {
  return [
    {
      method: "POST",
      pattern: "/api/login",
      open: true,
      handler: async ({ req }) => {
        const body = await jsonBody(req) as { token?: unknown };
        if (!ctx.auth.enabled) return jsonResponse({ ok: true, auth: false });
        if (typeof body?.token !== "string" || body.token === "") {
          throw new HttpError(400, "E_BAD_REQUEST", "token: required");
        }
        const sid = await ctx.auth.login(body.token);
        if (sid === null) throw new HttpError(401, "E_UNAUTHORIZED", "unauthorized");
        return jsonResponse({ ok: true, auth: true }, 200, { "set-cookie": sessionCookie(sid) });
      },
    },
    {
      method: "POST",
      pattern: "/api/logout",
      open: true,
      handler: ({ req }) => {
        ctx.auth.logout(req);
        return jsonResponse({ ok: true }, 200, { "set-cookie": clearedSessionCookie() });
      },
    },
    {
      method: "GET",
      pattern: "/login",
      open: true,
      handler: ({ url }) => {
        const sid = ctx.auth.redeemLoginCode(url.searchParams.get("code") ?? "");
        const headers = new Headers({ location: sid ? "/" : "/?login=expired" });
        if (sid) headers.set("set-cookie", sessionCookie(sid));
        return new Response(null, { status: 303, headers });
      },
    },
    {
      method: "GET",
      pattern: "/api/info",
      handler: () =>
        jsonResponse({
          ...ctx.info,
          auth: ctx.auth.enabled,
          config: ctx.config.path,
          runsDir: ctx.runsDir,
          baseUrl: ctx.baseUrl ?? null,
        }),
    },
  ];
}
