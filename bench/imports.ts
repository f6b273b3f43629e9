// Import throughput: generating the demo cohort, importing a generic-format folder (the
// demo's stays written out as CSV) and importing a MIMIC-IV-layout export with a few million
// chartevents rows. Each import goes into a fresh store; preparing its input is not timed.
import { join } from 'node:path';
import { createDemoCohort } from '../src/main/core/import/demo';
import { importGeneric } from '../src/main/core/import/generic';
import { importMimicIv } from '../src/main/core/import/mimic-iv';
import { Store } from '../src/main/core/store';
import type { BenchFixtures } from './fixtures';
import { writeGenericFolder } from './generic-folder';
import { sum, timed, type BenchmarkResult } from './measure';
import { writeMimicFolder } from './mimic-folder';

const DEMO_STAYS = 5000;
const GENERIC_STAYS = 2000;

export async function importsBenchmark(fixtures: BenchFixtures) {
  const results: BenchmarkResult[] = [];
  const details: Record<string, unknown> = {};
  const fresh = (name: string) => new Store(join(fixtures.dir, `${name}.sqlite`));

  const demoStore = fresh('import-demo');
  const demo = await timed(() =>
    createDemoCohort(demoStore, { name: 'demo', stays: DEMO_STAYS, seed: 7, spurious: false }, {}),
  );
  const demoRows = sum(Object.values(demo.value.rowsRead));
  results.push(
    {
      name: 'demo generation',
      value: DEMO_STAYS / (demo.ms / 1000),
      unit: `stays/s (${DEMO_STAYS})`,
    },
    { name: 'demo generation: values', value: demoRows / (demo.ms / 1000), unit: 'rows/s' },
  );
  details.demo = { stays: DEMO_STAYS, seconds: demo.ms / 1000, rowsRead: demo.value.rowsRead };

  const folder = join(fixtures.dir, 'generic');
  const ids = demoStore.stayIds(demoStore.resolveCohort('demo')).slice(0, GENERIC_STAYS);
  const written = await writeGenericFolder(folder, demoStore.loadStays(ids));
  demoStore.close();
  const genericStore = fresh('import-generic');
  const generic = await timed(() => importGeneric(genericStore, folder, {}));
  genericStore.close();
  const genericRows = sum(Object.values(generic.value.rowsRead));
  results.push(
    {
      name: 'generic import',
      value: ids.length / (generic.ms / 1000),
      unit: `stays/s (${ids.length})`,
    },
    {
      name: 'generic import: rows',
      value: genericRows / (generic.ms / 1000),
      unit: `rows/s (${genericRows} rows)`,
    },
  );
  details.generic = {
    stays: ids.length,
    rowsWritten: written,
    seconds: generic.ms / 1000,
    rowsRead: generic.value.rowsRead,
  };

  const mimicDir = join(fixtures.dir, 'mimic');
  const chartRows = await writeMimicFolder(mimicDir, fixtures.options.mimicRows);
  const mimicStore = fresh('import-mimic');
  const mimic = await timed(() => importMimicIv(mimicStore, mimicDir, {}));
  mimicStore.close();
  const mimicRows = sum(Object.values(mimic.value.rowsRead));
  results.push(
    {
      name: 'MIMIC-IV import: chartevents',
      value: chartRows / (mimic.ms / 1000),
      unit: `rows/s (${chartRows} rows)`,
    },
    {
      name: 'MIMIC-IV import: all rows',
      value: mimicRows / (mimic.ms / 1000),
      unit: `rows/s (${mimicRows} rows)`,
    },
    {
      name: 'MIMIC-IV import: stays',
      value: mimic.value.staysIncluded / (mimic.ms / 1000),
      unit: `stays/s (${mimic.value.staysIncluded})`,
    },
  );
  details.mimic = {
    chartRows,
    seconds: mimic.ms / 1000,
    staysIncluded: mimic.value.staysIncluded,
    rowsRead: mimic.value.rowsRead,
  };
  return { results, details };
}
