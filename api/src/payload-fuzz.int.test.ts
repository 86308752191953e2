/**
 * Payload fuzzing: every POST, PUT, PATCH and DELETE route the routers
 * declare gets, with fast-check, well-formed requests with one part made hostile: a field of the wrong type,
 * a huge or non-finite number, a NaN string, unicode where a code is expected, a 1 MB string, deep nesting,
 * `__proto__` and `constructor` keys, a body that is not an object or not JSON, a hostile path id. Each
 * must answer a 4xx with a message, never a 5xx, and write nothing: the row counts of every table and the
 * owner's rows are the same afterwards, and no prototype was polluted.
 */
import { testEngines } from '@coinpace/db/testing';
import { MAX_QUANTITY, zCoingeckoId } from '@coinpace/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomyLimiters, startTestApi, type TestApi } from './testing/harness.ts';
import {
  PUBLIC_ROUTES,
  concretePath,
  giveEverything,
  rowCounts,
  rowsOfUser,
  wellFormedBody,
  type Owned,
} from './testing/route-table.ts';

/**
 * Fields whose well-formed value is free text: any string of a sane length may be valid there (an
 * exchange's API key and secret are whatever the exchange issued).
 */
const FREE_TEXT = new Set([
  'name',
  'firstName',
  'message',
  'note',
  'password',
  'symbol',
  'label',
  'apiKey',
  'secret',
]);
/**
 * Fields where a blank string is a valid value meaning none: the profile's phone (zPhone reads a blank number
 * as none) and the e-mail /ensure may be sent (ZEnsureUser: '' is no e-mail).
 */
const BLANK_IS_NONE: Record<string, readonly string[]> = {
  'PATCH /api/users/me': ['phone'],
  'POST /api/users/ensure': ['email'],
};
/**
 * Fields where zero is a valid value: a purchase price of 0 is a holding whose price is not known yet (SPEC.md
 * section 5, 'Click to add'), and a transaction may be free of fees or a gift. Zero is not hostile there, nor
 * a number that rounds to it (amounts keep 18 decimals, as for any value with more): fast-check's doubles
 * favour 0, -0 and 5e-324.
 */
const ZERO_IS_A_VALUE = new Set(['purchasePrice', 'pricePerCoin', 'fee']);
/**
 * Fields holding a CoinGecko id: any text the id rule accepts ('12abc', '0x10', '1_000') names a coin the
 * test's simulated price source knows, so only text the rule refuses is hostile there.
 */
const COIN_ID_FIELDS = new Set(['coingeckoId', 'coinId']);
const isCoinId = (value: Json) => {
  try {
    return zCoingeckoId.safeParse(JSON.parse(value)).success;
  } catch {
    return false;
  }
};
const roundsToZero = (value: Json) => {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'number' && parsed >= 0 && parsed < 1e-18;
  } catch {
    return false;
  }
};
const MB_STRING = 'x'.repeat(1_000_000);

/** Nested `depth` times: `[[[...]]]` or `{"a":{"a":...}}`, as JSON text. */
const nested = (depth: number, object: boolean) =>
  object ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);

/** A JSON text, so values JSON.stringify cannot make (1e999, a literal `__proto__` key) can be sent. */
type Json = string;
const json = (value: unknown): Json => JSON.stringify(value);

const WRONG_TYPES: Json[] = ['true', 'false', '[]', '{}', '[1,2,3]', '[{"a":1}]', '{"$gt":""}'];
/** Values of another type than `wellFormed`'s (an empty list may be a valid list). */
const wrongTypes = (wellFormed: unknown) =>
  fc.constantFrom<Json>(...WRONG_TYPES.filter((t) => !(Array.isArray(wellFormed) && t === '[]')));
/**
 * Numbers no numeric field takes: negative, beyond every maximum (quantities stop at 10^15, prices and
 * thresholds far below), or too small to keep in 18 decimals. A double between is a fine amount somewhere
 * (1e-18 is a valid price, 3.5 a valid quantity), so the fuzzing does not count it as hostile.
 */
const outOfRange = (n: number) => n <= 0 || n > MAX_QUANTITY || n < 1e-18;
const hugeNumbers = fc.oneof(
  fc.constantFrom<Json>('1e999', '-1e999', '1e308', '-1e308', '9007199254740993', '-0', '5e-324', '1e21'),
  fc
    .double({ noNaN: true })
    .filter(outOfRange)
    .map((n) => json(n)),
);
const nanStrings = fc.constantFrom<Json>(
  ...['NaN', 'Infinity', '-Infinity', '1e999', '0x10', '1_000', '', ' ', '١٢٣', '１２３', '12abc'].map(json),
);
const unicode = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map((s) => json(`${s}\u202e\u0000`)),
  fc.constantFrom<Json>(
    ...['bitcoin\u0000', 'Ｐaused', 'ビットコイン', '🚀🌕', '\ud800', 'e\u0301', '\u200b'].map(json),
  ),
);
const protoKeys = fc.constantFrom<Json>(
  '{"__proto__":{"polluted":true,"isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"__proto__":null}',
);
const deep = fc.constantFrom<Json>(nested(5_000, false), nested(5_000, true), nested(200, true));
const bigString = fc.constant<Json>(json(MB_STRING));

/** A value no field accepts, whatever its kind: for free text only wrong types, nesting and 1 MB. */
const hostileFor = (
  free: boolean,
  clearable: boolean,
  zeroValid: boolean,
  coinId: boolean,
  wellFormed: unknown,
): fc.Arbitrary<Json> =>
  coinId
    ? hostileFor(free, clearable, zeroValid, false, wellFormed).filter((value) => !isCoinId(value))
    : zeroValid
      ? hostileFor(free, clearable, false, false, wellFormed).filter((value) => !roundsToZero(value))
      : free
        ? fc.oneof(wrongTypes(wellFormed), hugeNumbers, protoKeys, deep, bigString)
        : fc.oneof(
            wrongTypes(wellFormed),
            hugeNumbers,
            clearable ? nanStrings.filter((s) => s.trim() !== '""' && s !== '" "') : nanStrings,
            unicode,
            protoKeys,
            deep,
            bigString,
          );

/** Whole bodies that are not a JSON object (or not JSON at all). */
const hostileBodies = fc.constantFrom<Json>(
  '[]',
  'null',
  '42',
  '"text"',
  'true',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  nested(5_000, false),
  nested(5_000, true),
  json(MB_STRING),
);

/** Path ids an attacker types. */
const hostileIds = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'NaN',
    '-1',
    '1e999',
    '0',
    '00000000-0000-0000-0000-00000000000g',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '%E2%80%AE',
    '%F0%9F%9A%80',
    'x'.repeat(4_000),
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.integer().map(String),
);

/** The body of `wellFormed` with `field` set to the JSON text `value`, and maybe a `__proto__` key first. */
function withField(wellFormed: Record<string, unknown>, field: string, value: Json, proto: boolean): Json {
  const parts = Object.entries(wellFormed)
    .filter(([key]) => key !== field)
    .map(([key, v]) => `${json(key)}:${json(v)}`);
  parts.push(`${json(field)}:${value}`);
  if (proto) parts.unshift(`"__proto__":${json({ ...wellFormed, polluted: true })}`);
  return `{${parts.join(',')}}`;
}

const RUNS_PER_ROUTE = 40;

/**
 * Routes that check a list's items one by one (SPEC.md section 3, bulk add): a well-formed list of bad
 * items is a 200 that adds nothing and names each item's problem, the refusal of this route.
 */
const ONE_BY_ONE: Record<string, true> = { 'POST /api/portfolio/bulk': true };

describe.each(testEngines(process.env.DATABASE_URL))('payload fuzzing on %s', (engine) => {
  let api: TestApi;
  let alice: Owned;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi(engine, {}, { limiters: roomyLimiters });
    const email = `fuzz-${Date.now()}@example.test`;
    token = (await api.signUp(email)).token;
    alice = await giveEverything(api, token, email);
  });
  afterAll(() => api?.close());

  // Regressions the fuzzing found: U+0000 reached Postgres, which refuses it in text, and the API answered 500.
  it.each([
    ['a path id', 'POST', '/api/billing/local-checkout/%00/cancel', undefined],
    ['a path id', 'GET', '/api/billing/local-checkout/cs%00x', undefined],
    ['body text', 'POST', '/api/billing/payment-success', '{"sessionId":"cs_\\u0000"}'],
    ['body text', 'POST', '/api/contact', '{"name":"A\\u0000","email":"a@example.test","message":"Hi"}'],
  ])('refuses U+0000 in %s (%s %s) with 400 and a message', async (_what, method, path, body) => {
    const counts = await rowCounts(api);
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body) headers['content-type'] = 'application/json';
    const response = await fetch(api.url + path, { method, headers, body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(
      'The request may not contain the NUL character (U+0000).',
    );
    expect(await rowCounts(api)).toEqual(counts);
  });

  it('answers every hostile payload on every writing route with a 4xx and a message, writing nothing', async () => {
    const routes = api.routes.filter((route) => /^(POST|PUT|PATCH|DELETE) /.test(route)).sort();
    let walked = 0;
    const countsBefore = await rowCounts(api);
    const ownedBefore = await rowsOfUser(api, alice.userId);

    for (const route of routes) {
      const method = route.slice(0, route.indexOf(' '));
      const path = concretePath(route, alice);
      const wellFormed = wellFormedBody(route, alice);
      const auth: Record<string, string> = route in PUBLIC_ROUTES ? {} : { authorization: `Bearer ${token}` };
      const send = async (url: string, body: Json | undefined) => {
        walked += 1;
        const response = await fetch(api.url + url, {
          method,
          headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
          body,
        });
        const text = await response.text();
        return { status: response.status, text };
      };
      const judge = (answer: { status: number; text: string }, what: string) => {
        const label = `${route} with ${what.slice(0, 200)}: ${answer.status} ${answer.text.slice(0, 200)}`;
        if (route in ONE_BY_ONE && answer.status === 200) {
          // A list of bad items: nothing added, each item's problem named (SPEC.md section 3).
          const report = JSON.parse(answer.text) as { successful: number; errors: { error: string }[] };
          expect(report.successful, label).toBe(0);
          for (const item of report.errors) expect(item.error, label).toMatch(/\S/);
          return;
        }
        expect(answer.status, label).toBeGreaterThanOrEqual(400);
        expect(answer.status, label).toBeLessThan(500);
        expect(JSON.parse(answer.text).error, label).toMatch(/\S/);
      };

      const cases: fc.Arbitrary<{ url: string; body: Json | undefined }>[] = [];
      if (wellFormed && typeof wellFormed === 'object') {
        const fields = Object.keys(wellFormed);
        const bodyOf = (body: Json) => ({ url: path, body });
        cases.push(hostileBodies.map(bodyOf));
        if (fields.length > 0)
          cases.push(
            fc
              .constantFrom(...fields)
              .chain((field) =>
                fc.tuple(
                  fc.constant(field),
                  hostileFor(
                    FREE_TEXT.has(field),
                    (BLANK_IS_NONE[route] ?? []).includes(field),
                    ZERO_IS_A_VALUE.has(field),
                    COIN_ID_FIELDS.has(field),
                    (wellFormed as Record<string, unknown>)[field],
                  ),
                  fc.boolean(),
                ),
              )
              .map(([field, value, proto]) =>
                bodyOf(withField(wellFormed as Record<string, unknown>, field, value, proto)),
              ),
          );
      }
      if (/[:{]/.test(route)) {
        const body = wellFormed === undefined ? undefined : json(wellFormed);
        const param = route.match(/[:{][^/]+/)![0];
        cases.push(
          hostileIds.map((id) => ({ url: path.replace(concreteParam(route, alice, param), id), body })),
        );
      }
      if (cases.length === 0) {
        // A route that reads no body and takes no id: any body it is sent must be refused or ignored.
        cases.push(hostileBodies.map((body) => ({ url: path, body })));
      }

      await fc.assert(
        fc.asyncProperty(fc.oneof(...cases), async ({ url, body }) => {
          judge(await send(url, body), `${url} ${body ?? ''}`);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
      expect(await rowCounts(api), `${route} wrote rows`).toEqual(countsBefore);
    }

    expect(await rowsOfUser(api, alice.userId)).toEqual(ownedBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    console.log(`payload fuzzing (${engine}): ${routes.length} routes, ${walked} cases walked`);
  }, 600_000); // some 1,100 requests, a few of them a megabyte: minutes on a shared machine
});

/** The value concretePath put in for `param` of `route`. */
function concreteParam(route: string, owned: Owned, param: string): string {
  if (param === ':sessionId') return owned.openSessionId;
  if (param === ':batchId') return owned.importBatchId;
  if (route.includes('/api/exchange-accounts/')) return owned.exchangeAccountId;
  if (route.includes('/api/alert-destinations/')) return owned.alertDestinationId;
  if (route.includes('/api/wallets/')) return owned.walletId;
  return route.includes('/api/alerts/') ? owned.alertId : owned.holdingId;
}
