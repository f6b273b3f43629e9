/**
 * What the contract's handlers are: one async function per call, taking the arguments the
 * contract's schema has already validated. Each concept's module (handlers/<concept>.ts)
 * implements a slice; createHandlers puts the slices together.
 */
import type { ApiEvent, CallName, CallResult, ParsedArgs } from '../../../shared/contract';
import type { AppInfo } from '../../../shared/domain';
import type { ShippedResources } from '../shipped-resources';
import type { Store } from '../store';

export type Handlers = {
  [N in CallName]: (args: ParsedArgs<N>) => Promise<CallResult<N>>;
};

/** The handlers of some calls: what one concept's module returns. */
export type HandlerGroup<N extends CallName> = Pick<Handlers, N>;

export interface HandlerContext {
  store: Store;
  transport: AppInfo['transport'];
  emit: (event: ApiEvent) => void;
  /** Model bundles and report fonts (default: resources/ of this checkout). */
  resources?: ShippedResources;
}
