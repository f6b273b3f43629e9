/**
 * calibration.json beside a bundle: written atomically as pretty JSON, read back verified
 * against the bundle's fingerprint, and refused with the file and field named when wrong.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CALIBRATION_FILE,
  CALIBRATION_SIGNATURE_FILE,
  readBundleCalibration,
  writeBundleCalibration,
} from '../../../src/main/core/calibration';
import { BundleError } from '../../../src/main/core/models';
import {
  describeDecision,
  transportedCalibration,
  type BundleCalibration,
} from '../../../src/shared/calibration';

const FINGERPRINT = 'ab'.repeat(32);

const calibration: BundleCalibration = {
  format: 'toe-calibration',
  version: 1,
  bundleFingerprint: FINGERPRINT,
  task: 'E1',
  map: { method: 'isotonic', x: [0.1, 0.5, 0.9], y: [0, 0.2, 0.8] },
  threshold: {
    rule: { kind: 'ppv', atLeast: 0.3 },
    value: 0.2,
    stays: 10,
    events: 2,
    sensitivity: 1,
    specificity: 0.75,
    ppv: 0.5,
    predictedPositiveRate: 0.4,
  },
  fittedOn: { cohortName: 'demo', cohortContentHash: 'c0ffee', split: 'val', stays: 10, events: 2 },
  ece: { raw: 0.3, calibrated: 0.05 },
  createdAt: '2026-11-25T00:00:00.000Z',
  command: 'toe calibrate --bundle B --cohort demo --method isotonic --threshold-rule ppv:0.3',
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'toe-calibration-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function rewrite(change: (json: Record<string, unknown>) => void): void {
  const json = JSON.parse(readFileSync(join(dir, CALIBRATION_FILE), 'utf8')) as Record<
    string,
    unknown
  >;
  change(json);
  writeFileSync(join(dir, CALIBRATION_FILE), JSON.stringify(json));
}

describe('calibration.json', () => {
  it('is absent: null', () => {
    expect(readBundleCalibration(dir, FINGERPRINT)).toBeNull();
  });

  it('round-trips: pretty JSON with a trailing newline, no temporary file left', () => {
    const written = writeBundleCalibration(dir, calibration);
    const text = readFileSync(written.file, 'utf8');
    expect(text).toBe(`${JSON.stringify(calibration, null, 2)}\n`);
    expect(readdirSync(dir).sort()).toEqual([CALIBRATION_FILE, CALIBRATION_SIGNATURE_FILE]);
    const read = readBundleCalibration(dir, FINGERPRINT)!;
    expect(read.calibration).toEqual(calibration);
    expect(read.file).toBe(written.file);
    expect(read.sha256).toBe(written.sha256);
    expect(read.sha256).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('replaces an earlier file, keeping it as calibration.previous-<time>.json', () => {
    const first = writeBundleCalibration(dir, calibration);
    expect(first.previous).toBeNull();
    const before = readFileSync(first.file, 'utf8');
    const second = writeBundleCalibration(dir, {
      ...calibration,
      map: { method: 'temperature', temperature: 2 },
    });
    expect(readBundleCalibration(dir, FINGERPRINT)!.calibration.map).toEqual({
      method: 'temperature',
      temperature: 2,
    });
    expect(second.previous).toMatch(/calibration\.previous-\d{4}-\d\d-\d\dT[\d-]+\.\d{3}Z\.json$/);
    expect(readFileSync(second.previous!, 'utf8')).toBe(before);
    expect(readdirSync(dir).sort()).toEqual(
      [CALIBRATION_FILE, CALIBRATION_SIGNATURE_FILE, basename(second.previous!)].sort(),
    );
  });

  it('refuses an edit made after it was written, naming the file and the field', () => {
    writeBundleCalibration(dir, calibration);
    rewrite((json) => {
      (json.threshold as { value: number }).value = 0.05;
    });
    expect(() => readBundleCalibration(dir, FINGERPRINT)).toThrow(
      `calibration.json in bundle ${dir} was changed after \`toe calibrate\` wrote it: threshold.value is 0.05, toe calibrate wrote it with ${calibration.threshold.value}; run toe calibrate again`,
    );
  });

  it('refuses a file fitted for another bundle, saying what to run', () => {
    writeBundleCalibration(dir, calibration);
    const attempt = () => readBundleCalibration(dir, 'cd'.repeat(32));
    expect(attempt).toThrow(BundleError);
    expect(attempt).toThrow(/calibration\.json belongs to another bundle/);
    expect(attempt).toThrow(/field "bundleFingerprint"/);
    expect(attempt).toThrow(new RegExp(`toe calibrate --bundle ${dir} --cohort demo`));
  });

  it('names the file and the field of an invalid value', () => {
    writeBundleCalibration(dir, calibration);
    rewrite((json) => {
      (json.map as { y: number[] }).y = [0, 0.3, 0.2];
    });
    expect(() => readBundleCalibration(dir, FINGERPRINT)).toThrow(
      new RegExp(
        `${join(dir, CALIBRATION_FILE)} is not a valid calibration file:\\n  field "map\\.y\\.2": y must not decrease`,
      ),
    );
    rewrite((json) => {
      json.map = { method: 'temperature', temperature: -1 };
    });
    expect(() => readBundleCalibration(dir, FINGERPRINT)).toThrow(/field "map\.temperature"/);
    rewrite((json) => {
      (json.threshold as { rule: unknown }).rule = { kind: 'median' };
    });
    expect(() => readBundleCalibration(dir, FINGERPRINT)).toThrow(/field "threshold\.rule\.kind"/);
    rewrite((json) => {
      delete json.fittedOn;
    });
    expect(() => readBundleCalibration(dir, FINGERPRINT)).toThrow(/field "fittedOn"/);
  });

  it('refuses text that is not JSON', () => {
    writeFileSync(join(dir, CALIBRATION_FILE), '{ "format": ');
    expect(() => readBundleCalibration(dir, FINGERPRINT)).toThrow(
      /calibration\.json is not valid JSON/,
    );
  });

  it('refuses to write an invalid calibration', () => {
    expect(() =>
      writeBundleCalibration(dir, { ...calibration, ece: { raw: NaN, calibrated: 0 } }),
    ).toThrow(/field "ece\.raw"/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('transportedCalibration', () => {
  const decision = {
    mode: 'calibrated' as const,
    map: { method: 'platt' as const, slope: 1, intercept: -2 },
    threshold: {
      rule: { kind: 'prevalence' as const },
      value: 0.3,
      stays: 300,
      events: 30,
      sensitivity: 0.5,
      specificity: 0.9,
      ppv: 0.5,
      predictedPositiveRate: 0.1,
    },
    fileSha256: 'f'.repeat(64),
    file: 'calibration.json',
    fittedOn: {
      cohortName: 'demo',
      cohortContentHash: 'a'.repeat(64),
      split: 'val' as const,
      stays: 300,
      events: 30,
    },
  };

  it('says nothing when the run audits the cohort it was fitted on, or decides on raw p', () => {
    const same = { cohortName: 'demo', cohortContentHash: 'a'.repeat(64) };
    expect(transportedCalibration(decision, same)).toBeNull();
    expect(transportedCalibration({ mode: 'paper', threshold: 0.5 }, same)).toBeNull();
  });

  it('names another cohort, or another version of the same one', () => {
    expect(
      transportedCalibration(decision, { cohortName: 'site-b', cohortContentHash: 'b'.repeat(64) }),
    ).toMatch(/cohort "demo", not the audited cohort "site-b"/);
    expect(
      transportedCalibration(decision, { cohortName: 'demo', cohortContentHash: 'b'.repeat(64) }),
    ).toMatch(/another version of cohort "demo"/);
  });
});

describe('the decision sentence', () => {
  const decision = (threshold: BundleCalibration['threshold']) =>
    describeDecision({
      mode: 'calibrated',
      map: { method: 'platt', slope: 1, intercept: -2 },
      threshold,
      fileSha256: 'ab'.repeat(32),
      file: 'calibration.json',
      fittedOn: calibration.fittedOn,
    });
  const prevalence = { ...calibration.threshold, rule: { kind: 'prevalence' as const } };

  it('names the prevalence rule only when the recorded figures satisfy it', () => {
    // 2 predicted positive (0.2 of 10) against 2 events: the rule holds.
    expect(decision({ ...prevalence, predictedPositiveRate: 0.2 })).toContain(
      'threshold 0.200 chosen by the lowest threshold predicting at most as many positives as there are events',
    );
    // 4 predicted positive against 2 events: it does not.
    const broken = decision({ ...prevalence, predictedPositiveRate: 0.4 });
    expect(broken).not.toContain('threshold 0.200 chosen by');
    expect(broken).toContain(
      'recorded as chosen by the lowest threshold predicting at most as many positives as there are events, which it does not satisfy (4 predicted positive against 2 events on validation)',
    );
  });

  it('checks the PPV rule against the recorded PPV', () => {
    expect(decision(calibration.threshold)).toContain('chosen by the lowest threshold with PPV');
    expect(decision({ ...calibration.threshold, ppv: 0.1 })).toContain(
      'which it does not satisfy (PPV 0.1 on validation, below 0.3)',
    );
  });
});
