/**
 * The search's parameters, defined once: their ranges (checked wherever a value comes in:
 * the API, a stored run, the CLI), method.md's defaults, and a one-line explanation of each
 * for the start form and the CLI's help alike.
 */
import { z } from 'zod';

/** The ranges, without defaults: a caller's overrides must stay unset where not given. */
const searchParamRanges = {
  beamWidth: z.number().int().min(1).max(256),
  maxSteps: z.number().int().min(1).max(64),
  topTimeWindows: z.number().int().min(0).max(1000),
  topNoteChunks: z.number().int().min(0).max(1000),
  lambda: z.number().min(0).max(100),
  mu: z.number().min(0).max(10),
  tauConf: z.number().gt(0).lt(1),
  tauSuff: z.number().gt(0).max(1),
  /** Decision threshold: ŷ_full = 1 iff p_full ≥ threshold. */
  threshold: z.number().gt(0).lt(1),
  stability: z.enum(['probability', 'logit']),
};

/**
 * The search parameters a caller sets (any subset), as the API accepts them. Unset ones take
 * method.md's defaults, except the decision threshold, which comes from the bundle.
 */
export const searchParamOverridesSchema = z.object(searchParamRanges).partial().strict();

/** Every parameter, unset ones at method.md's defaults (the paper's Table 5 and §4). */
export const searchParamsSchema = z
  .object({
    beamWidth: searchParamRanges.beamWidth.default(8),
    maxSteps: searchParamRanges.maxSteps.default(10),
    topTimeWindows: searchParamRanges.topTimeWindows.default(24),
    topNoteChunks: searchParamRanges.topNoteChunks.default(20),
    lambda: searchParamRanges.lambda.default(1.0),
    mu: searchParamRanges.mu.default(0.05),
    tauConf: searchParamRanges.tauConf.default(0.9),
    tauSuff: searchParamRanges.tauSuff.default(0.9),
    threshold: searchParamRanges.threshold.default(0.5),
    stability: searchParamRanges.stability.default('probability'),
  })
  .strict();

export type SearchParams = z.output<typeof searchParamsSchema>;

export const SEARCH_PARAM_DEFAULTS: Readonly<SearchParams> = searchParamsSchema.parse({});

export type NumericSearchParam = Exclude<keyof SearchParams, 'stability'>;

interface SearchParamWords {
  key: NumericSearchParam;
  /** The method's symbol, as method.md and the paper write it. */
  symbol: string;
  label: string;
  explanation: string;
}

/** A parameter's words with its range, read from the schema (never restated). */
export interface SearchParamField extends SearchParamWords {
  /** Whole numbers only (counts), else a decimal. */
  integer: boolean;
  /** Bounds as the schema states them (inclusive or not: the schema's message says which). */
  min: number | null;
  max: number | null;
}

/** In the order method.md lists them; the decision threshold last (it defines ŷ_full). */
const SEARCH_PARAM_WORDS: readonly SearchParamWords[] = [
  {
    key: 'beamWidth',
    symbol: 'B',
    label: 'Beam width',
    explanation: 'Evidence sets kept after each step; a wider beam searches more, and slower.',
  },
  {
    key: 'maxSteps',
    symbol: 'S_max',
    label: 'Maximum steps',
    explanation:
      'Evidence units a search may add before it stops without having explained the decision.',
  },
  {
    key: 'topTimeWindows',
    symbol: 'N_ts',
    label: 'Candidate windows',
    explanation: 'Only the hourly windows the model’s selector ranks highest can be chosen.',
  },
  {
    key: 'topNoteChunks',
    symbol: 'N_note',
    label: 'Candidate note chunks',
    explanation: 'Only the report chunks the model’s selector ranks highest can be chosen.',
  },
  {
    key: 'lambda',
    symbol: 'λ',
    label: 'Stability weight',
    explanation: 'How much an evidence set is rewarded for reproducing the model’s probability.',
  },
  {
    key: 'mu',
    symbol: 'μ',
    label: 'Cost per unit',
    explanation: 'Penalty for each evidence unit: a larger cost prefers smaller sets.',
  },
  {
    key: 'tauConf',
    symbol: 'τ_conf',
    label: 'Confidence to converge',
    explanation:
      'A search has explained the decision once its best set reproduces it this confidently…',
  },
  {
    key: 'tauSuff',
    symbol: 'τ_suff',
    label: 'Stability to converge',
    explanation: '…and reproduces the model’s probability this closely.',
  },
  {
    key: 'threshold',
    symbol: 't',
    label: 'Decision threshold',
    explanation:
      'The model alerts when its risk is at least this. Empty: the bundle’s own threshold.',
  },
];

export const SEARCH_PARAM_FIELDS: readonly SearchParamField[] = SEARCH_PARAM_WORDS.map((words) => {
  const range = searchParamRanges[words.key];
  return { ...words, integer: range.isInt, min: range.minValue, max: range.maxValue };
});

export const STABILITY_SPACES: readonly { value: SearchParams['stability']; label: string }[] = [
  { value: 'probability', label: 'on the probability scale (the method’s default)' },
  { value: 'logit', label: 'on the log-odds scale (finer near 0 and 1)' },
];
