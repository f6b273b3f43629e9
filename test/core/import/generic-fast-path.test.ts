/**
 * The generic format's measurements.csv through the fast path (csv-scanner.ts) held to the
 * exact reader (csv-reader.ts): the same stored cohort and report on the fixtures, on a
 * folder generated from demo stays and on reshaped copies of it; the same located error on
 * every malformed file, whether the fast path can read the row or gives way to the reader.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGenericFolder } from '../../../bench/generic-folder';
import { scanCsv } from '../../../src/main/core/import/csv-scanner';
import { createDemoCohort } from '../../../src/main/core/import/demo';
import { importGeneric } from '../../../src/main/core/import/generic';
import { importOutcome, type ImportOutcome as Outcome } from '../../support/import-outcome';
import { tempStore } from '../../support/temp-store';

const FIXTURES = resolve(__dirname, '../../fixtures');

let root = '';
let generated = '';
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'toe-generic-fast-'));
  const { store, dispose } = tempStore();
  try {
    await createDemoCohort(store, { name: 'demo', stays: 40, seed: 3, spurious: false }, {});
    const cohortId = store.resolveCohort('demo');
    generated = join(root, 'generated');
    await writeGenericFolder(generated, store.loadStays(store.stayIds(cohortId)));
  } finally {
    dispose();
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** An import into a fresh store: the cohort's content hash and its report, or the InputError. */
const outcome = (dir: string, exactReader: boolean): Promise<Outcome> =>
  importOutcome((store) => importGeneric(store, dir, {}, { exactReader }));

/** The outcome of the fast path, once checked equal to the exact reader's. */
async function sameOutcome(dir: string): Promise<Outcome> {
  const fast = await outcome(dir, false);
  expect(fast).toEqual(await outcome(dir, true));
  return fast;
}

let copies = 0;
/** A copy of `source` with measurements.csv replaced (by `name`, e.g. a .csv.gz). */
function withMeasurements(source: string, content: string | Buffer, name = 'measurements.csv') {
  const dir = join(root, `copy-${++copies}`);
  cpSync(source, dir, { recursive: true });
  rmSync(join(dir, 'measurements.csv'));
  writeFileSync(join(dir, name), content);
  return dir;
}

const measurementLines = (dir: string) =>
  readFileSync(join(dir, 'measurements.csv'), 'utf8').trimEnd().split('\n');

describe('generic fast path: the same cohort as the exact reader', () => {
  it('reads the generated folder whole, without giving way', async () => {
    const columns = ['stay_id', 'variable', 'value', 'hour_offset'];
    const scan = await scanCsv(join(generated, 'measurements.csv'), columns, () => undefined, {
      bytesRead: 0,
    });
    expect(scan.complete).toBe(true);
    expect(scan.rows).toBe(measurementLines(generated).length - 1);
    expect(scan.rows).toBeGreaterThan(10_000);
  });

  it.each(['generic-minimal', 'generic-static'])('on the %s fixture', async (fixture) => {
    expect(await sameOutcome(join(FIXTURES, fixture))).toHaveProperty('hash');
  });

  it('on a folder generated from demo stays, and on reshaped copies of it', async () => {
    const plain = await sameOutcome(generated);
    expect(plain).toHaveProperty('hash');
    const text = readFileSync(join(generated, 'measurements.csv'), 'utf8');
    const lines = text.trimEnd().split('\n');
    const quoted = [
      lines[0],
      ...lines.slice(1).map((line) => {
        const [stay, offset, variable, value] = line.split(',');
        return `"${stay}",${offset}," ${variable} ",${value}`;
      }),
    ].join('\n');
    const reshaped = {
      gzip: withMeasurements(generated, gzipSync(text), 'measurements.csv.gz'),
      crlf: withMeasurements(generated, text.replaceAll('\n', '\r\n')),
      'no final line break': withMeasurements(generated, text.trimEnd()),
      'quoted and padded fields': withMeasurements(generated, quoted),
      'a byte-order mark': withMeasurements(generated, `\uFEFF${text}`),
      'blank lines': withMeasurements(generated, text.replaceAll('\n', '\n\n')),
    };
    for (const [shape, dir] of Object.entries(reshaped)) {
      const reshapedOutcome = await sameOutcome(dir);
      expect('hash' in reshapedOutcome && reshapedOutcome.hash, shape).toBe(
        'hash' in plain && plain.hash,
      );
    }
  });
});

describe('generic fast path: the same located error as the exact reader', () => {
  // generic-minimal's measurements.csv: stay_id,time,variable,value; line 3 is a data row.
  const minimal = join(FIXTURES, 'generic-minimal');
  const lines = measurementLines(minimal);
  const withLine = (line: number, text: string) => {
    const copy = [...lines];
    copy[line - 1] = text;
    return `${copy.join('\n')}\n`;
  };
  const cases: Record<string, string | Buffer> = {
    'an empty stay id': withLine(3, ',2180-03-01 08:50:00,heart_rate,90'),
    'an unknown stay': withLine(3, 's99,2180-03-01 08:50:00,heart_rate,90'),
    'an empty variable': withLine(3, 's1,2180-03-01 08:50:00,,90'),
    'an unknown variable': withLine(3, 's1,2180-03-01 08:50:00,pulse,90'),
    'a value that is not a number': withLine(3, 's1,2180-03-01 08:50:00,heart_rate,ninety'),
    'an empty value': withLine(3, 's1,2180-03-01 08:50:00,heart_rate,'),
    'a time that is not a date': withLine(3, 's1,2180-02-30 08:50:00,heart_rate,90'),
    'a row with a field too many': withLine(3, 's1,2180-03-01 08:50:00,heart_rate,90,1'),
    'a row with a field too few': withLine(3, 's1,2180-03-01 08:50:00,heart_rate'),
    'an unclosed quote': withLine(3, 's1,"2180-03-01 08:50:00,heart_rate,90'),
    'a quote inside a field': withLine(3, 's1,2180-03-01 08:50:00,heart"rate,90'),
    'mixed line endings': `${lines.slice(0, 3).join('\n')}\r\n${lines.slice(3).join('\n')}\n`,
    'invalid UTF-8': Buffer.concat([
      Buffer.from(`${lines.slice(0, 2).join('\n')}\n`),
      Buffer.from([0x73, 0x31, 0xff, 0x2c]),
      Buffer.from(`2180-03-01 08:50:00,heart_rate,90\n${lines.slice(3).join('\n')}\n`),
    ]),
    'both time columns': ['stay_id,time,hour_offset,variable,value', 's1,x,1,heart_rate,90'].join(
      '\n',
    ),
    'no time column': ['stay_id,variable,value', 's1,heart_rate,90'].join('\n'),
    'a missing required column': ['stay_id,time,value', 's1,2180-03-01 08:50:00,90'].join('\n'),
    'an empty file': '',
    'damaged gzip': gzipSync(lines.join('\n')).subarray(0, 60),
  };
  it.each(Object.keys(cases))('%s', async (name) => {
    const content = cases[name]!;
    const file = name === 'damaged gzip' ? 'measurements.csv.gz' : 'measurements.csv';
    const result = await sameOutcome(withMeasurements(minimal, content, file));
    expect(result).toHaveProperty('error');
  });

  it('values in forms the fast path hands to the exact parser read the same', async () => {
    const forms = withLine(3, 's1,"2180-03-01 08:50:00",heart_rate, 9e1 ');
    expect(await sameOutcome(withMeasurements(minimal, forms))).toHaveProperty('hash');
  });

  it('a header-only file reads as no measurements, both ways', async () => {
    const result = await sameOutcome(withMeasurements(minimal, `${lines[0]}\n`));
    expect(result).toHaveProperty('hash');
  });

  it('an error far into a big file is named at its line', async () => {
    const big = measurementLines(generated);
    const at = big.length - 5;
    const [stay, offset, variable] = big[at - 1]!.split(',');
    const broken = [...big];
    broken[at - 1] = `${stay},${offset},${variable},n/a`;
    const result = await sameOutcome(withMeasurements(generated, `${broken.join('\n')}\n`));
    expect(result).toMatchObject({
      error: { file: 'measurements.csv', line: at, field: 'value' },
    });
  });
});
