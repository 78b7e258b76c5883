/**
 * The page: `GET /` (and `/index.html`) is the shell, `GET /app/<file>` its modules and
 * stylesheet. These are the only routes open without a token, so the login form can load.
 *
 * @module
 */
import { notFound } from "./errors.ts";
import { APP_ASSETS, PAGE_SHELL, type PageAsset } from "./page/assets.ts";
import type { Route } from "./router.ts";
import { PAGE_CSP } from "./security_headers.ts";

function assetResponse(asset: PageAsset): Response {
  return new Response(asset.text, {
    headers: {
      "content-type": asset.type,
      "content-security-policy": PAGE_CSP,
      // The page changes with the binary; revalidate rather than guess.
      "cache-control": "no-cache",
    },
  });
}

export function pageRoutes(): Route[] {
  const shell = { method: "GET", open: true, handler: () => assetResponse(PAGE_SHELL) } as const;
  return [
    { ...shell, pattern: "/" },
    { ...shell, pattern: "/index.html" },
    {
      method: "GET",
      pattern: "/app/:file",
      open: true,
      handler: ({ params }) => {
        const asset = Object.hasOwn(APP_ASSETS, params.file) ? APP_ASSETS[params.file] : null;
        if (!asset) throw notFound();
        return assetResponse(asset);
      },
    },
  ];
}
