import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './context.ts';

/**
 * The browser's own defences, on every answer. The policy allows this origin only: scripts, the
 * service worker, API calls and the manifest come from here, and of inline scripts only the built
 * page's own, by their hashes (`inlineScripts`, static.ts). Styles also allow inline style
 * elements, which the toast and dialog libraries insert at run time; images and PDFs also allow
 * blob: and data: (photos taken on the bench, label and certificate PDFs shown in the page). The
 * camera (QR scanning) is allowed for this origin only; nothing may frame the app.
 */
const browserDefences = (inlineScripts: readonly string[]) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'self'", 'blob:'],
      frameSrc: ["'self'", 'blob:'],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    permissionsPolicy: {
      camera: ['self'],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
    },
    referrerPolicy: 'no-referrer',
    xFrameOptions: 'DENY',
    // Sent only when the request really came over TLS (below): over plain HTTP it means nothing, and
    // on a laptop's localhost it would pin every other local project to HTTPS.
    strictTransportSecurity: false,
  });

const HSTS = 'max-age=31536000; includeSubDomains';

export const securityHeaders = (inlineScripts: readonly string[]) => {
  const defences = browserDefences(inlineScripts);
  return createMiddleware<AppEnv>(async (c, next) => {
    await defences(c, async () => {
      await next();
    });
    const { TRUSTED_PROXIES } = c.var.deps.env;
    const forwardedProto =
      TRUSTED_PROXIES > 0 ? c.req.header('x-forwarded-proto')?.split(',').pop()?.trim() : undefined;
    const overTls = new URL(c.req.url).protocol === 'https:' || forwardedProto === 'https';
    if (overTls) c.header('strict-transport-security', HSTS);
  });
};
