/**
 * The 'Add Price Alert' form (SPEC.md sections 2 and 5): its state, the rules that force a percentage
 * alert, validation with SPEC.md's messages and the create payload it sends (the preview: alert-preview.ts).
 */
import {
  ALERT_MESSAGES,
  DEFAULT_RESET_INTERVAL,
  numberInputMessage,
  readNumberInput,
  type AlertView,
  type CreateAlertInput,
  type DisplayCurrency,
  type ResetInterval,
  type ThresholdType,
} from '@coinpace/domain';
import { methodOf } from './alert-ui.ts';
import type { Channels } from './ChannelChecks.tsx';

/** A coin picked on the Watch List tab (from search). */
export interface WatchCoin {
  id: string;
  name: string;
  symbol: string;
  image: string | null;
  price: number;
}

export interface AlertForm {
  tab: 'portfolio' | 'watchlist';
  /** Holding ids ticked on the My Portfolio tab. */
  holdings: string[];
  allCoins: boolean;
  wholePortfolio: boolean;
  watchCoin: WatchCoin | null;
  kind: 'price' | 'percentage';
  condition: 'above' | 'below';
  /** As typed, with thousands separators. */
  value: string;
  email: boolean;
  sms: boolean;
  /** Also post to the user's signed webhook (an unmetered channel, docs/alert-channels.md). */
  webhook: boolean;
  /** Also show a browser notification (an unmetered channel). */
  push: boolean;
  discord: boolean;
  slack: boolean;
  telegram: boolean;
  resetInterval: ResetInterval;
}

/** SPEC.md section 9: 'default preview percentage 5 when the value is empty'. */
export const DEFAULT_PREVIEW_PERCENT = 5;

export function emptyForm(preselect: string[] = []): AlertForm {
  return {
    tab: 'portfolio',
    holdings: preselect,
    allCoins: false,
    wholePortfolio: false,
    watchCoin: null,
    kind: 'price',
    condition: 'above',
    value: '',
    email: true,
    sms: true,
    webhook: false,
    push: false,
    discord: false,
    slack: false,
    telegram: false,
    resetInterval: DEFAULT_RESET_INTERVAL,
  };
}

/** Several coins, all coins or the whole portfolio force a percentage alert (SPEC.md section 5). */
export function isPercentForced(form: AlertForm): boolean {
  return form.tab === 'portfolio' && (form.holdings.length > 1 || form.allCoins || form.wholePortfolio);
}

/** The kind the alert will have, after the forcing rule. */
export function effectiveKind(form: AlertForm): 'price' | 'percentage' {
  return isPercentForced(form) ? 'percentage' : form.kind;
}

export function thresholdTypeOf(kind: 'price' | 'percentage', condition: 'above' | 'below'): ThresholdType {
  if (kind === 'price') return condition === 'above' ? 'Above' : 'Below';
  return condition === 'above' ? 'Gain' : 'Loss';
}

/** The first problem with the form, as SPEC.md words it; null when it can be sent. */
export function validateForm(form: AlertForm, locale?: string): string | null {
  if (form.tab === 'watchlist' && !form.watchCoin) return ALERT_MESSAGES.missingCoinId;
  if (form.tab === 'watchlist' && !form.watchCoin?.id) return ALERT_MESSAGES.missingCoinId;
  if (form.tab === 'portfolio' && form.holdings.length === 0 && !form.allCoins && !form.wholePortfolio) {
    return ALERT_MESSAGES.targetRequired;
  }
  const reading = readNumberInput(form.value, locale);
  if (!reading.ok && reading.problem === 'unreadable') {
    return numberInputMessage(effectiveKind(form) === 'price' ? 'Price' : 'Percent', form.value, locale);
  }
  const value = reading.ok ? reading.value : NaN;
  if (!(value > 0)) return ALERT_MESSAGES.valueRequired;
  if (effectiveKind(form) === 'percentage' && form.condition === 'below' && value >= 100) {
    return ALERT_MESSAGES.lossBelowHundred;
  }
  if (!methodOf(form)) return ALERT_MESSAGES.selectMethod;
  return null;
}

/** The value of a valid form as a plain decimal string (read by the locale, separators gone). */
function valueDecimal(form: AlertForm, locale?: string): string {
  const reading = readNumberInput(form.value, locale);
  return reading.ok ? reading.decimal : form.value.trim();
}

/**
 * The POST /api/alerts payload of a valid form (commas stripped, SPEC.md section 5), set in `currency`,
 * the display currency the price was typed in.
 */
export function toCreatePayload(
  form: AlertForm,
  locale?: string,
  currency: DisplayCurrency = 'usd',
): CreateAlertInput {
  const thresholdType = thresholdTypeOf(effectiveKind(form), form.condition);
  const common = {
    currency,
    thresholdType,
    thresholdValue: valueDecimal(form, locale),
    notificationMethod: methodOf(form)!,
    ...(extraChannelsOf(form).length > 0 && { channels: extraChannelsOf(form) }),
    resetInterval: form.resetInterval,
  };
  if (form.tab === 'watchlist') {
    const coin = form.watchCoin!;
    return {
      ...common,
      type: 'WatchlistPrice',
      coinId: coin.id,
      coin: {
        name: coin.name,
        symbol: coin.symbol,
        image: coin.image?.startsWith('https://') ? coin.image : null,
      },
    };
  }
  if (form.wholePortfolio) return { ...common, type: 'PortfolioGainLoss', wholePortfolio: true };
  if (form.allCoins) return { ...common, type: 'PortfolioGainLoss', allCoins: true };
  if (form.holdings.length === 1) return { ...common, type: 'PortfolioGainLoss', coinId: form.holdings[0]! };
  return { ...common, type: 'PortfolioGainLoss', coinIds: form.holdings };
}

/** How many alerts the form creates. */
export function alertCount(form: AlertForm): number {
  if (form.tab === 'watchlist' || form.allCoins || form.wholePortfolio) return 1;
  return form.holdings.length;
}

/** A channel beside e-mail and SMS an alert form can tick. */
export type ExtraChannelChoice = 'webhook' | 'push' | 'discord' | 'slack' | 'telegram';

/** The channels beside e-mail and SMS ticked on a form. */
export function extraChannelsOf(form: Partial<Record<ExtraChannelChoice, boolean>>): ExtraChannelChoice[] {
  return (['webhook', 'push', 'discord', 'slack', 'telegram'] as const).filter((c) => form[c]);
}

/** The channels an alert delivers on, as the channel check boxes show them. */
export function channelsOf(alert: AlertView): Channels {
  const extra = alert.channels ?? [];
  return {
    email: alert.notificationMethod !== 'SMS',
    sms: alert.notificationMethod !== 'Email',
    webhook: extra.includes('webhook'),
    push: extra.includes('push'),
    discord: extra.includes('discord'),
    slack: extra.includes('slack'),
    telegram: extra.includes('telegram'),
  };
}

/**
 * The channels beside e-mail and SMS for an edit of `alert`: sent only when the ticks differ from the
 * alert's, so an edit that leaves them alone keeps them as they are.
 */
export function changedExtraChannels(
  channels: Channels,
  alert: AlertView,
): { channels?: ExtraChannelChoice[] } {
  const ticked = extraChannelsOf(channels);
  return ticked.join() === extraChannelsOf(channelsOf(alert)).join() ? {} : { channels: ticked };
}
