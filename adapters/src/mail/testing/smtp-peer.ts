/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) for tests of anything that sends mail:
 * it requires the login in its URL, keeps every accepted message (envelope, raw text and the parsed
 * subject and bodies), and can be told to refuse recipients, to go down and come back on the same port,
 * or to hold its answer to a message. As in SMTP, a message is accepted only with the reply to its
 * data: a client that goes away before that reply has delivered nothing.
 */
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime.ts';

export interface ReceivedMail extends ParsedMail {
  /** Envelope sender (MAIL FROM). */
  mailFrom: string;
  /** Envelope recipients (RCPT TO). */
  rcptTo: string[];
  /** The message as received, CRLF line endings. */
  raw: string;
  /** When the peer accepted it, epoch ms. */
  receivedAt: number;
}

export interface SmtpPeer {
  readonly port: number;
  /** `smtp://user:pass@127.0.0.1:port`, ready for SMTP_URL. */
  readonly url: string;
  /** Accepted messages, oldest first. */
  readonly messages: ReceivedMail[];
  /**
   * Answers RCPT TO for `address` with `code` from now on: 5xx refuses it for good (default 550),
   * 4xx defers it. `acceptRecipient` undoes it.
   */
  rejectRecipient(address: string, code?: number, message?: string): void;
  acceptRecipient(address: string): void;
  /**
   * Receives the next `times` messages (default 1) in full but holds the reply that accepts them until
   * `release()` (a slow content filter before queueing); held messages whose client left are dropped.
   */
  hold(times?: number): void;
  /** Accepts the held messages whose client is still connected, and stops holding. */
  release(): void;
  /** Messages received and waiting for `release()` whose client is still connected. */
  readonly held: number;
  /** Stops listening; connections are refused until `up()`. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export interface SmtpPeerOptions {
  /** The login the server requires. Default `coinpace` / `s3cret pass` (a space, to exercise URL encoding). */
  user?: string;
  pass?: string;
}

/** Starts an SMTP peer on an ephemeral port. */
export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const user = options.user ?? 'coinpace';
  const pass = options.pass ?? 's3cret pass';
  const messages: ReceivedMail[] = [];
  const rejections = new Map<string, { code: number; message: string }>();
  const heldAccepts: { session: string; accept: () => void }[] = [];
  const closedSessions = new Set<string>();
  let holdNext = 0;
  let server: SMTPServer | undefined;
  let port = 0;

  const makeServer = () =>
    new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      closeTimeout: 100,
      onAuth(auth, _session, callback) {
        if (auth.username === user && auth.password === pass) return callback(null, { user });
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo(address, _session, callback) {
        const rejection = rejections.get(address.address.toLowerCase());
        if (!rejection) return callback();
        callback(Object.assign(new Error(rejection.message), { responseCode: rejection.code }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const accept = () => {
            if (closedSessions.has(session.id)) return;
            messages.push({
              ...parseMail(raw),
              raw,
              mailFrom,
              rcptTo: session.envelope.rcptTo.map((r) => r.address),
              receivedAt: Date.now(),
            });
            callback();
          };
          if (holdNext > 0) {
            holdNext -= 1;
            heldAccepts.push({ session: session.id, accept });
          } else accept();
        });
      },
      onClose(session) {
        closedSessions.add(session.id);
        // The client left before its message was accepted: it was never delivered.
        for (let i = heldAccepts.length - 1; i >= 0; i -= 1)
          if (heldAccepts[i]!.session === session.id) heldAccepts.splice(i, 1);
      },
    });

  const listen = async () => {
    const next = makeServer();
    await new Promise<void>((resolve, reject) => {
      next.server.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    server = next;
    const address = next.server.address();
    if (address && typeof address === 'object') port = address.port;
  };
  const stop = async () => {
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`;
    },
    messages,
    rejectRecipient(address, code = 550, message = 'No such user here') {
      rejections.set(address.toLowerCase(), { code, message });
    },
    acceptRecipient(address) {
      rejections.delete(address.toLowerCase());
    },
    hold(times = 1) {
      holdNext = times;
    },
    release() {
      holdNext = 0;
      for (const { accept } of heldAccepts.splice(0)) accept();
    },
    get held() {
      return heldAccepts.length;
    },
    down: stop,
    async up() {
      if (!server) await listen();
    },
    close: stop,
  };
}
