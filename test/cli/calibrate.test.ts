/**
 * `toe calibrate` through the real command, on a small SYNTHETIC demo cohort and a temp copy
 * of the shipped E1 bundle (resources/models is never written): the file it writes, what it
 * prints, the rule the threshold obeys, and what it refuses.
 */
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALIBRATION_FILE,
  CALIBRATION_SIGNATURE_FILE,
  MIN_CALIBRATION_EVENTS,
  readBundleCalibration,
} from '../../src/main/core/calibration';
import { createDemoCohort } from '../../src/main/core/import/demo';
import {
  BundleError,
  bundleFingerprint,
  bundleHashes,
  readManifest,
} from '../../src/main/core/models';
import type { BundleCalibration } from '../../src/shared/calibration';
import { demoStore } from '../support/audit-runs';
import { runToe } from '../support/run-toe';
import { checkTrainingPython, trainingPython } from '../../src/main/cli/commands/train-command';

const SHIPPED_E1 = fileURLToPath(new URL('../../resources/models/E1', import.meta.url));

interface CalibrateJson {
  bundle: string;
  executionProvider: string;
  file: string | null;
  sha256: string | null;
  calibration: BundleCalibration;
}

describe('toe calibrate', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  let bundle: string;
  let file: string;
  const toe = (...args: string[]) => runToe(args, demo.dbPath, { TOE_EXECUTION_PROVIDER: 'cpu' });
  /** A temp copy of the shipped E1 bundle without its calibration. */
  const copyShippedBundle = () => {
    const copy = join(mkdtempSync(join(demo.dir, 'bundle-')), 'E1');
    cpSync(SHIPPED_E1, copy, { recursive: true });
    rmSync(join(copy, CALIBRATION_FILE), { force: true });
    return copy;
  };
  const fingerprint = () => bundleFingerprint(bundleHashes(readManifest(bundle)));

  // The shipped bundle's own calibration, which no test may change.
  const shipped = join(SHIPPED_E1, CALIBRATION_FILE);
  const shippedBefore = existsSync(shipped) ? readFileSync(shipped, 'utf8') : null;

  beforeAll(async () => {
    demo = await demoStore(400);
    bundle = copyShippedBundle();
    file = join(bundle, CALIBRATION_FILE);
  }, 120_000);
  afterAll(() => {
    demo.dispose();
    expect(existsSync(shipped) ? readFileSync(shipped, 'utf8') : null).toBe(shippedBefore);
  });

  it('writes calibration.json beside the bundle and prints what it fitted', () => {
    const result = toe('calibrate', '--bundle', bundle, '--cohort', 'demo');
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(file)).toBe(true);
    const val = demo.store.stayIds(demo.cohortId, 'val').length;
    expect(result.stdout).toContain(`fitted on cohort "demo", val split: ${val} stays`);
    expect(result.stdout).toMatch(
      /^map: Platt scaling on logit\(p\), slope \d\.\d{4}, intercept -?\d\.\d{4}$/m,
    );
    const ece = /^ECE \(10 bins\) on val: (\d\.\d{4}) → (\d\.\d{4})$/m.exec(result.stdout);
    expect(ece, result.stdout).not.toBeNull();
    expect(Number(ece![2])).toBeLessThan(Number(ece![1]));
    expect(result.stdout).toMatch(
      /^threshold: \d\.\d{4} on the calibrated scale \(rule prevalence: /m,
    );
    expect(result.stdout).toMatch(
      /^ {2}on val: sensitivity \d+\.\d%, specificity \d+\.\d%, PPV (\d+\.\d%|n\/a), predicted positive \d+\.\d%$/m,
    );
    expect(result.stdout).toContain(`wrote ${file} (sha256 `);

    // A second read verifies against the bundle's fingerprint and gives the same content.
    const read = readBundleCalibration(bundle, fingerprint())!;
    const { calibration } = read;
    expect(calibration.bundleFingerprint).toBe(fingerprint());
    expect(calibration.task).toBe('E1');
    expect(calibration.map.method).toBe('platt');
    expect(calibration.fittedOn).toMatchObject({ cohortName: 'demo', split: 'val', stays: val });
    expect(calibration.fittedOn.cohortContentHash).toBe(
      demo.store.cohortContentHash(demo.cohortId),
    );
    expect(calibration.ece.calibrated).toBeLessThan(calibration.ece.raw);
    expect(calibration.command).toBe(
      `toe calibrate --bundle ${bundle} --cohort demo --method platt --threshold-rule prevalence`,
    );
    // prevalence: no more predicted positives than events.
    const { threshold } = calibration;
    expect(threshold.rule).toEqual({ kind: 'prevalence' });
    expect(threshold.stays).toBe(val);
    expect(Math.round(threshold.predictedPositiveRate * threshold.stays)).toBeLessThanOrEqual(
      threshold.events,
    );
    expect(read.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.stdout).toContain(`(sha256 ${read.sha256.slice(0, 12)}…)`);
    expect(readFileSync(file, 'utf8').endsWith('}\n')).toBe(true);
  });

  it('never overwrites calibration.json without --force; with --force keeps the old one', () => {
    const before = readFileSync(file, 'utf8');
    const refused = toe('calibrate', '--bundle', bundle, '--cohort', 'demo');
    expect(refused.status).toBe(3);
    expect(refused.stderr).toContain(file);
    expect(refused.stderr).toContain('never overwrites one unless told --force');
    expect(readFileSync(file, 'utf8')).toBe(before);

    const forced = toe('calibrate', '--bundle', bundle, '--cohort', 'demo', '--force');
    expect(forced.status, forced.stderr).toBe(0);
    const kept = readdirSync(bundle).filter((f) => /^calibration\.previous-.+\.json$/.test(f));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(bundle, kept[0]!), 'utf8')).toBe(before);
    expect(forced.stdout).toContain(
      `kept the calibration it replaced as ${join(bundle, kept[0]!)}`,
    );
    expect(readBundleCalibration(bundle, fingerprint())).not.toBeNull();
  });

  it('refuses an edited calibration.json by name when an audit starts, and lists it as refused', () => {
    const text = readFileSync(file, 'utf8');
    const edited = JSON.parse(text) as BundleCalibration;
    const signed = edited.threshold.value;
    edited.threshold.value = 0.05;
    writeFileSync(file, `${JSON.stringify(edited, null, 2)}\n`);
    try {
      const audit = toe('audit', '--cohort', 'demo', '--task', 'E1', '--bundle', bundle);
      expect(audit.status).toBe(3);
      expect(audit.stderr).toContain(
        `calibration.json in bundle ${bundle} was changed after \`toe calibrate\` wrote it: threshold.value is 0.05, toe calibrate wrote it with ${signed}; run toe calibrate again`,
      );
      const listed = toe('models', 'list', '--dir', join(bundle, '..'));
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.stdout).toMatch(/E1 .* 12\/13 verified — REFUSED/);
      expect(listed.stdout).toContain('threshold.value is 0.05');
    } finally {
      writeFileSync(file, text);
    }
    const listed = toe('models', 'list', '--dir', join(bundle, '..'));
    expect(listed.stdout).toMatch(/E1 .* 13\/13 verified/);
    expect(listed.stdout).not.toContain('REFUSED');
  });

  it('refuses a threshold whose recorded figures break its rule, even without a signature', () => {
    const text = readFileSync(file, 'utf8');
    const signature = readFileSync(join(bundle, CALIBRATION_SIGNATURE_FILE), 'utf8');
    const edited = JSON.parse(text) as BundleCalibration;
    // 124 predicted positive against the recorded events: not the prevalence rule.
    edited.threshold.predictedPositiveRate = Math.min(
      1,
      (edited.threshold.events + 5) / edited.threshold.stays,
    );
    writeFileSync(file, `${JSON.stringify(edited, null, 2)}\n`);
    rmSync(join(bundle, CALIBRATION_SIGNATURE_FILE));
    try {
      const audit = toe('audit', '--cohort', 'demo', '--task', 'E1', '--bundle', bundle);
      expect(audit.status).toBe(3);
      expect(audit.stderr).toContain(`${file} says its threshold`);
      expect(audit.stderr).toContain(
        `${edited.threshold.events + 5} predicted positive against ${edited.threshold.events} events on validation`,
      );
    } finally {
      writeFileSync(file, text);
      writeFileSync(join(bundle, CALIBRATION_SIGNATURE_FILE), signature);
    }
    expect(readBundleCalibration(bundle, fingerprint())).not.toBeNull();
  });

  it(`refuses a val split with fewer than ${MIN_CALIBRATION_EVENTS} events unless --force`, async () => {
    await createDemoCohort(
      demo.store,
      { name: 'oneevent', stays: 120, seed: 5, spurious: false },
      {},
    );
    const id = demo.store.resolveCohort('oneevent');
    const val = demo.store.stayIds(id, 'val');
    expect(val.length).toBeGreaterThan(2);
    demo.store.db
      .prepare(
        "UPDATE outcomes SET label = 0 WHERE task = 'E1' AND stay_id IN (SELECT id FROM stays WHERE cohort_id = ? AND split = 'val')",
      )
      .run(id);
    demo.store.db
      .prepare("UPDATE outcomes SET label = 1 WHERE task = 'E1' AND stay_id = ?")
      .run(val[0]);
    const other = copyShippedBundle();
    const refused = toe('calibrate', '--bundle', other, '--cohort', 'oneevent');
    expect(refused.status).toBe(3);
    expect(refused.stderr).toContain(
      `the validation split of cohort oneevent has 1 E1 event; at least ${MIN_CALIBRATION_EVENTS} are needed to fit a calibration (`,
    );
    expect(refused.stderr).toContain('pass --force to fit anyway');
    expect(existsSync(join(other, CALIBRATION_FILE))).toBe(false);
    const forced = toe('calibrate', '--bundle', other, '--cohort', 'oneevent', '--force');
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/val split: \d+ stays, 1 E1 events/);
    expect(existsSync(join(other, CALIBRATION_FILE))).toBe(true);
  });

  it('--json --dry-run with another method and rule: the rule is met, nothing is written', () => {
    const before = readFileSync(file);
    const result = toe(
      'calibrate',
      '--bundle',
      bundle,
      '--cohort',
      'demo',
      '--method',
      'isotonic',
      '--threshold-rule',
      'sensitivity:0.8',
      '--dry-run',
      '--json',
    );
    expect(result.status, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as CalibrateJson;
    expect(json.file).toBeNull();
    expect(json.executionProvider).toBe('cpu');
    expect(json.calibration.map.method).toBe('isotonic');
    expect(json.calibration.threshold.rule).toEqual({ kind: 'sensitivity', atLeast: 0.8 });
    expect(json.calibration.threshold.sensitivity).toBeGreaterThanOrEqual(0.8);
    expect(json.calibration.ece.calibrated).toBeLessThan(json.calibration.ece.raw);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('refuses a calibration file whose fingerprint was tampered with, naming the file', () => {
    const text = readFileSync(file, 'utf8');
    const tampered = JSON.parse(text) as BundleCalibration;
    tampered.bundleFingerprint = `${tampered.bundleFingerprint.slice(0, 63)}${tampered.bundleFingerprint.endsWith('0') ? '1' : '0'}`;
    writeFileSync(file, `${JSON.stringify(tampered, null, 2)}\n`);
    const signatureFile = join(bundle, CALIBRATION_SIGNATURE_FILE);
    const signature = readFileSync(signatureFile, 'utf8');
    try {
      // Signed, the edit itself is caught; unsigned (an older file), the fingerprint still is.
      expect(() => readBundleCalibration(bundle, fingerprint())).toThrow('bundleFingerprint is "');
      rmSync(signatureFile);
      const attempt = () => readBundleCalibration(bundle, fingerprint());
      expect(attempt).toThrow(BundleError);
      expect(attempt).toThrow(`${file} belongs to another bundle`);
      expect(attempt).toThrow(`toe calibrate --bundle ${bundle} --cohort demo`);
    } finally {
      writeFileSync(file, text);
      writeFileSync(signatureFile, signature);
    }
    expect(readBundleCalibration(bundle, fingerprint())).not.toBeNull();
  });

  it('meets a PPV rule and refuses a malformed rule (exit 2)', () => {
    const args = ['calibrate', '--bundle', bundle, '--cohort', 'demo', '--dry-run', '--json'];
    const ppv = toe(...args, '--threshold-rule', 'ppv:0.5');
    expect(ppv.status, ppv.stderr).toBe(0);
    const { threshold } = (JSON.parse(ppv.stdout) as CalibrateJson).calibration;
    expect(threshold.rule).toEqual({ kind: 'ppv', atLeast: 0.5 });
    expect(threshold.ppv).toBeGreaterThanOrEqual(0.5);
    const bad = toe(
      'calibrate',
      '--bundle',
      bundle,
      '--cohort',
      'demo',
      '--threshold-rule',
      'median',
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(
      /"median" is not a threshold rule; expected one of prevalence, youden/,
    );
  });

  it('refuses a cohort without a val split (exit 3), writing nothing', async () => {
    await createDemoCohort(demo.store, { name: 'noval', stays: 40, seed: 3, spurious: false }, {});
    const id = demo.store.resolveCohort('noval');
    demo.store.db
      .prepare("UPDATE stays SET split = 'train' WHERE cohort_id = ? AND split = 'val'")
      .run(id);
    const other = copyShippedBundle();
    const result = toe('calibrate', '--bundle', other, '--cohort', 'noval');
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/cohort "noval": it has no validation split/);
    expect(existsSync(join(other, CALIBRATION_FILE))).toBe(false);
  });

  it('refuses a bundle folder that does not exist (exit 3) and a cohort that does not (exit 4)', () => {
    expect(toe('calibrate', '--bundle', join(demo.dir, 'nowhere'), '--cohort', 'demo').status).toBe(
      3,
    );
    expect(toe('calibrate', '--bundle', bundle, '--cohort', 'nope').status).toBe(4);
  });

  it('toe train leaves the new bundle calibrated, saying so in one line', (ctx) => {
    const problem = checkTrainingPython(trainingPython());
    if (problem) return ctx.skip(problem);
    const out = join(mkdtempSync(join(demo.dir, 'trained-')), 'E1');
    const result = toe('train', '--cohort', 'demo', '--task', 'E1', '--quick', '--out', out);
    expect(result.status, result.stderr).toBe(0);
    const line = result.stdout
      .split('\n')
      .filter((l) => l.startsWith('calibrated on the val split'));
    expect(line).toHaveLength(1);
    expect(line[0]).toMatch(
      /Platt scaling .* ECE \d\.\d{4} → \d\.\d{4}; threshold \d\.\d{4} \(prevalence\); /,
    );
    expect(line[0]!.endsWith(join(out, CALIBRATION_FILE))).toBe(true);
    const read = readBundleCalibration(out, bundleFingerprint(bundleHashes(readManifest(out))));
    expect(read?.calibration.command).toBe(
      `toe calibrate --bundle ${out} --cohort demo --method platt --threshold-rule prevalence`,
    );
  }, 300_000);

  it('toe train refuses to overwrite a shipped bundle unless told to (exit 5)', (ctx) => {
    const problem = checkTrainingPython(trainingPython());
    if (problem) return ctx.skip(problem);
    const before = readManifest(SHIPPED_E1).createdAt;
    const result = toe('train', '--cohort', 'demo', '--task', 'E1', '--quick');
    expect(result.status).toBe(5);
    expect(result.stderr).toMatch(/holds a shipped bundle\. Pass --out DIR .* --replace-shipped/);
    expect(readManifest(SHIPPED_E1).createdAt).toBe(before);
  });
});
