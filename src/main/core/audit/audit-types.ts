/**
 * The run and result types live in src/shared/audit.ts so the renderer can import them; the
 * core keeps importing them from here.
 */
export type {
  AwaitingStayRisk,
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
