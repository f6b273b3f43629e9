// ToE on the demo test stays, nothing else: what to run under the CPU profiler.
//   node --cpu-prof --cpu-prof-dir=/tmp/toe-prof --import tsx bench/profile-toe.ts [plain]
//   node --import tsx bench/profile-summary.ts /tmp/toe-prof/<file>.cpuprofile
import { treeOfEvidenceSearch } from '../src/main/core/search';
import { BenchFixtures } from './fixtures';

const forwardPass = process.argv[2] === 'plain' ? 'plain' : 'incremental';
const fixtures = new BenchFixtures({
  stays: 200,
  auditStays: 1,
  mimicRows: 1,
  scalingStays: 1,
  gcStays: 1,
  openStays: 1,
  scaleStays: 1,
  evaluateStays: 1,
  bigMimicRows: 1,
  leaderPathStays: 1,
});
try {
  const { runtime, tensors } = await fixtures.demoTestStays();
  const started = performance.now();
  for (const inputs of tensors) {
    await treeOfEvidenceSearch(runtime.modelFor(inputs), undefined, undefined, { forwardPass });
  }
  const ms = (performance.now() - started) / tensors.length;
  console.log(`${forwardPass}: ${ms.toFixed(2)} ms per stay over ${tensors.length} stays`);
} finally {
  await fixtures.dispose();
}
