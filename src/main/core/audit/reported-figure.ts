/**
 * The JSON-safe figures now live in the statistics layer (statistics/bootstrap-estimates.ts,
 * where toFigure is toEstimate). This re-export serves only bias-audit.ts and disparity.ts
 * until they move there too; import from '../statistics' everywhere else.
 */
export { jsonNumber, replicateInterval, toEstimate as toFigure } from '../statistics';
