/**
 * The run and result types live in src/shared/audit.ts so the renderer can import them; the
 * core keeps importing them from here. The shared file mirrors two core types as plain data
 * (the search's parameters and trace): the checks below fail to compile if either side
 * changes without the other.
 */
import type * as Shared from '../../../shared/audit';
import type { SearchParams, TraceStep } from '../search';

export type {
  ReviewVerdict,
  RunProgress,
  RunProvenance,
  RunSpec,
  RunStatus,
  RunSummary,
  StayAuditDetail,
  StayAuditResult,
  StayReview,
} from '../../../shared/audit';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
type _SearchParamsMirror = Holds<Same<SearchParams, Shared.SearchParams>>;
type _TraceStepMirror = Holds<Same<TraceStep, Shared.TraceStep>>;
