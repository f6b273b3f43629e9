// Writes stays of the store as a folder in the generic interchange format
// (docs/data-format.md), as a hospital export would look: long-format measurements (each
// hour's min, mean and max as separate charted values), one report per note chunk, CXR and
// ECG context. Only the import's throughput is measured on it, so exact round-tripping of
// the hourly statistics does not matter.
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import {
  CHEXPERT_LABELS,
  CLINICAL_VARIABLES,
  ECG_FIELDS,
  MIMIC_TASKS,
} from '../src/main/core/import/clinical-variables';
import type { Stay } from '../src/main/core/store';

const CXR_STATES = ['', 'positive', 'negative', 'uncertain'];
const HOUR_MS = 3_600_000;

const quote = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** A buffered CSV writer that respects the stream's back-pressure. */
function csvFile(path: string, header: string) {
  const out = createWriteStream(path);
  let buffer = `${header}\n`;
  let rows = 0;
  return {
    async row(line: string) {
      buffer += `${line}\n`;
      rows++;
      if (buffer.length > 1 << 16) {
        if (!out.write(buffer)) await once(out, 'drain');
        buffer = '';
      }
    },
    async close(): Promise<number> {
      out.end(buffer);
      await once(out, 'finish');
      return rows;
    },
  };
}

/** Writes the folder; returns the number of CSV data rows written. */
export async function writeGenericFolder(dir: string, stays: readonly Stay[]): Promise<number> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'cohort.json'),
    JSON.stringify({
      formatVersion: 1,
      name: 'bench-generic',
      description: 'SYNTHETIC: demo stays written out for the import benchmark.',
      hours: 24,
      tasks: MIMIC_TASKS,
      synthetic: true,
    }),
  );
  const files = {
    variables: csvFile(join(dir, 'variables.csv'), 'name,unit,plausible_min,plausible_max'),
    stays: csvFile(join(dir, 'stays.csv'), 'stay_id,subject_id,t0,split,los_hours'),
    measurements: csvFile(join(dir, 'measurements.csv'), 'stay_id,hour_offset,variable,value'),
    outcomes: csvFile(join(dir, 'outcomes.csv'), 'stay_id,task,label'),
    attributes: csvFile(join(dir, 'attributes.csv'), 'stay_id,name,value'),
    notes: csvFile(join(dir, 'notes.csv'), 'stay_id,charttime,text'),
    context: csvFile(join(dir, 'context.csv'), 'stay_id,kind,charttime,field,value'),
  };
  for (const v of CLINICAL_VARIABLES)
    await files.variables.row(`${v.name},${quote(v.unit)},${v.plausible[0]},${v.plausible[1]}`);
  const V = CLINICAL_VARIABLES.length;
  for (const stay of stays) {
    const id = stay.stayKey;
    const t0 = Date.parse(stay.t0);
    await files.stays.row(
      `${id},${stay.subjectKey},${stay.t0},${stay.split},${stay.losHours ?? ''}`,
    );
    for (let t = 0; t < 24; t++) {
      for (let v = 0; v < V; v++) {
        if (stay.missing[t * V + v] === 1) continue;
        const [mean, min, max] = [0, 1, 2].map((s) => stay.series[(t * V + v) * 3 + s]!);
        const name = CLINICAL_VARIABLES[v]!.name;
        await files.measurements.row(`${id},${t + 0.5},${name},${mean}`);
        if (min !== max) {
          await files.measurements.row(`${id},${t + 0.25},${name},${min}`);
          await files.measurements.row(`${id},${t + 0.75},${name},${max}`);
        }
      }
    }
    for (const [task, label] of Object.entries(stay.outcomes))
      await files.outcomes.row(`${id},${task},${label}`);
    for (const [name, value] of Object.entries(stay.attributes))
      await files.attributes.row(`${id},${name},${quote(value)}`);
    for (const [j, chunk] of stay.notes.entries()) {
      const time = chunk.charttime ?? new Date(t0 + (j + 1) * 60_000).toISOString();
      await files.notes.row(`${id},${time},${quote(chunk.text)}`);
    }
    const studyTime = new Date(t0 + HOUR_MS).toISOString();
    for (const [l, code] of (stay.cxr ?? []).entries()) {
      if (code === 0) continue;
      await files.context.row(`${id},cxr,${studyTime},${CHEXPERT_LABELS[l]},${CXR_STATES[code]}`);
    }
    for (const [f, value] of (stay.ecg ?? []).entries()) {
      if (Number.isFinite(value))
        await files.context.row(`${id},ecg,${studyTime},${ECG_FIELDS[f]},${value}`);
    }
  }
  let rows = 0;
  for (const file of Object.values(files)) rows += await file.close();
  return rows;
}
