/**
 * Sends one browser push message (the Push API): the payload encrypted (aes128gcm) for the subscription's
 * keys and signed with the VAPID keys by web-push, posted by us under the SSRF rules of the webhooks
 * (a push endpoint is a URL the browser gave, so it is held to the same rules), which also lets a local
 * push service on plain http stand in under WEBHOOK_ALLOW_LOOPBACK.
 */
import webpush from 'web-push';
import { postBody, type PostResult } from '../webhooks/post-json.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** How long the push service keeps an undelivered message (the browser is off), seconds. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export async function sendPush(
  subscription: PushSubscriptionKeys,
  payload: string,
  vapid: VapidKeys,
  opts: { allowLoopback?: boolean; timeoutMs?: number } = {},
): Promise<PostResult> {
  const details = webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: vapid,
    TTL: PUSH_TTL_SECONDS,
    urgency: 'high',
  });
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  return postBody(details.endpoint, details.body as Buffer, headers, opts);
}
