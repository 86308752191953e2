/**
 * The one message per channel that tells a user every alert of theirs a tick fired on that channel,
 * under the dedupe key `alert-notice:{userId}:{tickId}:{channel}`: sixteen alerts crossed by one
 * market-wide move make one e-mail and one SMS.
 */
import { alertNoticeKey, type AlertDestination, type AlertRecord, type NewOutboxRow } from '@coinpace/db';
import {
  chatBody,
  notificationModel,
  notificationPush,
  notificationTelegramText,
  renderNoticeEmail,
  renderNoticeSms,
  type AlertNotice,
  type Channel,
  type ContactInfo,
} from '@coinpace/domain';

export interface NoticeInput {
  userId: string;
  tickId: string;
  contact: ContactInfo;
  /** The event the messages name: the first they tell. */
  eventId: string;
  /**
   * The alerts queued, in the order the messages list them, with the channels each goes out on: e-mail,
   * SMS and the channels beside them (webhook).
   */
  alerts: { channels: readonly string[]; notice: AlertNotice }[];
  /** The user's confirmed destinations of the channels beside e-mail and SMS, one per kind. */
  destinations?: readonly AlertDestination[];
  /** When the tick fired them (the webhook body's `createdAt`). */
  now?: Date;
}

/** The outbox rows of one user's notice: an e-mail and an SMS, each when some alert goes out on it. */
export function noticeMessages(input: NoticeInput): NewOutboxRow[] {
  const common = { kind: 'alert', userId: input.userId, alertEventId: input.eventId };
  const on = (channel: Channel | string) =>
    input.alerts.filter((a) => a.channels.includes(channel)).map((a) => a.notice);
  const rows: NewOutboxRow[] = [];
  const email = on('email');
  if (email.length > 0 && input.contact.email) {
    const mail = renderNoticeEmail(email);
    rows.push({
      ...common,
      channel: 'email',
      recipient: input.contact.email,
      subject: mail.subject,
      bodyText: mail.text,
      bodyHtml: mail.html,
      dedupeKey: alertNoticeKey(input.userId, input.tickId, 'email'),
    });
  }
  const sms = on('sms');
  if (sms.length > 0 && input.contact.phone) {
    rows.push({
      ...common,
      channel: 'sms',
      recipient: input.contact.phone,
      bodyText: renderNoticeSms(sms),
      dedupeKey: alertNoticeKey(input.userId, input.tickId, 'sms'),
    });
  }
  const destinations = input.destinations ?? [];
  const model = (told: AlertNotice[]) => notificationModel(input.eventId, told, input.now ?? new Date());
  // The webhook: one per user, named by the message.
  for (const destination of destinations.filter((d) => d.kind === 'webhook')) {
    const told = on('webhook');
    if (told.length === 0) continue;
    rows.push({
      ...common,
      channel: 'webhook',
      recipient: destination.id,
      bodyText: JSON.stringify(model(told)),
      dedupeKey: alertNoticeKey(input.userId, input.tickId, 'webhook'),
    });
  }
  // Discord and Slack: one incoming webhook of each per user.
  for (const destination of destinations.filter((d) => d.kind === 'discord' || d.kind === 'slack')) {
    const kind = destination.kind as 'discord' | 'slack';
    const told = on(kind);
    if (told.length === 0) continue;
    rows.push({
      ...common,
      channel: kind,
      recipient: destination.id,
      bodyText: JSON.stringify(chatBody(kind, model(told))),
      dedupeKey: alertNoticeKey(input.userId, input.tickId, kind),
    });
  }
  // Telegram: one linked chat per user, sent the MarkdownV2 text.
  for (const destination of destinations.filter((d) => d.kind === 'telegram')) {
    const told = on('telegram');
    if (told.length === 0) continue;
    rows.push({
      ...common,
      channel: 'telegram',
      recipient: destination.id,
      bodyText: notificationTelegramText(model(told)),
      dedupeKey: alertNoticeKey(input.userId, input.tickId, 'telegram'),
    });
  }
  // Browser push: one message for all of the user's browsers (the dispatcher sends it to each).
  const pushed = on('push');
  if (pushed.length > 0 && destinations.some((d) => d.kind === 'push')) {
    rows.push({
      ...common,
      channel: 'push',
      recipient: input.userId,
      bodyText: JSON.stringify(notificationPush(model(pushed))),
      dedupeKey: alertNoticeKey(input.userId, input.tickId, 'push'),
    });
  }
  return rows;
}

const SCOPE_ORDER: Record<string, number> = { portfolio: 0, all_coins: 1 };

/** The order a combined message lists alerts in: whole-portfolio, all-coins, then coins by symbol. */
export function inNoticeOrder(a: AlertRecord, b: AlertRecord): number {
  return (
    (SCOPE_ORDER[a.scope] ?? 2) - (SCOPE_ORDER[b.scope] ?? 2) ||
    (a.coinSymbol ?? '').localeCompare(b.coinSymbol ?? '') ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
