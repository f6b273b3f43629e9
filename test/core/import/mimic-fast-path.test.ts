/**
 * The fast path for chartevents and labevents (csv-scanner.ts) held to the exact reader
 * (csv-reader.ts): the same stored cohort and report on the demo, on a generated export and
 * on reshaped files; the same located error on malformed ones; the same values from every
 * form a number or a date-time can take.
 */
import fc from 'fast-check';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMimicFolder } from '../../../bench/mimic-folder';
import { readCsv } from '../../../src/main/core/import/csv-reader';
import { CsvRowFields, scanCsv, type CsvFields } from '../../../src/main/core/import/csv-scanner';
import { InputError } from '../../../src/main/core/errors/input-error';
import { importMimicIv } from '../../../src/main/core/import/mimic-iv';
import { CHART_ITEM_VARIABLES } from '../../../src/main/core/import/mimic-iv/measurements';
import { STATIC_CHART_ITEMS } from '../../../src/main/core/import/mimic-iv/static-inputs';
import { importOutcome, type ImportOutcome as Outcome } from '../../support/import-outcome';
import { demoCopy, demoLines, MIMIC_IV_DEMO } from '../../support/mimic-demo';
import { plainTempDir } from '../../support/plain-temp-dir';

const HAVE_DEMO = existsSync(join(MIMIC_IV_DEMO, 'icu/chartevents.csv.gz'));
const DEMO_CHART_ROWS = 668_679;
// chartevents columns, by position.
const [STAY_ID, CHARTTIME, ITEMID, VALUE, VALUENUM, VALUEUOM] = [2, 4, 6, 7, 8, 9];

let root = '';
let files = 0;
beforeAll(() => {
  root = plainTempDir('toe-fast-path-');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** An import into a fresh store: the cohort's content hash and its report, or the InputError. */
const outcome = (dir: string, exactReader: boolean): Promise<Outcome> =>
  importOutcome((store) => importMimicIv(store, dir, {}, { exactReader }));

/** The outcome of the fast path, once checked equal to the exact reader's. */
async function sameOutcome(dir: string): Promise<Outcome> {
  const fast = await outcome(dir, false);
  expect(fast).toEqual(await outcome(dir, true));
  return fast;
}

const hashOf = (o: Outcome): string => ('hash' in o ? o.hash : `error: ${o.error.message}`);

async function scanAll(path: string, columns: readonly string[]) {
  return scanCsv(path, columns, () => undefined, { bytesRead: 0 });
}

const CHART_COLUMNS = ['stay_id', 'charttime', 'itemid', 'valuenum'];

describe.skipIf(!HAVE_DEMO)('MIMIC-IV fast path: the same cohort as the exact reader', () => {
  let chart: string[] = [];
  let demoHash = '';
  beforeAll(async () => {
    chart = demoLines('icu/chartevents.csv.gz');
    demoHash = hashOf(await outcome(MIMIC_IV_DEMO, true));
  });

  it('on the clinical database demo, whose tables it reads whole', async () => {
    expect(hashOf(await sameOutcome(MIMIC_IV_DEMO))).toBe(demoHash);
    const chartScan = await scanAll(join(MIMIC_IV_DEMO, 'icu/chartevents.csv.gz'), CHART_COLUMNS);
    expect(chartScan).toEqual({ rows: DEMO_CHART_ROWS, complete: true });
    // labevents quotes its comments, commas and all.
    const lab = await scanAll(join(MIMIC_IV_DEMO, 'hosp/labevents.csv.gz'), [
      'subject_id',
      'valuenum',
    ]);
    expect(lab).toEqual({ rows: demoLines('hosp/labevents.csv.gz').length - 1, complete: true });
  });

  it("on a generated export (bench/mimic-folder.ts: the demo twice, the copy's ids offset)", async () => {
    const dir = join(root, 'generated');
    const rows = await writeMimicFolder(dir, 700_000);
    expect(rows).toBe(700_000);
    const generated = await sameOutcome(dir);
    expect('report' in generated && generated.report).toMatchObject({
      rowsRead: { 'icu/chartevents.csv.gz': 700_000 },
    });
  });

  /**
   * The demo's chartevents with the same values written otherwise: quoted text with commas,
   * doubled quotes and line breaks; quoted ids and numbers; spaces, an exponent, a "T" in
   * the time (read by the exact reader's own parsers); CRLF, a byte-order mark, an empty
   * line inside and at the end.
   */
  function reshaped(): string {
    const lines = chart.map((line, i) => {
      if (i === 0) return line;
      const f = line.split(',');
      if (i % 7 === 0) f[VALUE] = i % 2 === 0 ? '"a, ""b""\r\nc,\nd\re"' : '"x,""y"""';
      if (i % 11 === 0) {
        f[ITEMID] = `"${f[ITEMID]}"`;
        if (f[VALUENUM] !== '') f[VALUENUM] = `"${f[VALUENUM]}"`;
      } else if (i % 13 === 0) {
        f[STAY_ID] = ` ${f[STAY_ID]} `;
        f[CHARTTIME] = f[CHARTTIME]!.replace(' ', 'T');
        if (f[VALUENUM] !== '') f[VALUENUM] = `${f[VALUENUM]}E+0`;
      }
      return f.join(',') + (i === 1000 ? '\r\n' : '');
    });
    return `\ufeff${lines.join('\r\n')}\r\n\r\n`;
  }

  it('on quoted text, CRLF, a byte-order mark and an empty last line, plain and gzip', async () => {
    const text = reshaped();
    for (const [name, file, content] of [
      ['reshaped-plain', 'icu/chartevents.csv', text],
      ['reshaped-gzip', 'icu/chartevents.csv.gz', gzipSync(text)],
    ] as const) {
      const dir = demoCopy(root, name, { [file]: content });
      expect(hashOf(await sameOutcome(dir))).toBe(demoHash);
      // The fast path read all of it: it gave way nowhere.
      const scan = await scanAll(join(dir, file), CHART_COLUMNS);
      expect(scan).toEqual({ rows: DEMO_CHART_ROWS, complete: true });
    }
  });

  it('where it gives way on a valid row, the exact reader reads on from there: rows counted once', async () => {
    // Over 16 MiB of bytes (the fast path's bound on a row), under 16 Mi characters (the
    // exact reader's): valid, and left to the exact reader.
    const lines = [...chart];
    const f = lines[1000]!.split(',');
    f[VALUE] = `"${'€'.repeat(5_700_000)}"`;
    lines[1000] = f.join(',');
    const dir = demoCopy(root, 'long-row', { 'icu/chartevents.csv': `${lines.join('\n')}\n` });
    const scan = await scanAll(join(dir, 'icu/chartevents.csv'), CHART_COLUMNS);
    expect(scan).toEqual({ rows: 999, complete: false });
    const read = await sameOutcome(dir);
    expect(hashOf(read)).toBe(demoHash);
    expect('report' in read && read.report).toMatchObject({
      rowsRead: { 'icu/chartevents.csv': DEMO_CHART_ROWS },
    });
  });
});

describe.skipIf(!HAVE_DEMO)(
  'MIMIC-IV fast path: the same located error as the exact reader',
  () => {
    /** The demo's first chartevents rows: enough to hold rows the import uses. */
    let lines: string[] = [];
    /** 1-based line of a heart rate inside an included stay's window. */
    let used = 0;
    beforeAll(() => {
      lines = demoLines('icu/chartevents.csv.gz').slice(0, 8000);
      const stays = demoLines('icu/icustays.csv.gz').map((l) => l.split(','));
      const ms = (t: string) => Date.parse(`${t.replace(' ', 'T')}Z`);
      const at = (name: string) => stays[0]!.indexOf(name);
      const intime = new Map(
        stays
          .slice(1)
          .filter((s) => Number(s[at('los')]) >= 2)
          .map((s) => [s[at('stay_id')]!, ms(s[at('intime')]!)]),
      );
      used =
        lines.findIndex((line) => {
          const f = line.split(',');
          const t0 = intime.get(f[STAY_ID]!);
          const t = ms(f[CHARTTIME]!);
          return f[ITEMID] === '220045' && t0 !== undefined && t >= t0 && t < t0 + 86_400_000;
        }) + 1;
      expect(used).toBeGreaterThan(1000);
    });

    function withField(line: number, column: number, value: string): string[] {
      const copy = [...lines];
      const f = copy[line - 1]!.split(',');
      f[column] = value;
      copy[line - 1] = f.join(',');
      return copy;
    }
    const joined = (l: string[]) => `${l.join('\n')}\n`;

    interface Case {
      name: string;
      content: () => string | Buffer;
      /** 'used': the line of the heart rate the import uses. */
      line: number | null | 'used';
      field: string | null;
      message: RegExp;
    }
    const cases: Case[] = [
      {
        name: 'an itemid that is not a number',
        content: () => joined(withField(100, ITEMID, '1e400')),
        line: 100,
        field: 'itemid',
        message: /"1e400" is not a number/,
      },
      {
        name: 'an empty stay_id',
        content: () => joined(withField(200, STAY_ID, '')),
        line: 200,
        field: 'stay_id',
        message: /a number is required here, the field is empty/,
      },
      {
        name: 'a charttime that is no date on a used row',
        content: () => joined(withField(used, CHARTTIME, '2180-02-30 10:00:00')),
        line: 'used',
        field: 'charttime',
        message: /"2180-02-30 10:00:00" is not a date-time/,
      },
      {
        name: 'a valuenum that is not a number on a used row',
        content: () => joined(withField(used, VALUENUM, '"1,5"')),
        line: 'used',
        field: 'valuenum',
        message: /"1,5" is not a number/,
      },
      {
        name: 'an unclosed quote',
        content: () => joined(withField(300, VALUE, '"abc')),
        line: 300,
        field: 'value',
        message: /the quote that opens this field is never closed/,
      },
      {
        name: 'a quote inside an unquoted field',
        content: () => joined(withField(310, VALUE, 'ab"c')),
        line: 310,
        field: 'value',
        message: /a quote \("\) inside a field that does not start with one/,
      },
      {
        name: 'text after a closing quote',
        content: () => joined(withField(320, VALUE, '"ab"c')),
        line: 320,
        field: 'value',
        message: /text \("c,100,bpm,"\) follows the closing quote of this field/,
      },
      {
        name: 'a mixed line ending',
        content: () => joined(lines.map((l, i) => (i === 399 ? `${l}\r` : l))),
        line: 400,
        field: null,
        message: /mixed line endings/,
      },
      {
        name: 'a lone carriage return',
        content: () => `${lines.slice(0, 410).join('\n')}\r${lines.slice(410).join('\n')}\n`,
        line: 410,
        field: null,
        message: /a carriage return \(\\r\) not followed by a line feed/,
      },
      {
        name: 'a row with a field missing',
        content: () =>
          joined(lines.map((l, i) => (i === 499 ? l.slice(0, l.lastIndexOf(',')) : l))),
        line: 500,
        field: null,
        message: /a different number of fields than the header \(10, the header has 11\)/,
      },
      {
        name: 'a row with a field too many',
        content: () => joined(lines.map((l, i) => (i === 509 ? `${l},x` : l))),
        line: 510,
        field: null,
        // The exact reader words it by whether the row is in the first chunk it decodes.
        message:
          /a different number of fields than the header \((12, the header has|more than) 11\)/,
      },
      {
        name: 'invalid UTF-8 in a column not read',
        content: () => {
          const [head, tail] = joined(withField(600, VALUEUOM, '\u0000')).split('\u0000');
          return Buffer.concat([Buffer.from(head!), Buffer.from([0xff]), Buffer.from(tail!)]);
        },
        line: 600,
        field: 'valueuom',
        message: /not valid UTF-8 \(byte 0xFF\)/,
      },
      {
        name: 'a header without valuenum',
        content: () => joined([lines[0]!.replace('valuenum', 'value_num'), ...lines.slice(1)]),
        line: 1,
        field: 'valuenum',
        message: /missing column "valuenum"/,
      },
      {
        name: 'an empty file',
        content: () => '\n\n',
        line: null,
        field: null,
        message: /the file is empty/,
      },
    ];

    for (const format of ['csv', 'csv.gz'] as const) {
      for (const c of cases) {
        it(`${c.name} (.${format})`, async () => {
          const text = c.content();
          const file = `icu/chartevents.${format}`;
          const dir = demoCopy(root, `error-${++files}`, {
            [file]: format === 'csv' ? text : gzipSync(text),
          });
          const read = await sameOutcome(dir);
          expect(read).toEqual({
            error: expect.objectContaining({
              file: `chartevents.${format}`,
              line: c.line === 'used' ? used : c.line,
              field: c.field,
              message: expect.stringMatching(c.message),
            }),
          });
        });
      }
    }

    it('a bad charttime or valuenum on a row the import does not use is no error on either path', async () => {
      // A row of an item no variable reads: its time and value are never parsed.
      const line =
        lines.findIndex((l, i) => {
          const item = Number(l.split(',')[ITEMID]);
          return i > 0 && !CHART_ITEM_VARIABLES.has(item) && !STATIC_CHART_ITEMS.has(item);
        }) + 1;
      const changed = withField(line, CHARTTIME, 'someday');
      changed[line - 1] = changed[line - 1]!.split(',').with(VALUENUM, 'n/a').join(',');
      const dir = demoCopy(root, 'unused-bad-time', { 'icu/chartevents.csv': joined(changed) });
      expect('hash' in (await sameOutcome(dir))).toBe(true);
    });

    it('a gzip file named .csv, and a truncated gzip', async () => {
      const gzip = gzipSync(joined(lines));
      const named = await sameOutcome(
        demoCopy(root, 'gzip-named-csv', { 'icu/chartevents.csv': gzip }),
      );
      expect(named).toEqual({
        error: expect.objectContaining({
          message: expect.stringMatching(/this file is gzip-compressed/),
        }),
      });
      const cut = await sameOutcome(
        demoCopy(root, 'gzip-cut', {
          'icu/chartevents.csv.gz': gzip.subarray(0, Math.floor(gzip.length / 2)),
        }),
      );
      expect(cut).toEqual({
        error: expect.objectContaining({
          file: 'chartevents.csv.gz',
          message: expect.stringMatching(/the gzip data is truncated or corrupt/),
        }),
      });
    });
  },
);

describe('csv-scanner: the values of the exact reader, from any file', () => {
  const COLUMNS = ['id', 'time', 'value'];
  const read = (row: CsvFields) => [row.number(0), row.timestamp(1), row.numberOrNull(2)];

  /** Values read by both paths, and whether each read the whole file. */
  async function bothPaths(path: string) {
    const fast: (number | null)[][] = [];
    const scan = await scanCsv(path, COLUMNS, (row) => fast.push(read(row)), { bytesRead: 0 });
    const exact: (number | null)[][] = [];
    let refused = false;
    try {
      const fields = new CsvRowFields('file', COLUMNS);
      for await (const row of readCsv(path, COLUMNS)) {
        fields.row = row;
        exact.push(read(fields));
      }
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      refused = true;
    }
    return { fast, scan, exact, refused };
  }

  const digits = (min: number, max: number) =>
    fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
  // Mostly forms the exact reader accepts, so that many files are read whole.
  const number = fc.oneof(
    { arbitrary: digits(1, 15), weight: 4 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('', '-', '+'), digits(0, 9), fc.constantFrom('', '.'), digits(0, 9))
        .map((parts) => parts.join('')),
      weight: 4,
    },
    { arbitrary: digits(16, 22), weight: 1 },
    { arbitrary: fc.double().map(String), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        '1e3',
        '1E+2',
        '-.5',
        '5.',
        '-0',
        '00.10',
        ' 2 ',
        '\u00a012',
        '0x1F',
        '1e400',
      ),
      weight: 1,
    },
  );
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  /** YYYY-MM-DD HH:MM:SS, as MIMIC writes times. */
  const mimicTime = fc
    .date({
      min: new Date('0000-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 19).replace('T', ' '));
  const time = fc.oneof(
    { arbitrary: mimicTime, weight: 6 },
    fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
      )
      .map(
        ([y, mo, d, h, mi, s]) =>
          `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)} ${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}`,
      ),
    fc.constantFrom(
      '2000-02-29 00:00:00',
      '1900-02-29 00:00:00',
      '2024-01-01T10:00:00',
      '2024-01-01 10:00:00.5',
      '2024-01-01 10:00:00+02:00',
      '2024-01-01',
      ' 2024-01-01 10:00:00',
      '2024-01-01 10:00',
    ),
  );
  const text = fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r', 'é', '€') });
  /** A field as a CSV writer would write it: quoted when it must be, or at random. */
  const field = (value: fc.Arbitrary<string>) =>
    fc
      .tuple(value, fc.boolean())
      .map(([v, quote]) => (quote || /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v));
  const row = fc.tuple(
    field(number),
    field(time),
    fc.oneof(field(number), fc.constant('')),
    field(text),
  );
  const file = fc.record({
    rows: fc.array(row, { maxLength: 8 }),
    crlf: fc.boolean(),
    bom: fc.boolean(),
    lastEnding: fc.boolean(),
    gzip: fc.boolean(),
    /** One character or byte put in at a random place: often a malformed file. */
    damage: fc.oneof(
      { arbitrary: fc.constant(null), weight: 3 },
      fc.tuple(fc.nat(), fc.constantFrom(',', '"', '\r', '\n', 'x', '\xff')),
    ),
  });

  it('every value the fast path reads is the exact reader’s, and it reads a file whole exactly when the exact reader does', async () => {
    await fc.assert(
      fc.asyncProperty(file, async (f) => {
        const ending = f.crlf ? '\r\n' : '\n';
        const body = [
          ['text', 'value', 'id', 'time'].join(','),
          ...f.rows.map((r) => [r[3], r[2], r[0], r[1]].join(',')),
        ];
        let bytes = Buffer.from(
          `${f.bom ? '\ufeff' : ''}${body.join(ending)}${f.lastEnding ? ending : ''}`,
        );
        if (f.damage) {
          const at = f.damage[0] % (bytes.length + 1);
          const put = f.damage[1] === '\xff' ? Buffer.from([0xff]) : Buffer.from(f.damage[1]);
          bytes = Buffer.concat([bytes.subarray(0, at), put, bytes.subarray(at)]);
        }
        const path = join(root, `${++files}.csv${f.gzip ? '.gz' : ''}`);
        writeFileSync(path, f.gzip ? gzipSync(bytes) : bytes);
        const { fast, scan, exact, refused } = await bothPaths(path);
        const both = Math.min(fast.length, exact.length);
        expect(fast.slice(0, both)).toEqual(exact.slice(0, both));
        expect(scan.complete).toBe(!refused);
        if (scan.complete) expect(fast).toEqual(exact);
      }),
      { numRuns: 300, seed: 17 },
    );
  });

  it('reads rows and quoted line breaks across chunk boundaries, plain and gzip', async () => {
    // Valid rows only, so that both paths read the whole file; long texts, so that quoted
    // line breaks and rows fall across the chunks read and inflated.
    const validRow = fc.tuple(
      field(digits(1, 15)),
      field(mimicTime),
      fc.oneof(
        field(fc.double({ noNaN: true, noDefaultInfinity: true }).map(String)),
        fc.constant(''),
      ),
      field(
        fc.string({
          unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r', 'é', '€'),
          maxLength: 300,
        }),
      ),
    );
    const rows = fc.sample(validRow, { numRuns: 40_000, seed: 4 });
    const content = `id,time,value,text\r\n${rows.map((r) => `${r.join(',')}\r\n`).join('')}`;
    for (const gzip of [false, true]) {
      const path = join(root, `chunks.csv${gzip ? '.gz' : ''}`);
      writeFileSync(path, gzip ? gzipSync(content) : content);
      const { fast, scan, exact, refused } = await bothPaths(path);
      expect(refused).toBe(false);
      expect(scan).toEqual({ rows: 40_000, complete: true });
      expect(fast).toEqual(exact);
    }
    // Two of the 1 MiB chunks read, eight of the 256 KiB chunks inflated.
    expect(Buffer.byteLength(content)).toBeGreaterThan(2 ** 21 - 10_000);
  });
});
