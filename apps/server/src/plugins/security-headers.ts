import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/**
 * Helmet's headers with a content security policy that lets in outside hosts only for what is
 * switched on: the bot check with Turnstile keys, the ad network with an ads client. The real-time
 * hub and error reports go to this origin ('self' covers its ws:/wss: in CSP 3).
 */
export const securityHeaders = fp<{ config: Config }>(async (app, { config }) => {
  const turnstileHosts = config.turnstile ? ['https://challenges.cloudflare.com'] : [];
  const adHosts = config.adsClient
    ? ['https://pagead2.googlesyndication.com', 'https://*.googlesyndication.com', 'https://*.google.com']
    : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...turnstileHosts, ...adHosts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...turnstileHosts, ...adHosts],
        frameSrc: [
          "'self'",
          ...turnstileHosts,
          ...(config.adsClient
            ? ['https://*.googlesyndication.com', 'https://*.doubleclick.net', 'https://*.google.com']
            : []),
        ],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
});
