// The Bridge over HTTP, for the browser served by `toe serve`: calls are POSTs to
// /api/call/<name>, events arrive as Server-Sent Events read with fetch (so the token
// goes in a header). Every failure becomes a CallOutcome whose message says what to do.
import type {
  ApiErrorPayload,
  ApiEvent,
  Bridge,
  CallArgs,
  CallName,
  CallOutcome,
  CallResult,
} from '../../../shared/contract';
import { SseParser } from './sse-parser';

export interface HttpBridgeOptions {
  /** The server's origin, e.g. http://127.0.0.1:5123 */
  baseUrl: string;
  token: string | null;
  fetch?: typeof fetch;
}

const NO_TOKEN: ApiErrorPayload = {
  code: 'unauthorized',
  message:
    'This page has no access token. Open the full link printed by `toe serve` (it ends with ?token=…).',
};

function unreachable(baseUrl: string): ApiErrorPayload {
  return {
    code: 'internal',
    message: `Cannot reach the ToE Audit server at ${baseUrl}. Is \`toe serve\` still running? Start it again and open the new link it prints.`,
  };
}

function isOutcome(value: unknown): value is CallOutcome<unknown> {
  return (
    typeof value === 'object' && value !== null && 'ok' in value && typeof value.ok === 'boolean'
  );
}

export function createHttpBridge(options: HttpBridgeOptions): Bridge {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const listeners = new Set<(event: ApiEvent) => void>();
  let stream: AbortController | null = null;
  const authHeaders = (): Record<string, string> => ({
    Authorization: `Bearer ${options.token ?? ''}`,
  });

  async function invoke<N extends CallName>(
    name: N,
    args: CallArgs<N>,
  ): Promise<CallOutcome<CallResult<N>>> {
    if (!options.token) return { ok: false, error: NO_TOKEN };
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}/api/call/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { ...authHeaders(), 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      });
    } catch {
      return { ok: false, error: unreachable(options.baseUrl) };
    }
    const body: unknown = await response.json().catch(() => null);
    if (isOutcome(body)) return body as CallOutcome<CallResult<N>>;
    return {
      ok: false,
      error: {
        code: 'internal',
        message: `The server answered ${response.status} ${response.statusText} without a result. Restart \`toe serve\`.`,
      },
    };
  }

  /** Reads the event stream until aborted, reconnecting with backoff if it drops. */
  async function runStream(controller: AbortController): Promise<void> {
    let delay = 500;
    while (!controller.signal.aborted) {
      try {
        const response = await doFetch(`${options.baseUrl}/api/events`, {
          headers: authHeaders(),
          signal: controller.signal,
        });
        // A refused token will not start working by retrying: stop, calls will say why.
        if (response.status === 401 || response.status === 403) return;
        if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
        delay = 500;
        const parser = new SseParser();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const payload of parser.feed(value)) {
            const event = JSON.parse(payload) as ApiEvent;
            for (const listener of listeners) listener(event);
          }
        }
      } catch {
        // Dropped or refused: fall through to the backoff and try again unless stopped.
      }
      if (controller.signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  }

  return {
    invoke,
    onEvent(listener) {
      listeners.add(listener);
      if (!stream && options.token) {
        stream = new AbortController();
        void runStream(stream);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && stream) {
          stream.abort();
          stream = null;
        }
      };
    },
  };
}
