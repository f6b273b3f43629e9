import type { Command } from 'commander';
import { createDemoCohort } from '../../core/import/demo';
import type { CliContext } from '../cli-context';
import { terminalProgress } from '../progress-bar';
import { formatCohortLine, formatImportReport } from '../report-text';

export const DEMO_COHORT = { name: 'demo', stays: 2000, seed: 7, spurious: false } as const;

/** The main job: the demo cohort (built if absent), shown. Later issues add the audit and PDF. */
export function registerDemoCommand(program: Command, context: CliContext): void {
  program
    .command('demo')
    .description('the main job on the SYNTHETIC demo cohort: build it if absent and show it')
    .action(async () => {
      const store = context.openStore();
      const started = performance.now();
      let cohortId = store.findCohortId(DEMO_COHORT.name);
      if (cohortId === null) {
        const bar = terminalProgress(context.json);
        try {
          const report = await createDemoCohort(store, DEMO_COHORT, { progress: bar.sink });
          bar.stop();
          if (!context.json) context.print(formatImportReport(report));
        } finally {
          bar.stop();
        }
        cohortId = store.resolveCohort(DEMO_COHORT.name);
      }
      const cohort = store.getCohort(cohortId);
      if (context.json) {
        context.printJson({
          cohort,
          seconds: (performance.now() - started) / 1000,
          db: context.dbPath,
        });
        return;
      }
      context.print(formatCohortLine(cohort));
      context.print(`store: ${context.dbPath}`);
      context.print(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    });
}
