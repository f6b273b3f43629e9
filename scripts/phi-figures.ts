// npm run phi-figures: writes src/shared/phi-level-figures.ts, what each level of the PHI
// guard finds and refuses on the evaluation sets no rule was drawn from, with exact intervals.
// The import form and `toe import --help` say it; a test recomputes it, so rerun this after
// any change to the guard's rules or lists.
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { phiLevelFigures } from '../test/fixtures/phi-eval/score';

const OUT = new URL('../src/shared/phi-level-figures.ts', import.meta.url);
// A module, not a JSON file: every loader the shared code runs under (vite, tsx, Playwright's)
// reads it without import attributes.
const source = `/**
 * What each level of the PHI guard found and refused on the evaluation sets never tuned on,
 * with exact 95% intervals. Written by npm run phi-figures (scripts/phi-figures.ts); do not
 * edit: a test recomputes it.
 */
export const PHI_LEVEL_FIGURES = ${JSON.stringify(phiLevelFigures())} as const;
`;
const options = await resolveConfig(OUT.pathname);
writeFileSync(OUT, await format(source, { ...options, parser: 'typescript' }));
console.log(`Wrote ${OUT.pathname}`);
