import { z } from 'zod';

/**
 * The search's parameters with method.md's defaults. A zod schema because runs store them
 * and the API accepts them from users: both must name what is out of range.
 */
export const searchParamsSchema = z
  .object({
    beamWidth: z.number().int().min(1).max(256).default(8),
    maxSteps: z.number().int().min(1).max(64).default(10),
    topTimeWindows: z.number().int().min(0).max(1000).default(24),
    topNoteChunks: z.number().int().min(0).max(1000).default(20),
    lambda: z.number().min(0).max(100).default(1.0),
    mu: z.number().min(0).max(10).default(0.05),
    tauConf: z.number().gt(0).lt(1).default(0.9),
    tauSuff: z.number().gt(0).max(1).default(0.9),
    threshold: z.number().gt(0).lt(1).default(0.5),
    stability: z.enum(['probability', 'logit']).default('probability'),
  })
  .strict();

export type SearchParams = z.output<typeof searchParamsSchema>;

export const DEFAULT_SEARCH_PARAMS: SearchParams = searchParamsSchema.parse({});

/** Dynamic stopping (audit) or exactly k steps (evaluation at budget k). */
export type SearchMode = { kind: 'dynamic' } | { kind: 'fixed'; budget: number };
