import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('process start-up', () => {
  it('stops on a bad setting with one line naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PRICE_POLL_MS: 'often' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Invalid configuration: PRICE_POLL_MS: expected a whole number from 250 to 3600000 (got "often")',
    );
  });

  it('.env.example lists every setting and parses as it is', () => {
    const text = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
    const env = Object.fromEntries(
      text
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    for (const name of [
      'PORT',
      'DATA_DIR',
      'DATABASE_URL',
      'REDIS_URL',
      'ROLE',
      'PRICE_SOURCE',
      'COINGECKO_BASE_URL',
      'COINGECKO_API_KEY',
      'PRICE_POLL_MS',
      'CLERK_PUBLISHABLE_KEY',
      'CLERK_SECRET_KEY',
      'CLERK_JWT_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_BASIC',
      'STRIPE_PRICE_PRO',
      'STRIPE_PRICE_ENTERPRISE',
      'STRIPE_API_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'SUPPORT_EMAIL',
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_FROM_NUMBER',
      'TWILIO_API_URL',
      'SITE_PASSWORD',
      'MAINTENANCE_MODE',
      'BETA_SIGNUP_LIMIT',
      'PUBLIC_URL',
      'LOG_LEVEL',
    ]) {
      expect(Object.keys(env)).toContain(name);
    }
    expect(parseConfig(env).identity.mode).toBe('local');
  });
});
