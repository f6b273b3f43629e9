import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relinkFigures } from '../src/main/core/evaluation/markdown/markdown-format';
const [from, name] = process.argv.slice(2) as [string, string];
const report = readFileSync(`${from}/report.md`, 'utf8');
const lines = relinkFigures(report, `${name}/`).split('\n');
const note = `> A copy of \`report.md\` from the output folder of the command below, unedited except that figure links point at \`${name}/\`. Regenerate it with that command (see [README.md](README.md)).`;
lines.splice(1, 0, '', note);
writeFileSync(`docs/results/${name}.md`, lines.join('\n'));
for (const f of readdirSync(from)) if (f.endsWith('.png')) copyFileSync(`${from}/${f}`, `docs/results/${name}/${f}`);
