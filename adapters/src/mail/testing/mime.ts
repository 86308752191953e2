/**
 * Just enough MIME parsing for tests to read what an SMTP peer received (mailparser does not install
 * here, LIBRARIES.md section 5): unfolded headers, RFC 2047 encoded words, nested multiparts, and the
 * quoted-printable and base64 transfer encodings. Assumes UTF-8 where a charset matters.
 */

export interface ParsedMail {
  /** Header names in lower case; the first occurrence wins. Encoded words decoded. */
  headers: Map<string, string>;
  subject?: string;
  /** The text/plain part (or body), decoded, line endings normalised to \n. */
  text?: string;
  /** The text/html part, decoded, line endings normalised to \n. */
  html?: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Parses a raw RFC 5322 message as received over SMTP. */
export function parseMail(raw: string): ParsedMail {
  const root = splitPart(raw);
  const leaves: Part[] = [];
  collectLeaves(root, leaves);
  const byType = (type: string) => {
    const part = leaves.find((p) => mediaType(p) === type);
    return part ? decodeBody(part) : undefined;
  };
  const headers = new Map([...root.headers].map(([k, v]) => [k, decodeEncodedWords(v)]));
  return { headers, subject: headers.get('subject'), text: byType('text/plain'), html: byType('text/html') };
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectLeaves(part: Part, into: Part[]): void {
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1];
  if (!mediaType(part).startsWith('multipart/') || !boundary) {
    into.push(part);
    return;
  }
  const sections = part.body.split(`--${boundary}`);
  // Before the first delimiter is the preamble; from `--boundary--` on, the epilogue.
  for (const section of sections.slice(1)) {
    if (section.startsWith('--')) break;
    collectLeaves(splitPart(section.replace(/^\n/, '')), into);
  }
}

function mediaType(part: Part): string {
  return (part.headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const body = part.body.replace(/\n$/, '');
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const unwrapped = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i += 1) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unwrapped[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes `=?utf-8?B?...?=` and `=?utf-8?Q?...?=` words; whitespace between two encoded words goes. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
