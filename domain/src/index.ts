export * from './errors.ts';
export * from './ids.ts';
export * from './config.ts';
export { ROLES, CONFIG_SETTINGS, type Role } from './config-env.ts';
export * from './config-summary.ts';
export * from './coins.ts';
export * from './address-key.ts';
export * from './decimal.ts';
export {
  BODY_LIMITS,
  DEFAULT_COIN_LIST_REFRESH_MINUTES,
  DEFAULT_COIN_SETS_PER_ADDRESS,
  DEFAULT_MAX_COIN_SETS,
  DEFAULT_USER_UPSTREAM_CALLS_PER_MINUTE,
  DEFAULT_HISTORY_UPSTREAM_CALLS_PER_MINUTE,
  DEFAULT_WATCHED_COINS,
  SITE_PASSWORD_GUESS_LIMIT,
  MAX_TRADE_FILE_CHARS,
  defaultSignedInSetReserve,
  MAX_TRADE_ROWS,
  REAUTH_MAX_AGE_S,
  formatBodyLimit,
} from './limits.ts';
export * from './import/trades/schema.ts';
export * from './validation.ts';
export * from './schemas/common.ts';
export * from './schemas/portfolio.ts';
export * from './schemas/users.ts';
export * from './schemas/alerts.ts';
export * from './schemas/portfolio-alerts.ts';
export * from './schemas/billing.ts';
export * from './schemas/prices.ts';
export * from './schemas/public.ts';
export * from './form-texts.ts';
export * from './prices/index.ts';
export * from './plans.ts';
export * from './billing/subscription-state.ts';
export * from './billing/billing-view.ts';
export * from './accounts/lifecycle.ts';
export * from './billing/period.ts';
export * from './billing/local-payments.ts';
export * from './billing/plan-change.ts';
export * from './import/index.ts';
export * from './format/index.ts';
export * from './portfolio/index.ts';
export * from './transactions/index.ts';
export * from './realtime/events.ts';
export * from './alerts/index.ts';
export * from './schemas/portfolio-history.ts';
export * from './schemas/price-history.ts';
export * from './schemas/portfolio-performance.ts';
export * from './schemas/portfolio-report.ts';
export * from './realtime/socket-errors.ts';
export * from './realtime/tick-quotes.ts';
export * from './accounts/contact-verification.ts';
export * from './accounts/sign-up.ts';
export * from './export/index.ts';
export * from './exchanges/index.ts';
export * from './wallets/index.ts';
