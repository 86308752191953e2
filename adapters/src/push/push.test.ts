import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushServicePeer, type PushServicePeer } from './testing/push-service-peer.ts';
import { sendPush } from './send-push.ts';
import { generateVapidKeys, loadVapidKeys } from './vapid-keys.ts';

describe('browser push', () => {
  let peer: PushServicePeer;
  beforeAll(async () => {
    peer = await startPushServicePeer();
  });
  afterAll(() => peer?.close());

  it('a message reaches the push service signed (VAPID) and encrypted (aes128gcm) for the subscription', async () => {
    const vapid = generateVapidKeys();
    const sub = peer.subscribe();
    const answer = await sendPush(sub, '{"title":"BTC above $70,000"}', vapid, { allowLoopback: true });
    expect(answer.status).toBe(201);
    expect(peer.messages.at(-1)).toMatchObject({
      payload: '{"title":"BTC above $70,000"}',
      vapidKey: vapid.publicKey,
    });
  });

  it('a message signed by another key than the one in the header, or to a gone subscription, is refused', async () => {
    const sub = peer.subscribe();
    peer.expire(sub.endpoint);
    expect((await sendPush(sub, 'x', generateVapidKeys(), { allowLoopback: true })).status).toBe(410);
    await expect(sendPush(peer.subscribe(), 'x', generateVapidKeys())).rejects.toThrow(/loopback|https/);
  });

  it('the embedded default generates the VAPID keys once into the data folder and keeps them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    const [a, b] = await Promise.all([loadVapidKeys({ dataDir: dir }), loadVapidKeys({ dataDir: dir })]);
    expect(a.publicKey).toBe(b.publicKey);
    expect((await loadVapidKeys({ dataDir: dir })).privateKey).toBe(a.privateKey);
    const set = await loadVapidKeys({
      dataDir: dir,
      publicKey: 'P',
      privateKey: 'Q',
      subject: 'mailto:x@y.z',
    });
    expect(set).toEqual({ publicKey: 'P', privateKey: 'Q', subject: 'mailto:x@y.z' });
  });
});
