/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) for tests of anything that sends mail:
 * it requires the login in its URL, keeps every accepted message (envelope, raw text and the parsed
 * subject and bodies), and can be told to refuse recipients or to go down and come back on the same port.
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
          messages.push({
            ...parseMail(raw),
            raw,
            mailFrom,
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        });
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
    down: stop,
    async up() {
      if (!server) await listen();
    },
    close: stop,
  };
}
