/**
 * What the client storage guard (SPEC.md section 9) treats as sensitive. Pure functions over a key
 * and its stored text, so they are tested without a browser.
 */

export type UnsafeReason =
  'secret-key-name' | 'private-key' | 'seed-phrase' | 'credential' | 'wallet-address' | 'large-amount';

/** Amounts at or above this (USD or units) are not kept in browser storage. */
export const LARGE_AMOUNT = 10_000;

const SECRET_KEY_NAME =
  /private|secret|mnemonic|seed|passphrase|password|privkey|api[-_]?key|wallet[-_]?key/i;
const HEX_PRIVATE_KEY = /(?:^|[^0-9a-fA-F])(?:0x)?[0-9a-fA-F]{64}(?![0-9a-fA-F])/;
const EXTENDED_PRIVATE_KEY = /\b[xyzt]prv[1-9A-HJ-NP-Za-km-z]{100,}/;
const WIF_PRIVATE_KEY = /\b[5KL][1-9A-HJ-NP-Za-km-z]{50,51}\b/;
const PEM_PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
const API_KEY = /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{8,}|\bAKIA[0-9A-Z]{16}\b/;
const JWT = /\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/;
/** Twelve or more short lowercase words in a row: the shape of a BIP-39 recovery phrase. */
const SEED_PHRASE = /(?:^|[^a-z])(?:[a-z]{3,8}\s+){11,}[a-z]{3,8}(?![a-z])/;
const EVM_ADDRESS = /0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/;
const BTC_ADDRESS = /\b(?:bc1[ac-hj-np-z02-9]{25,87}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})\b/;
const AMOUNT_KEY = /amount|balance|value|total|worth|holding|quantity|usd|price/i;
const CURRENCY_AMOUNT = /(?:\$|USD\s?)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?/g;

/**
 * Key material: a secret-sounding key name, a private key (hex, WIF, extended, PEM), an API key or
 * session token, or a recovery phrase. Checked every 60 s and on every write.
 */
export function findSecret(key: string, value: string): UnsafeReason | null {
  if (SECRET_KEY_NAME.test(key)) return 'secret-key-name';
  if (
    HEX_PRIVATE_KEY.test(value) ||
    EXTENDED_PRIVATE_KEY.test(value) ||
    WIF_PRIVATE_KEY.test(value) ||
    PEM_PRIVATE_KEY.test(value)
  ) {
    return 'private-key';
  }
  if (API_KEY.test(value) || JWT.test(value)) return 'credential';
  if (SEED_PHRASE.test(value)) return 'seed-phrase';
  return null;
}

/** Everything {@link findSecret} finds, plus wallet addresses and large amounts. Checked every 5 minutes. */
export function findSensitive(key: string, value: string): UnsafeReason | null {
  const secret = findSecret(key, value);
  if (secret) return secret;
  if (EVM_ADDRESS.test(value) || BTC_ADDRESS.test(value)) return 'wallet-address';
  if (hasLargeAmount(value)) return 'large-amount';
  return null;
}

/**
 * A large amount: a currency figure ($12,500), a number under an amount-like JSON property, or a
 * value that is itself a number. Whole numbers of 10 or 13 digits are read as timestamps, not money.
 */
export function hasLargeAmount(value: string): boolean {
  for (const match of value.matchAll(CURRENCY_AMOUNT)) {
    if (Number(match[1]!.replace(/,/g, '')) >= LARGE_AMOUNT) return true;
  }
  const trimmed = value.trim();
  if (/^-?\d[\d,]*(\.\d+)?$/.test(trimmed)) return isMoneyLike(Number(trimmed.replace(/,/g, '')), trimmed);
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return false;
  }
  return jsonHasLargeAmount(parsed, '');
}

function jsonHasLargeAmount(node: unknown, property: string): boolean {
  if (typeof node === 'number' || (typeof node === 'string' && /^-?\d[\d,]*(\.\d+)?$/.test(node))) {
    const text = String(node);
    return AMOUNT_KEY.test(property) && isMoneyLike(Number(text.replace(/,/g, '')), text);
  }
  if (Array.isArray(node)) return node.some((item) => jsonHasLargeAmount(item, property));
  if (node && typeof node === 'object') {
    return Object.entries(node).some(([k, v]) => jsonHasLargeAmount(v, k));
  }
  return false;
}

function isMoneyLike(n: number, text: string): boolean {
  if (!Number.isFinite(n) || Math.abs(n) < LARGE_AMOUNT) return false;
  const digits = text.replace(/^-/, '');
  return !/^\d{10}$|^\d{13}$/.test(digits);
}

/** Keys of cached market and portfolio data, cleared at every start (SPEC.md section 4). */
export function isCachedMarketData(key: string): boolean {
  return /price|portfolio|holding|ticker|market|coingecko/i.test(key);
}
