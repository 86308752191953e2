/**
 * The Content-Security-Policy of the web app's pages. Local session tokens live in
 * localStorage, so an injected script is an account takeover: scripts run only from our own origin and
 * the inline scripts of the built index.html (by hash), plus Clerk's when Clerk is configured.
 */
import { createHash } from 'node:crypto';

/** Where the page's pictures may come from besides ours: CoinGecko's image CDN (domain/src/portfolio/images.ts). */
export const COIN_IMAGE_ORIGINS: readonly string[] = ['https://coin-images.coingecko.com'];

/**
 * What Clerk's browser SDK loads (clerk.com/docs/guides/secure/best-practices/csp-headers): clerk-js
 * from the instance's Frontend API, Cloudflare's bot check in a frame, avatars from img.clerk.com,
 * workers from blob:, and runtime CSS-in-JS (hence inline styles).
 */
const CLERK_BOT_CHECK = 'https://challenges.cloudflare.com';
const CLERK_PROTECT = 'https://*.protect.clerk.com';
const CLERK_IMAGES = 'https://img.clerk.com';

export interface CspOptions {
  /** `sha256-…` sources of the page's inline scripts (inlineScriptHashes). */
  scriptHashes: readonly string[];
  /** Clerk's publishable key, when Clerk signs users in. */
  clerkPublishableKey?: string;
  /** The origin of the page's own WebSocket (Socket.IO), e.g. `wss://coinpace.example`; default none. */
  socketOrigin?: string;
}

/** The policy, one directive per concern, for the options given. */
export function buildContentSecurityPolicy(options: CspOptions): string {
  const clerk = options.clerkPublishableKey ? clerkFrontendApiOrigin(options.clerkPublishableKey) : undefined;
  const hashes = options.scriptHashes.map((h) => `'${h}'`);
  const socket = options.socketOrigin ? [options.socketOrigin] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes, ...(clerk ? [clerk, CLERK_BOT_CHECK, CLERK_PROTECT] : [])]],
    ['style-src', ["'self'", ...(clerk ? ["'unsafe-inline'"] : [])]],
    ['img-src', ["'self'", 'data:', ...COIN_IMAGE_ORIGINS, ...(clerk ? [CLERK_IMAGES] : [])]],
    ['connect-src', ["'self'", ...socket, ...(clerk ? [clerk, `${CLERK_PROTECT}:*`] : [])]],
    ['frame-src', clerk ? [CLERK_BOT_CHECK, CLERK_PROTECT] : ["'none'"]],
    ['worker-src', ["'self'", ...(clerk ? ['blob:'] : [])]],
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * The `sha256-…` source of each inline `<script>` (one without `src`) in an HTML page, over its exact
 * text as the browser hashes it. Computed from the built page, so a change to the theme script or the
 * route preloader needs no hand-edited hash.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!)) continue;
    hashes.push(`sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}`);
  }
  return hashes;
}

/**
 * The Frontend API origin a Clerk publishable key names: `pk_test_`/`pk_live_` then base64 of
 * `<host>$`. Undefined when the key does not decode to a host name.
 */
export function clerkFrontendApiOrigin(publishableKey: string): string | undefined {
  const encoded = /^pk_(?:test|live)_([A-Za-z0-9+/=_-]+)$/.exec(publishableKey)?.[1];
  if (!encoded) return undefined;
  const host = Buffer.from(encoded, 'base64').toString('utf8').replace(/\$$/, '');
  return /^[a-z0-9.-]+(?::\d+)?$/i.test(host) ? `https://${host}` : undefined;
}
