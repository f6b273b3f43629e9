// The command line recorded with an evaluation: every setting spelled out, and paths a
// shell would split quoted, so it can be pasted into a terminal as it stands.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGETS } from '../../../src/shared/evaluation-settings';
import { evaluationCommandLine } from '../../../src/shared/evaluation-command';
import { portablePath } from '../../../src/main/core/paths/portable-path';

const base = {
  db: '/data/toe.sqlite',
  cohort: 'demo',
  task: 'E1',
  split: 'test',
  seed: 7,
  spurious: false,
  k: DEFAULT_BUDGETS,
  methods: ['toe', 'topk'],
  resamples: 1000,
  limeSamples: 5000,
};

describe('evaluationCommandLine', () => {
  it('spells out every setting in a fixed order', () => {
    expect(evaluationCommandLine({ ...base, limit: 12 })).toBe(
      'toe --db /data/toe.sqlite evaluate --cohort demo --task E1 --split test --seed 7 --k 1,3,5,8,10,12,16,20,24 --methods toe,topk --limit 12 --resamples 1000 --lime-samples 5000',
    );
  });

  it('quotes what a shell would split or expand, and a quote inside a quoted word', () => {
    const line = evaluationCommandLine({
      ...base,
      db: "/home/a b/QI team's store.sqlite",
      bundle: '/opt/ToE Audit/resources/models/E1',
    });
    expect(line).toContain(`--db '/home/a b/QI team'\\''s store.sqlite' evaluate`);
    expect(line).toContain(`--bundle '/opt/ToE Audit/resources/models/E1' --split`);
  });
});

describe('portablePath', () => {
  it('writes a path below the working folder relative to it, and leaves others as they are', () => {
    expect(portablePath('/repo/docs/x.sqlite', '/repo')).toBe('docs/x.sqlite');
    expect(portablePath('resources/models/E1', '/repo')).toBe('resources/models/E1');
    expect(portablePath('/elsewhere/x.sqlite', '/repo')).toBe('/elsewhere/x.sqlite');
    expect(portablePath('/repo', '/repo')).toBe('/repo');
  });
});
