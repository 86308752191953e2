/**
 * Constants and texts of the visitor forms (beta waitlist, sign-up, site password) the landing page shows. They
 * live apart from the zod schemas that use them (schemas/public.ts, schemas/users.ts) so the landing
 * page can import them without the validation library.
 */

/** Shortest password a local account accepts. */
export const MIN_PASSWORD_LENGTH = 8;

/** How many beta spots exist when BETA_SIGNUP_LIMIT is not set (SPEC.md section 9). */
export const DEFAULT_BETA_SIGNUP_LIMIT = 50;

/** Trading experience choices of the beta form, in the order shown. */
export const TRADING_KNOWLEDGE = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export type TradingKnowledge = (typeof TRADING_KNOWLEDGE)[number];

/** Primary wallet choices of the beta form, in the order shown. */
export const BETA_WALLETS = [
  'metamask',
  'coinbase',
  'trust',
  'phantom',
  'ledger',
  'trezor',
  'other',
] as const;
export type BetaWallet = (typeof BETA_WALLETS)[number];

/** Labels shown for each choice. */
export const TRADING_KNOWLEDGE_LABELS: Record<TradingKnowledge, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  expert: 'Expert',
};
export const BETA_WALLET_LABELS: Record<BetaWallet, string> = {
  metamask: 'MetaMask',
  coinbase: 'Coinbase Wallet',
  trust: 'Trust Wallet',
  phantom: 'Phantom',
  ledger: 'Ledger',
  trezor: 'Trezor',
  other: 'Other',
};

/** The texts of SPEC.md section 5 (beta e-mail) and the required-field prompts. */
export const BETA_MESSAGES = {
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  emailPlus: 'Email addresses with + signs are not allowed.',
  emailCharacters: 'Email contains invalid characters.',
  tradingKnowledgeRequired: 'Please select your trading experience.',
  walletRequired: 'Please select your primary wallet.',
  full: 'Beta signup is full',
  genericError: 'There was an error. Please try again.',
} as const;

/**
 * Characters refused in a beta e-mail with 'Email contains invalid characters.': SPEC.md's list
 * (<>{}[]\|`~!#$%^&*()=?) plus quote, comma, semicolon and colon, which no mailbox people type needs.
 */
export const BETA_EMAIL_FORBIDDEN_CHARS = [...'<>{}[]\\|`~!#$%^&*()=?', '"', ',', ';', ':'] as const;

/** The site-password gate's texts (SPEC.md section 8). */
export const SITE_PASSWORD_MESSAGES = {
  invalid: 'Invalid password',
  connection: 'Connection error',
} as const;
