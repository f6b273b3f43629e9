// npm run phi-figures: writes src/shared/phi-level-figures.json, what each level of the PHI
// guard finds and refuses on the evaluation sets no rule was drawn from, with exact intervals.
// The import form and `toe import --help` say it; a test recomputes it, so rerun this after
// any change to the guard's rules or lists.
import { writeFileSync } from 'node:fs';
import { format } from 'prettier';
import { phiLevelFigures } from '../test/fixtures/phi-eval/score';

const OUT = new URL('../src/shared/phi-level-figures.json', import.meta.url);
writeFileSync(OUT, await format(JSON.stringify(phiLevelFigures()), { parser: 'json' }));
console.log(`Wrote ${OUT.pathname}`);
