import type { Split } from './domain';

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
  /**
   * Its calibration.json: none, verified against what `toe calibrate` recorded, unsigned
   * (written before calibrations were recorded: used, but not verified), or refused (why is
   * in `problem`).
   */
  calibration: 'none' | 'verified' | 'unsigned' | 'refused';
}

/** Signing a bundle's manifest (`toe models sign`): what was done and what it binds to. */
export interface BundleSigning {
  dir: string;
  /** 'unchanged': already signed, and the manifest matches its signature. */
  action: 'signed' | 'replaced' | 'unchanged';
  manifestSha256: string;
  /** The bundle's fingerprint with the manifest signed (what runs and calibrations bind to). */
  fingerprint: string;
  /** calibration.json's recorded fingerprint when it is not this one (it must be refitted). */
  staleCalibration: string | null;
}

/** A bundle's three streams: hourly windows only, notes only, and both fused. */
export const BUNDLE_STREAMS = ['ts', 'note', 'fused'] as const;
export type BundleStream = (typeof BUNDLE_STREAMS)[number];

/** An estimate with its 95% bootstrap interval; NaN bounds when no resample was valid. */
export interface BootstrapInterval {
  estimate: number;
  lower: number;
  upper: number;
  /** Resamples left out because the figure was undefined on them (one class only). */
  skipped: number;
}

/** What a bundle's manifest records of its training run on one split, per stream. */
export interface RecordedStreamMetrics {
  ts: { auroc: number; auprc: number };
  /** Absent for a TS-only bundle. */
  note?: { auroc: number; auprc: number };
  fused: { auroc: number; auprc: number };
}

/**
 * A bundle's full-input metrics on a cohort split (`toe models eval`): AUROC, AUPRC and ECE of
 * each stream with the whole stay as input, and how the cohort relates to the one the bundle
 * was trained on (only on that cohort are the manifest's recorded figures comparable).
 */
export interface FullInputMetricsReport {
  task: string;
  bundle: string;
  cohort: string;
  split: Split;
  stays: number;
  positives: number;
  executionProvider: 'cuda' | 'cpu';
  bootstrap: { seed: number; resamples: number; level: number };
  /** A TS-only bundle has no notes-only stream. */
  metrics: Partial<
    Record<
      BundleStream,
      { auroc: BootstrapInterval; auprc: BootstrapInterval; ece: BootstrapInterval }
    >
  >;
  trainingCohort: {
    name: string;
    contentSha256: string;
    isTrainingCohort: boolean;
    /** One sentence: the same cohort, another, or the same name with other contents. */
    relation: string;
    /** The manifest's figures for this split, when this is the training cohort. */
    recordedMetrics: RecordedStreamMetrics | null;
  };
  seconds: number;
}
