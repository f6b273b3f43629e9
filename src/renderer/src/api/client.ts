// The renderer's API client: typed calls over whichever Bridge it is given (preload IPC
// or HTTP), throwing an ApiError that carries the contract's user-facing message.
import type {
  ApiErrorPayload,
  ApiEvent,
  Bridge,
  CallArgs,
  CallName,
  CallResult,
} from '../../../shared/contract';

export class ApiError extends Error {
  constructor(readonly payload: ApiErrorPayload) {
    super(payload.message);
    this.name = 'ApiError';
  }
}

export interface ApiClient {
  readonly transport: 'ipc' | 'http';
  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>>;
  onEvent(listener: (event: ApiEvent) => void): () => void;
}

/** Any thrown value as the contract's error payload, for display. */
export function toErrorPayload(error: unknown): ApiErrorPayload {
  if (error instanceof ApiError) return error.payload;
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

export function createApiClient(bridge: Bridge, transport: 'ipc' | 'http'): ApiClient {
  return {
    transport,
    async call(name, args) {
      // Plain JSON on both transports: Vue proxies cannot cross IPC, and HTTP sends JSON.
      const plain = JSON.parse(JSON.stringify(args ?? {})) as typeof args;
      const outcome = await bridge.invoke(name, plain);
      if (!outcome.ok) throw new ApiError(outcome.error);
      return outcome.value;
    },
    onEvent: (listener) => bridge.onEvent(listener),
  };
}
