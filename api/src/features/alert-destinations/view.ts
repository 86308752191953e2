/** An alert destination as the API shows it: never its secret, a URL without its query. */
import { TELEGRAM_UNLINKED, type AlertDestination } from '@coinpace/db';
import type { AlertDestinationView, ExtraChannel } from '@coinpace/domain';

/** The URL without its query and fragment, which may hold a token. */
function shownUrl(target: string): string {
  const url = new URL(target);
  return `${url.origin}${url.pathname}`;
}

export function destinationView(d: AlertDestination): AlertDestinationView {
  return {
    id: d.id,
    kind: d.kind as ExtraChannel,
    label: d.label,
    target: d.kind === 'webhook' ? shownUrl(d.target) : null,
    confirmed: d.confirmedAt !== null,
    confirmedAt: d.confirmedAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    ...(d.kind === 'telegram' && { unlinked: d.target === TELEGRAM_UNLINKED }),
  };
}
