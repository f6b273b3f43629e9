// The top frames of a V8 CPU profile (node --cpu-prof) by self time, grouped by function
// and file: node --import tsx bench/profile-summary.ts FILE.cpuprofile [TOP]
// onnxruntime's native runs show up as the anonymous frame of onnxruntime-node's backend.js.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [TOP]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfTime = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  total += delta;
  const frame = byId.get(id)!.callFrame;
  const where = frame.url.split('/').slice(-2).join('/');
  const key = `${frame.functionName || '(anonymous)'}  ${where}`;
  selfTime.set(key, (selfTime.get(key) ?? 0) + delta);
});
const top = [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 20));
console.log(`total ${(total / 1e6).toFixed(2)} s sampled`);
for (const [key, us] of top) {
  console.log(
    `${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`,
  );
}
