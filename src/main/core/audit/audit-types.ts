/**
 * The run and result types live in src/shared/audit.ts so the renderer can import them; the
 * core keeps importing them from here. The shared files mirror a few core types as plain
 * data (the search's parameters and trace, the metrics' confusion counts and abstention
 * counts): the checks below fail to compile if either side changes without the other.
 */
import type * as Shared from '../../../shared/audit';
import type * as SharedStatistics from '../../../shared/audit-statistics';
import type { AbstentionEffect, ConfusionClass, ConfusionCounts } from '../metrics';
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
// The statistics' JSON restates three shapes of the metrics module (src/shared/audit-statistics.ts).
type _ConfusionClassMirror = Holds<Same<ConfusionClass, SharedStatistics.ConfusionClass>>;
type _ConfusionCountsMirror = Holds<Same<ConfusionCounts, SharedStatistics.ConfusionCounts>>;
type _AbstentionCountsMirror = Holds<
  Same<Omit<AbstentionEffect, SharedStatistics.EffectFigure>, SharedStatistics.AbstentionCounts>
>;
