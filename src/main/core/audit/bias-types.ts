/**
 * The bias audit's output types live in src/shared/bias-audit.ts so the renderer can import
 * them; the core keeps importing them from here.
 */
export type {
  AttributeAudit,
  BiasAudit,
  BiasAuditOptions,
  Disparity,
  GroupReport,
  MetricReport,
  NotEstimable,
  ReferenceChoice,
  ReferenceRule,
  ReportedGroup,
  SuppressedGroup,
} from '../../../shared/bias-audit';
