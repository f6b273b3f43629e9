/**
 * The search's parameters as a person sets them: method.md's default and a one-line
 * explanation of each, for the start form and the CLI's help alike. The defaults are
 * defined here (the core's searchParamsSchema reads them); the allowed ranges are the
 * schema's, which names any value out of range when a run starts.
 */
import type { SearchParams } from './audit';

export const SEARCH_PARAM_DEFAULTS: Readonly<SearchParams> = {
  beamWidth: 8,
  maxSteps: 10,
  topTimeWindows: 24,
  topNoteChunks: 20,
  lambda: 1.0,
  mu: 0.05,
  tauConf: 0.9,
  tauSuff: 0.9,
  threshold: 0.5,
  stability: 'probability',
};

export type NumericSearchParam = Exclude<keyof SearchParams, 'stability'>;

export interface SearchParamField {
  key: NumericSearchParam;
  /** The method's symbol, as method.md and the paper write it. */
  symbol: string;
  label: string;
  /** Whole numbers only (counts), else a decimal. */
  integer: boolean;
  explanation: string;
}

/** In the order method.md lists them; the decision threshold last (it defines ŷ_full). */
export const SEARCH_PARAM_FIELDS: readonly SearchParamField[] = [
  {
    key: 'beamWidth',
    symbol: 'B',
    label: 'Beam width',
    integer: true,
    explanation: 'Evidence sets kept after each step; a wider beam searches more, and slower.',
  },
  {
    key: 'maxSteps',
    symbol: 'S_max',
    label: 'Maximum steps',
    integer: true,
    explanation:
      'Evidence units a search may add before it stops without having explained the decision.',
  },
  {
    key: 'topTimeWindows',
    symbol: 'N_ts',
    label: 'Candidate windows',
    integer: true,
    explanation: 'Only the hourly windows the model’s selector ranks highest can be chosen.',
  },
  {
    key: 'topNoteChunks',
    symbol: 'N_note',
    label: 'Candidate note chunks',
    integer: true,
    explanation: 'Only the report chunks the model’s selector ranks highest can be chosen.',
  },
  {
    key: 'lambda',
    symbol: 'λ',
    label: 'Stability weight',
    integer: false,
    explanation: 'How much an evidence set is rewarded for reproducing the model’s probability.',
  },
  {
    key: 'mu',
    symbol: 'μ',
    label: 'Cost per unit',
    integer: false,
    explanation: 'Penalty for each evidence unit: a larger cost prefers smaller sets.',
  },
  {
    key: 'tauConf',
    symbol: 'τ_conf',
    label: 'Confidence to converge',
    integer: false,
    explanation:
      'A search has explained the decision once its best set reproduces it this confidently…',
  },
  {
    key: 'tauSuff',
    symbol: 'τ_suff',
    label: 'Stability to converge',
    integer: false,
    explanation: '…and reproduces the model’s probability this closely.',
  },
  {
    key: 'threshold',
    symbol: 't',
    label: 'Decision threshold',
    integer: false,
    explanation:
      'The model alerts when its risk is at least this. Empty: the bundle’s own threshold.',
  },
];

export const STABILITY_SPACES: readonly { value: SearchParams['stability']; label: string }[] = [
  { value: 'probability', label: 'on the probability scale (the method’s default)' },
  { value: 'logit', label: 'on the log-odds scale (finer near 0 and 1)' },
];
