/**
 * What the fault suite reads from the roles' logs (pino JSON lines): every line goes to the role's log
 * file; which poller leads (its 'elected leader' and 'leading again' lines); and the warnings the suite
 * looks for (a tick dropped, an SMS found at Twilio).
 */

export interface RoleLog {
  /** Hands one output line of a role to the log. */
  onLine(name: string, line: string): void;
  /** The role's process exited. */
  onExit(name: string): void;
  /** The poller that last said it leads and has not said otherwise since. */
  leader(): string | undefined;
  /** Lines (parsed) whose message contains `text`, since `since` (epoch ms), from every role. */
  find(text: string, since?: number): { name: string; at: number; fields: Record<string, unknown> }[];
}

interface Line {
  name: string;
  at: number;
  msg: string;
  fields: Record<string, unknown>;
}

const LEADS = ['elected leader', 'leading again'];
const STOPS_LEADING = ['leadership lost', 'leader lock unreachable', 'shutting down'];
/** Lines kept in memory for `find` (the files keep everything). */
const KEEP = 20_000;

/** A log that appends each raw line with `write(name, line)`. */
export function createRoleLog(write: (name: string, line: string) => Promise<void>): RoleLog {
  const lines: Line[] = [];
  let leader: string | undefined;
  return {
    onLine(name, raw) {
      void write(name, raw).catch(() => {});
      let fields: Record<string, unknown>;
      try {
        fields = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return;
      }
      const msg = typeof fields.msg === 'string' ? fields.msg : '';
      if (LEADS.some((text) => msg.startsWith(text)) && fields.key === 'price-poller') leader = name;
      else if (leader === name && STOPS_LEADING.some((text) => msg.startsWith(text))) leader = undefined;
      if (typeof fields.level === 'number' && fields.level >= 40) {
        lines.push({ name, at: Date.now(), msg, fields });
      } else if (LEADS.some((text) => msg.startsWith(text))) {
        lines.push({ name, at: Date.now(), msg, fields });
      } else if (msg.startsWith('SMS found at Twilio') || msg.startsWith('exchange sync')) {
        lines.push({ name, at: Date.now(), msg, fields });
      }
      if (lines.length > KEEP) lines.splice(0, lines.length - KEEP);
    },
    onExit(name) {
      if (leader === name) leader = undefined;
    },
    leader: () => leader,
    find(text, since = 0) {
      return lines
        .filter((l) => l.at >= since && l.msg.includes(text))
        .map(({ name, at, fields }) => ({ name, at, fields }));
    },
  };
}
