/**
 * The account's data export: every part of what Coinpace keeps about a user, as the files of one archive
 * (the API zips them; GET /api/users/me/export). Pure: the API gathers the parts and hands them in.
 * Never in it: the password hash, session tokens, verification codes or their hashes, payment card numbers.
 */

/**
 * Version of the archive's layout, in manifest.json; raised when a file changes shape. 2: alerts.json
 * names each alert's channels beside e-mail and SMS, and alert-destinations.json is added. 3:
 * exchange-accounts.json and wallets.json are added.
 */
export const ACCOUNT_ARCHIVE_VERSION = 3;

/** The download's file name; `day` is the UTC date 'YYYY-MM-DD'. */
export function accountArchiveFilename(day: string): string {
  return `coinpace-account-${day}.zip`;
}

/** The profile part: who the account is. */
export interface ArchiveProfile {
  id: string;
  /** 'local' (e-mail and password here) or 'clerk' (the identity provider). */
  signIn: 'local' | 'clerk';
  email: string | null;
  firstName: string | null;
  phone: string | null;
  createdAt: string;
  /** The plan in force and its state, as the account screen shows it. */
  plan: { name: string; status: string; cancelAtPeriodEnd: boolean; periodEnd: string | null };
}

/** The settings part: what the user chose. */
export interface ArchiveSettings {
  displayCurrency: string;
  costMethod: string;
  contact: {
    email: string | null;
    emailConfirmedAt: string | null;
    phone: string | null;
    phoneConfirmedAt: string | null;
  };
  /** Which channels alerts may use now: a channel needs a confirmed address or number. */
  notifications: { email: boolean; sms: boolean };
}

/** What goes into the archive, each part as gathered by the API. */
export interface AccountArchiveParts {
  exportedAt: Date;
  profile: ArchiveProfile;
  settings: ArchiveSettings;
  /** The holdings export (the columns the holdings import reads). */
  holdingsCsv: string;
  /** Every transaction of every holding. */
  transactionsCsv: string;
  alerts: readonly object[];
  alertHistory: readonly object[];
  /** The destinations of the channels beside e-mail and SMS, as the API shows them: never a secret. */
  alertDestinations: readonly object[];
  /** The connected exchange accounts with the balances their last sync read: never an API key. */
  exchangeAccounts: readonly object[];
  /** The tracked wallets (public addresses) with the balances their last refresh read. */
  wallets: readonly object[];
  invoices: readonly object[];
}

/** One file of the archive, in the order written. */
export interface ArchiveFile {
  name: string;
  description: string;
  text: string;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The archive's files: README.txt and manifest.json first (what each file holds, when it was made), then
 * one file per part. Numbers of rows are stated so a reader can check nothing is missing.
 */
export function accountArchiveFiles(parts: AccountArchiveParts): ArchiveFile[] {
  const rows = (csv: string) => Math.max(0, csv.split('\r\n').filter(Boolean).length - 1);
  const files: ArchiveFile[] = [];
  const add = (name: string, description: string, text: string) => files.push({ name, description, text });
  add(
    'profile.json',
    'Your profile: e-mail, name, phone, when the account was made, and your plan.',
    json(parts.profile),
  );
  add(
    'settings.json',
    'Your settings: display currency, cost method, contact details with when each was confirmed, and which alert channels are open.',
    json(parts.settings),
  );
  add(
    'holdings.csv',
    `Your holdings (${rows(parts.holdingsCsv)}), in the columns the holdings import reads.`,
    parts.holdingsCsv,
  );
  add(
    'transactions.csv',
    `Every transaction of every holding (${rows(parts.transactionsCsv)}).`,
    parts.transactionsCsv,
  );
  add('alerts.json', `Your alerts (${parts.alerts.length}), as you set them up.`, json(parts.alerts));
  add(
    'alert-history.json',
    `Every time an alert fired or was skipped (${parts.alertHistory.length}), with what was sent and how it went.`,
    json(parts.alertHistory),
  );
  add(
    'alert-destinations.json',
    `Where your alerts go beside e-mail and SMS (${parts.alertDestinations.length}): webhooks, browsers, Discord, Slack, Telegram, with when each was confirmed.`,
    json(parts.alertDestinations),
  );
  add(
    'exchange-accounts.json',
    `Your connected exchange accounts (${parts.exchangeAccounts.length}), with their sync state and the balances last read; never their API keys.`,
    json(parts.exchangeAccounts),
  );
  add(
    'wallets.json',
    `Your tracked wallets (${parts.wallets.length}): public addresses, their chains and the balances last read.`,
    json(parts.wallets),
  );
  add('invoices.json', `Your invoices (${parts.invoices.length}).`, json(parts.invoices));
  const exportedAt = parts.exportedAt.toISOString();
  const manifest = {
    format: 'coinpace-account-export',
    version: ACCOUNT_ARCHIVE_VERSION,
    exportedAt,
    userId: parts.profile.id,
    files: files.map(({ name, description }) => ({ name, description })),
  };
  const readme = [
    'Coinpace account export',
    '',
    `Made ${exportedAt} for ${parts.profile.email ?? parts.profile.id}.`,
    '',
    ...files.map(({ name, description }) => `${name}: ${description}`),
    'manifest.json: this list, for programs.',
    '',
    'Times are UTC (ISO 8601); amounts are decimal numbers, prices in US dollars unless a currency is named.',
    'Not included: your password (only its hash is kept, and never exported), sign-in tokens, verification',
    'codes, card numbers (Coinpace never sees them), exchange API keys, webhook signing secrets, browser',
    'push keys, and the tokens in Discord and Slack webhook URLs.',
    '',
  ].join('\n');
  return [
    { name: 'README.txt', description: 'What each file holds.', text: readme },
    { name: 'manifest.json', description: 'The list of files, for programs.', text: json(manifest) },
    ...files,
  ];
}
