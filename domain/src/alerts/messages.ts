/** Texts of the alerts screen and API, verbatim from SPEC.md sections 5 and 8 where it gives them. */
import { formatPortfolioPrice } from '../format/money.ts';
import type { ThresholdType } from './constants.ts';

export const ALERT_MESSAGES = {
  upgradeTitle: 'Upgrade Required',
  upgradeBody: 'You must upgrade to a paid plan to set alerts.',
  limitTitle: 'Alert Limit Reached',
  limitBody:
    'You have used all of your alerts for this billing period. Upgrade your plan or wait for your next billing cycle.',
  missingInfoTitle: 'Missing Required Information',
  missingPhone: 'phone number',
  missingEmail: 'email address',
  selectMethod: 'Please select at least one notification method',
  missingCoinId: 'Selected coin is missing CoinGecko ID. Please try selecting the coin again.',
  valueRequired: 'Please enter a value for the alert.',
  targetRequired: 'Please choose a coin or the whole portfolio.',
  percentOnly:
    'Alerts on several coins, on all coins or on the whole portfolio must be percentage (gain or loss) alerts.',
  portfolioOrAll: 'Choose either all coins or the whole portfolio, not both.',
  lossBelowHundred: 'A loss alert must be below 100%.',
  failedLoad: 'Failed to load alerts: ',
  failedLoadData: 'Failed to load data: ',
  failedToggle: 'Failed to toggle alert: ',
  failedToggleSome: 'Failed to toggle some alerts: ',
  failedDelete: 'Failed to delete alert: ',
  failedDeleteSome: 'Failed to delete some alerts: ',
  failedResetInterval: 'Failed to update reset interval: ',
  failedResetAll: 'Failed to reset alerts: ',
  failedCreate: 'Failed to create alert: ',
} as const;

/** 'Successfully created N alert(s)!' (SPEC.md section 8). */
export function createdMessage(count: number): string {
  return `Successfully created ${count} alert(s)!`;
}

/** 'Successfully enabled all N alerts!' (SPEC.md section 8). */
export function enabledAllMessage(count: number): string {
  return `Successfully enabled all ${count} alerts!`;
}

/** The message of a 403 when the profile lacks what the chosen channels need, e.g. 'phone number'. */
export function missingInfoMessage(missing: readonly string[]): string {
  return `${ALERT_MESSAGES.missingInfoTitle}: please add your ${missing.join(' and ')} to your profile.`;
}

/** The message of a 403 past the plan's set-up cap. */
export function setupCapMessage(cap: number): string {
  return `Your plan allows up to ${cap.toLocaleString('en-US')} alerts set up at once. Delete some alerts or upgrade your plan.`;
}

/** An alert's condition in words: 'up 10%', 'down 5%', 'above $50,000.00', 'below $2.50'. */
export function conditionWords(thresholdType: ThresholdType, thresholdValue: number): string {
  if (thresholdType === 'Gain' || thresholdType === 'Loss') {
    return `${thresholdType === 'Gain' ? 'up' : 'down'} ${Number(thresholdValue.toFixed(2))}%`;
  }
  return `${thresholdType === 'Above' ? 'above' : 'below'} ${formatPortfolioPrice(thresholdValue)}`;
}

/**
 * The notice that alerts were set automatically on coins the user added (SPEC.md section 4).
 * On the portfolio screen: 'An alert was set on SOL (down 10%), like your first alert on a coin
 * you hold. You can change or delete it on the Alerts page.' On the alerts screen it points at the list.
 */
export function autoAlertNotice(
  alerts: readonly { coinSymbol: string; thresholdType: ThresholdType; thresholdValue: number }[],
  where: 'portfolio' | 'alerts' = 'portfolio',
): string {
  const list = alerts.map((a) => `${a.coinSymbol} (${conditionWords(a.thresholdType, a.thresholdValue)})`);
  const shown =
    list.length > 5 ? `${list.slice(0, 5).join(', ')} and ${list.length - 5} more` : list.join(', ');
  const one = alerts.length === 1;
  const set = one ? `An alert was set on ${shown}` : `Alerts were set on ${shown}`;
  const then =
    where === 'portfolio'
      ? `You can change or delete ${one ? 'it' : 'them'} on the Alerts page.`
      : `${one ? 'It is' : 'They are'} marked 'Set for a new coin' below; edit or delete ${one ? 'it' : 'them'} as you like.`;
  return `${set} for ${one ? 'a coin' : 'coins'} you added, like your first alert on a coin you hold. ${then}`;
}
