/**
 * The joint bootstrap now lives in the statistics layer (statistics/bootstrap-estimates.ts).
 * This re-export serves only disparity.ts until the disparity p-values move there too; import
 * from '../statistics' everywhere else.
 */
export { jointBootstrap, type JointDraws } from '../statistics';
