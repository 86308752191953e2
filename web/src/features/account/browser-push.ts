/**
 * Browser notifications (docs/alert-channels.md): registers the service worker (/push-sw.js), subscribes
 * with the server's VAPID public key and hands the subscription to the server, which confirms it with a
 * first message.
 */
import { api } from '../../lib/api-client.ts';

export const PUSH_SERVICE_WORKER = '/push-sw.js';

/** Whether this browser can take push messages at all. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined'
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Asks for permission, subscribes this browser and registers it; throws with a message for the user. */
export async function turnOnBrowserNotifications(): Promise<void> {
  if (!pushSupported()) throw new Error('This browser cannot show notifications from websites.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new Error('Notifications are blocked for this site: allow them in the browser settings.');
  }
  const registration = await navigator.serviceWorker.register(PUSH_SERVICE_WORKER);
  await navigator.serviceWorker.ready;
  const { publicKey } = await api<{ publicKey: string }>('/api/push/public-key');
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await api('/api/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
}
