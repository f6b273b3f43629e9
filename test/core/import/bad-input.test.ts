// Issue 14, item 5: input that used to be dropped or misplaced. Every case is one clear
// InputError naming the file, line and field, and the store is left exactly as it was.
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COHORT_NAME_MAX } from '../../../src/main/core/import/cohort-name';
import { createDemoCohort } from '../../../src/main/core/import/demo';
import { importGeneric } from '../../../src/main/core/import/generic';
import { InputError } from '../../../src/main/core/errors/input-error';
import { importMimicIv } from '../../../src/main/core/import/mimic-iv';
import { Store } from '../../../src/main/core/store';
import { copyFixture } from '../../support/fixture-copy';
import { storeFingerprint } from '../../support/temp-store';
import { demoCopy, demoTable, MIMIC_IV_DEMO } from '../../support/mimic-demo';
import { plainTempDir } from '../../support/plain-temp-dir';

const CLINICAL = resolve(__dirname, '../../fixtures/generic-minimal');
const asRoot = process.getuid?.() === 0;

let root = '';
let store: Store;
beforeAll(async () => {
  root = plainTempDir('toe-bad-input-');
  store = new Store(join(root, 'store.sqlite'));
  await importGeneric(store, CLINICAL, { name: 'existing' });
});
afterAll(() => {
  store.close();
  rmSync(root, { recursive: true, force: true });
});

/** Runs an import that must fail; checks the store is exactly as before and returns the error. */
async function refused(work: () => Promise<unknown>): Promise<InputError> {
  const before = storeFingerprint(store);
  const error = await work().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputError);
  expect(storeFingerprint(store)).toEqual(before);
  return error as InputError;
}

function expectAt(
  error: InputError,
  where: { file: string; line: number | null; field: string | null },
  problem: RegExp,
): void {
  expect({ file: error.file, line: error.line, field: error.field }).toEqual(where);
  expect(error.problem).toMatch(problem);
}

const generic =
  (dir: string, name = 'attempt') =>
  () =>
    importGeneric(store, dir, { name });

function clinicalCopy(): string {
  return copyFixture(CLINICAL, root);
}

describe('generic import: files that are there but cannot be read are refused, not skipped', () => {
  it('refuses a dangling notes.csv symlink', async () => {
    const dir = clinicalCopy();
    unlinkSync(join(dir, 'notes.csv'));
    symlinkSync(join(dir, 'gone.csv'), join(dir, 'notes.csv'));
    const error = await refused(generic(dir));
    expectAt(
      error,
      { file: 'notes.csv', line: null, field: null },
      /symbolic link to .*gone\.csv.*does not exist/,
    );
  });

  it('refuses a looping attributes.csv symlink', async () => {
    const dir = clinicalCopy();
    unlinkSync(join(dir, 'attributes.csv'));
    symlinkSync(join(dir, 'attributes.csv'), join(dir, 'attributes.csv'));
    const error = await refused(generic(dir));
    expectAt(
      error,
      { file: 'attributes.csv', line: null, field: null },
      /leads back to itself \(a loop\)/,
    );
  });

  it('refuses a context.csv that is a folder', async () => {
    const dir = clinicalCopy();
    unlinkSync(join(dir, 'context.csv'));
    mkdirSync(join(dir, 'context.csv'));
    const error = await refused(generic(dir));
    expectAt(error, { file: 'context.csv', line: null, field: null }, /a folder, not a file/);
  });

  it.skipIf(asRoot)('refuses an unreadable notes.csv', async () => {
    const dir = clinicalCopy();
    chmodSync(join(dir, 'notes.csv'), 0o000);
    const error = await refused(generic(dir));
    expectAt(
      error,
      { file: 'notes.csv', line: null, field: null },
      /cannot be read \(permission denied\)/,
    );
  });
});

describe('generic import: bad bytes and lines are named where they are', () => {
  it('refuses invalid UTF-8 in a note, naming its line and field', async () => {
    const dir = clinicalCopy();
    const path = join(dir, 'notes.csv');
    const lines = readFileSync(path, 'utf8').split('\n');
    const body = Buffer.concat([
      Buffer.from(`${lines.slice(0, 2).join('\n')}\ns1,2180-03-01 11:00:00,"Caf`),
      Buffer.from([0xe9]), // Latin-1 é: not UTF-8
      Buffer.from(` report."\n${lines.slice(2).join('\n')}`),
    ]);
    writeFileSync(path, body);
    const error = await refused(generic(dir));
    expectAt(error, { file: 'notes.csv', line: 3, field: 'text' }, /not valid UTF-8 \(byte 0xE9\)/);
  });

  it('names the line where an unclosed quote opened, not the end of the file', async () => {
    const dir = clinicalCopy();
    const header = 'stay_id,charttime,text';
    const rest = Array.from({ length: 5000 }, (_, i) => `s2,2180-03-02 13:00:00,plain note ${i}`);
    writeFileSync(
      join(dir, 'notes.csv'),
      [header, 's1,2180-03-01 10:00:00,"never closed', ...rest].join('\n'),
    );
    const error = await refused(generic(dir));
    expectAt(
      error,
      { file: 'notes.csv', line: 2, field: 'text' },
      /quote that opens this field is never closed/,
    );
  });

  it('names the line of a mixed line ending', async () => {
    const dir = clinicalCopy();
    const path = join(dir, 'measurements.csv');
    const lines = readFileSync(path, 'utf8').split('\n');
    lines[4] = `${lines[4]}\r`; // line 5 ends with \r\n, the others with \n
    writeFileSync(path, lines.join('\n'));
    const error = await refused(generic(dir));
    expectAt(
      error,
      { file: 'measurements.csv', line: 5, field: null },
      /ends with \\r\\n \(CRLF\).*\\n \(LF\): mixed line endings/,
    );
  });

  it('reports a corrupt gzip as not valid gzip, not as a CSV problem', async () => {
    const dir = clinicalCopy();
    const path = join(dir, 'measurements.csv');
    const body = readFileSync(path, 'utf8');
    const rows = body.trimEnd().split('\n');
    const many = [
      rows[0],
      ...Array.from({ length: 400 }, (_, i) => rows[1 + (i % (rows.length - 1))]),
    ];
    const zipped = gzipSync(`${many.join('\n')}\n`);
    for (let i = Math.floor(zipped.length / 2); i < Math.floor(zipped.length / 2) + 16; i++) {
      zipped[i] = zipped[i]! ^ 0x5a;
    }
    unlinkSync(path);
    writeFileSync(`${path}.gz`, zipped);
    const error = await refused(generic(dir));
    expectAt(error, { file: 'measurements.csv.gz', line: null, field: null }, /^not valid gzip \(/);
  });

  it('cuts a huge echoed value to a short excerpt', async () => {
    const dir = clinicalCopy();
    const huge = 'x'.repeat(2_000_000);
    const path = join(dir, 'measurements.csv');
    writeFileSync(path, `${readFileSync(path, 'utf8')}${huge},2180-03-01 08:10:00,heart_rate,80\n`);
    const error = await refused(generic(dir));
    expect(error.field).toBe('stay_id');
    expect(error.message.length).toBeLessThan(300);
    expect(error.problem).toMatch(/^unknown stay "x{60}…" \(2,000,000 characters\)/);
  });

  it('refuses a row longer than any format has, without reading it into a message', async () => {
    const dir = clinicalCopy();
    const path = join(dir, 'stays.csv');
    const lines = readFileSync(path, 'utf8').split('\n');
    lines.splice(2, 0, `${'y'.repeat(17 * 2 ** 20)},p9,2180-03-01 08:00:00,train,1`);
    writeFileSync(path, lines.join('\n'));
    const error = await refused(generic(dir));
    expectAt(
      error,
      { file: 'stays.csv', line: 3, field: null },
      /longer than 16 million characters/,
    );
    expect(error.message.length).toBeLessThan(300);
  });
});

describe('generic import: numbers the store cannot hold', () => {
  it('drops and counts 1e300 for an unbounded variable, like any out-of-range value', async () => {
    const dir = clinicalCopy();
    writeFileSync(
      join(dir, 'variables.csv'),
      'name,unit\nheart_rate,bpm\nsbp,mmHg\nlactate,mmol/L\n',
    );
    const path = join(dir, 'measurements.csv');
    writeFileSync(path, `${readFileSync(path, 'utf8')}s2,2180-03-02 13:00:00,lactate,1e300\n`);
    const report = await importGeneric(store, dir, { name: 'huge-values' });
    try {
      const lactate = report.coverage.find((v) => v.variable === 'lactate')!;
      expect(lactate.droppedImplausible).toBe(1);
      expect(report.notes.join(' ')).toMatch(/1 value beyond ±3\.4e\+38.*dropped as out of range/);
      const id = store.resolveCohort('huge-values');
      for (const stay of store.loadStays(store.stayIds(id))) {
        expect(stay.series.every((v) => Number.isNaN(v) || Number.isFinite(v))).toBe(true);
      }
    } finally {
      store.deleteCohort(store.resolveCohort('huge-values'));
    }
  });

  it('refuses an ECG value the store cannot hold', async () => {
    const dir = clinicalCopy();
    const path = join(dir, 'context.csv');
    const line = readFileSync(path, 'utf8').trimEnd().split('\n').length + 1;
    writeFileSync(
      path,
      `${readFileSync(path, 'utf8').trimEnd()}\ns1,ecg,2180-03-01 08:30:00,qtc,-1e300\n`,
    );
    const error = await refused(generic(dir));
    expectAt(
      error,
      { file: 'context.csv', line, field: 'value' },
      /beyond what the store holds for an ECG value/,
    );
  });
});

describe('cohort names: one rule for every importer and the API', () => {
  const long = 'n'.repeat(20_000);

  it('refuses a name longer than 100 characters or empty, in every importer', async () => {
    for (const name of [long, '', '   ']) {
      const error = await refused(generic(CLINICAL, name));
      expect(error.file).toBe('cohort name');
      expect(error.message.length).toBeLessThan(300);
      const mimic = await refused(() => importMimicIv(store, MIMIC_IV_DEMO, { name }));
      expect(mimic.problem).toBe(error.problem);
      const demo = await refused(() =>
        createDemoCohort(store, { name, stays: 10, seed: 1, spurious: false }, {}),
      );
      expect(demo.problem).toBe(error.problem);
    }
    const error = await refused(generic(CLINICAL, long));
    expect(error.problem).toMatch(
      new RegExp(
        `at most ${COHORT_NAME_MAX} characters; "n{40}…" \\(20,000 characters\\) has 20,000`,
      ),
    );
  });

  it('accepts exactly 100 characters, trimmed', async () => {
    const name = 'a'.repeat(COHORT_NAME_MAX);
    await importGeneric(store, CLINICAL, { name: `  ${name} ` });
    store.deleteCohort(store.resolveCohort(name));
  });

  it('applies the same rule to a folder name used as the cohort name', async () => {
    const dir = join(plainTempDir('long-', root), 'f'.repeat(120));
    mkdirSync(dir);
    for (const file of readdirSync(CLINICAL)) {
      writeFileSync(join(dir, file), readFileSync(join(CLINICAL, file)));
    }
    const manifest = JSON.parse(readFileSync(join(dir, 'cohort.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    delete manifest.name;
    writeFileSync(join(dir, 'cohort.json'), JSON.stringify(manifest));
    const error = await refused(() => importGeneric(store, dir, {}));
    expect(error.problem).toMatch(/at most 100 characters/);
  });
});

describe('MIMIC-IV import: the same cases', () => {
  const mimic = (dir: string) => () => importMimicIv(store, dir, {});

  it('refuses a dangling note/radiology link instead of importing without notes', async () => {
    const dir = demoCopy(root, 'mimic-dangling', {});
    mkdirSync(join(dir, 'note'));
    symlinkSync(join(dir, 'note', 'nowhere.csv.gz'), join(dir, 'note', 'radiology.csv.gz'));
    const error = await refused(mimic(dir));
    expectAt(
      error,
      { file: 'note/radiology.csv.gz', line: null, field: null },
      /symbolic link to .*does not exist/,
    );
  });

  it('refuses invalid UTF-8, naming file, line and field', async () => {
    const lines = demoTable('hosp/patients.csv.gz').toString('utf8').split('\n');
    const header = lines[0]!.split(',');
    const fields = lines[3]!.split(',');
    fields[header.indexOf('gender')] = '\u0000';
    const text = [...lines.slice(0, 3), fields.join(','), ...lines.slice(4)].join('\n');
    const bytes = Buffer.from(text, 'utf8');
    bytes[bytes.indexOf(0)] = 0xc3; // a lead byte followed by a comma: invalid
    const dir = demoCopy(root, 'mimic-utf8', { 'hosp/patients.csv.gz': gzipSync(bytes) });
    const error = await refused(mimic(dir));
    expectAt(
      error,
      { file: 'patients.csv.gz', line: 4, field: 'gender' },
      /not valid UTF-8 \(byte 0xC3\)/,
    );
  });

  it('names the line of a mixed line ending', async () => {
    const lines = demoTable('icu/icustays.csv.gz').toString('utf8').split('\n');
    lines[6] = `${lines[6]}\r`;
    const dir = demoCopy(root, 'mimic-crlf', { 'icu/icustays.csv.gz': gzipSync(lines.join('\n')) });
    const error = await refused(mimic(dir));
    expectAt(error, { file: 'icustays.csv.gz', line: 7, field: null }, /mixed line endings/);
  });

  it('reports a corrupt gzip as not valid gzip', async () => {
    const zipped = Buffer.from(readFileSync(join(MIMIC_IV_DEMO, 'hosp/admissions.csv.gz')));
    const middle = Math.floor(zipped.length / 2);
    for (let i = middle; i < middle + 32; i++) zipped[i] = zipped[i]! ^ 0xa5;
    const dir = demoCopy(root, 'mimic-corrupt-gzip', { 'hosp/admissions.csv.gz': zipped });
    const error = await refused(mimic(dir));
    expectAt(error, { file: 'admissions.csv.gz', line: null, field: null }, /^not valid gzip \(/);
  });
});
