// npm run phi-eval [-- [--held-out | --sealed | --final | --set FILE] [--level strict] [--show-misses] [--show-alarms]]
// Precision and recall of the PHI guard per kind on the labelled synthetic evaluation set
// (test/fixtures/phi-eval), overall span recall, and the share of clean notes it would refuse.
// --held-out scores held-out.json, written independently of the guard's rules (the rules
// were then improved on it); --sealed scores sealed.json and --final final.json, written
// blind to the rules and never tuned on: the honest figures for text the guard has not seen.
// --set FILE scores another set of that folder (unseen-a.json, unseen-b.json: issue 28's).
// --level strict scores the guard's stricter level (docs/phi-guard.md).
import { PHI_LEVELS, type PhiLevel } from '../src/shared/domain';
import { detectPhi } from '../src/main/core/phi/detect';
import { loadEvalSet, scorePhiEval } from '../test/fixtures/phi-eval/score';

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const level = (option('--level') ?? 'default') as PhiLevel;
if (!PHI_LEVELS.includes(level)) throw new Error(`--level: one of ${PHI_LEVELS.join(', ')}`);
const chosen = option('--set')
  ? option('--set')!
  : process.argv.includes('--final')
    ? 'final.json'
    : process.argv.includes('--sealed')
      ? 'sealed.json'
      : process.argv.includes('--held-out')
        ? 'held-out.json'
        : 'eval-set.json';
const set = loadEvalSet(chosen);
const score = scorePhiEval(set, level);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

console.log(
  `${set.identified.length} identified snippets, ${score.spans} labelled spans; ${score.cleanNotes} clean notes\n`,
);
console.log(
  `${'kind'.padEnd(16)}${'spans'.padStart(7)}${'recall'.padStart(9)}${'findings'.padStart(10)}${'precision'.padStart(11)}`,
);
for (const k of score.perKind) {
  console.log(
    `${k.kind.padEnd(16)}${String(k.labelled).padStart(7)}${pct(k.recall).padStart(9)}${String(k.findings).padStart(10)}${pct(k.precision).padStart(11)}`,
  );
}
console.log(
  `\nspan recall (any kind): ${pct(score.spanRecall)} (${score.spansFound} of ${score.spans}); same kind: ${pct(score.spanRecallSameKind)}`,
);
console.log(
  `findings overlapping a labelled span (precision): ${pct(score.precision)} of ${score.findings}`,
);
console.log(
  `clean notes refused: ${pct(score.cleanRefusedRate)} (${score.cleanRefused} of ${score.cleanNotes})`,
);
console.log(
  `clean notes' words a redaction replaces: ${pct(score.cleanWordsRedacted / score.cleanWords)} (${score.cleanWordsRedacted} of ${score.cleanWords})`,
);
if (process.argv.includes('--show-alarms'))
  for (const alarm of score.falseAlarms) console.log(`  false alarm: ${alarm}`);

if (process.argv.includes('--show-misses')) {
  for (const { text, spans } of set.identified) {
    const findings = detectPhi(text, level);
    for (const label of spans) {
      const overlapping = findings.filter((f) => f.start < label.end && label.start < f.end);
      if (overlapping.some((f) => f.kind === label.kind)) continue;
      // Found as another kind counts for span recall, not for the kind's own recall.
      const foundAs = overlapping.length > 0 ? ` (found as ${overlapping[0]!.kind})` : '';
      console.log(
        `  missed ${label.kind}${foundAs}: "${text.slice(label.start, label.end)}" in: ${text}`,
      );
    }
  }
}
