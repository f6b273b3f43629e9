import { z } from 'zod';
import { SEARCH_PARAM_DEFAULTS as D } from '../../../shared/search-params';

/**
 * The search's parameters with method.md's defaults (defined in src/shared, where the start
 * form reads them too). A zod schema because runs store them and the API accepts them from
 * users: both must name what is out of range.
 */
export const searchParamsSchema = z
  .object({
    beamWidth: z.number().int().min(1).max(256).default(D.beamWidth),
    maxSteps: z.number().int().min(1).max(64).default(D.maxSteps),
    topTimeWindows: z.number().int().min(0).max(1000).default(D.topTimeWindows),
    topNoteChunks: z.number().int().min(0).max(1000).default(D.topNoteChunks),
    lambda: z.number().min(0).max(100).default(D.lambda),
    mu: z.number().min(0).max(10).default(D.mu),
    tauConf: z.number().gt(0).lt(1).default(D.tauConf),
    tauSuff: z.number().gt(0).max(1).default(D.tauSuff),
    threshold: z.number().gt(0).lt(1).default(D.threshold),
    stability: z.enum(['probability', 'logit']).default(D.stability),
  })
  .strict();

export type SearchParams = z.output<typeof searchParamsSchema>;

export const DEFAULT_SEARCH_PARAMS: SearchParams = searchParamsSchema.parse({});

/** Dynamic stopping (audit) or exactly k steps (evaluation at budget k). */
export type SearchMode = { kind: 'dynamic' } | { kind: 'fixed'; budget: number };
