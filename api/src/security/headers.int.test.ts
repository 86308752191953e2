/**
 * The web app's pages carry a strict Content-Security-Policy (scripts from our
 * origin and the page's own inline scripts by hash, Clerk's origins only when Clerk is on, no framing),
 * every answer says nosniff and a Referrer-Policy, and production adds HSTS.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/harness.ts';

const THEME_SCRIPT =
  "\n      try { document.documentElement.dataset.theme = localStorage.getItem('t'); } catch (e) {}\n    ";
const PRELOAD_SCRIPT = '(function(){var m={}})()';
const INDEX_HTML =
  `<!doctype html><html><head><script>${PRELOAD_SCRIPT}</script><script>${THEME_SCRIPT}</script>` +
  '<script type="module" crossorigin src="/assets/index-1.js"></script></head><body></body></html>';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The policy's directives by name. */
function directives(policy: string | null): Record<string, string[]> {
  expect(policy).toBeTruthy();
  return Object.fromEntries(
    policy!.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(path.join(tmpdir(), 'coinpace-csp-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'index-1.js'), 'console.log(1)');
  // A map left in the folder by a build that wrote one.
  writeFileSync(path.join(webDist, 'assets', 'index-1.js.map'), '{"version":3,"sourcesContent":["secret"]}');
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('the web app with local accounts', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', {}, { webDist });
  });
  afterAll(() => api?.close());

  it.each(['/', '/portfolio', '/index.html'])('sends %s with a strict CSP', async (route) => {
    const response = await fetch(api.url + route);
    expect(response.status).toBe(200);
    const policy = directives(response.headers.get('content-security-policy'));
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'", sha256(PRELOAD_SCRIPT), sha256(THEME_SCRIPT)]);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https://coin-images.coingecko.com']);
    expect(policy['connect-src']).toEqual(["'self'", `ws://${new URL(api.url).host}`]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
  });

  it('leaves out of the socket origin a Host that is not a host name', async () => {
    const { request } = await import('node:http');
    const policy = await new Promise<string>((resolve, reject) => {
      const req = request(api.url + '/', { headers: { host: "evil; script-src 'unsafe-inline'" } }, (res) => {
        res.resume();
        resolve(String(res.headers['content-security-policy']));
      });
      req.on('error', reject);
      req.end();
    });
    expect(directives(policy)['connect-src']).toEqual(["'self'"]);
    expect(directives(policy)['script-src']).not.toContain("'unsafe-inline'");
  });

  it.each([
    ['the web app', '/'],
    ['an asset', '/assets/index-1.js'],
    ['an API answer', '/api/config'],
    ['a JSON 404', '/api/nope'],
  ])('says nosniff and a Referrer-Policy on %s, and no HSTS outside production', async (_what, route) => {
    const response = await fetch(api.url + route);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it.each(['/assets/index-1.js.map', '/assets/missing.js.map'])(
    'does not serve the source map %s, even one in the folder',
    async (route) => {
      const response = await fetch(api.url + route);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('sourcesContent');
    },
  );

  it('puts no page policy on API answers', async () => {
    const response = await fetch(api.url + '/api/config');
    expect(response.headers.get('content-security-policy')).toBeNull();
  });
});

describe('the web app with Clerk', () => {
  const CLERK_HOST = 'clerk.coinpace.example';
  let api: TestApi;
  beforeAll(async () => {
    const { publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    api = await startTestApi(
      'pglite',
      {
        CLERK_PUBLISHABLE_KEY: `pk_live_${Buffer.from(`${CLERK_HOST}$`).toString('base64')}`,
        CLERK_JWT_KEY: publicKey,
      },
      { webDist },
    );
  });
  afterAll(() => api?.close());

  it("lets in Clerk's Frontend API (from the publishable key), its bot check, images and styles", async () => {
    const policy = directives((await fetch(api.url + '/')).headers.get('content-security-policy'));
    expect(policy['script-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        sha256(THEME_SCRIPT),
        `https://${CLERK_HOST}`,
        'https://challenges.cloudflare.com',
      ]),
    );
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['connect-src']).toContain(`https://${CLERK_HOST}`);
    expect(policy['img-src']).toContain('https://img.clerk.com');
    expect(policy['frame-src']).toContain('https://challenges.cloudflare.com');
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('in production', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { NODE_ENV: 'production', ALLOW_LOCAL_PROVIDERS: '1' }, { webDist });
  });
  afterAll(() => api?.close());

  it.each(['/', '/api/config', '/healthz'])('sends HSTS on %s', async (route) => {
    const response = await fetch(api.url + route);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
