import { createRecordingLogger } from '../recording-logger.ts';
import { runSmsContract } from './contract.ts';
import { createSmsSender } from './create-sms-sender.ts';
import { startTwilioPeer } from './testing/twilio-peer.ts';

const fromNumber = '+15005550006';

runSmsContract({
  name: 'twilio (twilio-node to a local Twilio peer)',
  canFail: true,
  async setup() {
    const peer = await startTwilioPeer();
    return {
      sender: createSmsSender({
        accountSid: peer.accountSid,
        authToken: peer.authToken,
        fromNumber,
        apiUrl: peer.url,
      }),
      fromNumber,
      delivered: () => peer.messages.map(({ sid, to, from, body }) => ({ sid, to, from, body })),
      faults: {
        fail: (failure, times) => peer.fail(failure, times),
        requests: () => peer.requests,
        down: () => peer.down(),
        up: () => peer.up(),
        hold: () => peer.hold(),
        release: () => peer.release(),
      },
      close: () => peer.close(),
    };
  },
});

runSmsContract({
  name: 'log transport',
  canFail: false,
  async setup() {
    const logger = createRecordingLogger();
    return {
      sender: createSmsSender({ logger }),
      fromNumber,
      delivered: () =>
        logger.lines
          .filter((l) => l.level === 'info' && typeof l.fields.sid === 'string')
          .map(({ fields: f }) => ({ sid: String(f.sid), to: String(f.to), body: String(f.body) })),
      close: async () => {},
    };
  },
});
