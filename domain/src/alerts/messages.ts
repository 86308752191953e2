/** Texts of the alerts screen and API, verbatim from SPEC.md sections 5 and 8 where it gives them. */
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
