/** Test support: reads a server-sent event stream with fetch and keeps every event and comment. */

export interface SseEvent {
  id?: string;
  data?: unknown;
  retry?: number;
  /** Comment lines (heartbeats). */
  comments: string[];
}

export interface SseClient {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Events that carry data, in order. */
  messages(): { id?: string; data: unknown }[];
  close(): void;
}

/** Opens `url` with the given headers and parses events as they arrive. */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const client: SseClient = {
    status: response.status,
    headers: response.headers,
    events,
    messages: () => events.filter((e) => e.data !== undefined).map((e) => ({ id: e.id, data: e.data })),
    close: () => controller.abort(),
  };
  if (!response.ok || !response.body) return client;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          events.push(parseEvent(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return client;
}

function parseEvent(block: string): SseEvent {
  const event: SseEvent = { comments: [] };
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) event.comments.push(line.slice(1).trim());
    else if (line.startsWith('id: ')) event.id = line.slice(4);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
    else if (line.startsWith('retry: ')) event.retry = Number(line.slice(7));
  }
  if (data.length > 0) event.data = JSON.parse(data.join('\n'));
  return event;
}
