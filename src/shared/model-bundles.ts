/**
 * A model bundle as listings show it (`toe models list`, the start form): what it predicts,
 * what it was trained on, its recorded test AUROC, and whether its files still verify.
 * Made by the core's bundle catalogue (src/main/core/models/bundle-catalog.ts).
 */
export interface BundleSummary {
  dir: string;
  task: string | null;
  createdAt: string | null;
  trainingCohort: string | null;
  trainingContentSha256: string | null;
  /** note is null for a TS-only bundle (no note stream; fused = TS). */
  testAuroc: { ts: number; note: number | null; fused: number } | null;
  /** Files whose SHA-256 matched, of `files` listed. */
  filesVerified: number;
  files: number;
  /** Why the bundle cannot be used, or null when it verified. */
  problem: string | null;
}
