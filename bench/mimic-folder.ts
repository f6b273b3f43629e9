// A MIMIC-IV-layout export of a few million chartevents rows, made from the clinical
// database demo in /work/shared/data/mimic-iv-demo (100 patients, 668,679 chartevents rows)
// by repeating it with offset ids: copy k adds k × 10^9 to every subject, admission, stay,
// specimen and lab event id, so each copy is a cohort of new patients with the demo's
// charting density. Written gzip-compressed like the real export.
import { parse } from 'csv-parse/sync';
import { once } from 'node:events';
import { copyFileSync, createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGzip, gunzipSync } from 'node:zlib';

export const MIMIC_DEMO_DIR = '/work/shared/data/mimic-iv-demo';
const OFFSET = 1_000_000_000;
const ID_COLUMNS = ['subject_id', 'hadm_id', 'stay_id', 'specimen_id', 'labevent_id'];
const TABLES = ['hosp/patients', 'hosp/admissions', 'icu/icustays', 'hosp/labevents'];

const quote = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

function gzipWriter(path: string) {
  const gzip = createGzip({ level: 1 });
  const done = once(gzip.pipe(createWriteStream(path)), 'finish');
  let buffer = '';
  return {
    async write(text: string) {
      buffer += text;
      if (buffer.length > 1 << 20) {
        if (!gzip.write(buffer)) await once(gzip, 'drain');
        buffer = '';
      }
    },
    async close() {
      gzip.end(buffer);
      await done;
    },
  };
}

/**
 * Writes the export; returns its chartevents data rows. `sameStays`: the demo's 100 patients
 * only, their chartevents repeated until there are `chartRows` rows (each hour then holds
 * more values), so that the cohort stays the same while the file grows.
 */
export async function writeMimicFolder(
  dir: string,
  chartRows: number,
  { sameStays = false }: { sameStays?: boolean } = {},
): Promise<number> {
  for (const folder of ['hosp', 'icu']) mkdirSync(join(dir, folder), { recursive: true });
  const demo = (table: string) => gunzipSync(readFileSync(join(MIMIC_DEMO_DIR, `${table}.csv.gz`)));
  const chart = demo('icu/chartevents')
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '');
  const copies = Math.max(1, Math.ceil(chartRows / (chart.length - 1)));
  const cohortCopies = sameStays ? 1 : copies;

  for (const table of TABLES) {
    const [header, ...rows] = parse(demo(table), { relax_column_count: false }) as string[][];
    const ids = header!.map((name) => ID_COLUMNS.includes(name));
    const out = gzipWriter(join(dir, `${table}.csv.gz`));
    await out.write(`${header!.join(',')}\n`);
    for (let k = 0; k < cohortCopies; k++) {
      for (const row of rows) {
        const fields = row.map((v, i) =>
          ids[i] && v !== '' ? String(Number(v) + k * OFFSET) : quote(v),
        );
        await out.write(`${fields.join(',')}\n`);
      }
    }
    await out.close();
  }
  // chartevents has numbers only and no quoted fields; its ids are the first three columns.
  const out = gzipWriter(join(dir, 'icu/chartevents.csv.gz'));
  await out.write(`${chart[0]}\n`);
  let written = 0;
  for (let k = 0; k < copies && written < chartRows; k++) {
    for (let i = 1; i < chart.length && written < chartRows; i++) {
      const line = chart[i]!;
      const [subject, hadm, stay] = line.split(',', 3);
      const rest = line.slice(subject!.length + hadm!.length + stay!.length + 3);
      const offset = sameStays ? 0 : k * OFFSET;
      const shift = (v: string) => (v === '' || offset === 0 ? v : String(Number(v) + offset));
      await out.write(`${shift(subject!)},${shift(hadm!)},${shift(stay!)},${rest}\n`);
      written++;
    }
  }
  await out.close();
  for (const table of ['icu/d_items', 'hosp/d_labitems']) {
    copyFileSync(join(MIMIC_DEMO_DIR, `${table}.csv.gz`), join(dir, `${table}.csv.gz`));
  }
  return written;
}
