/**
 * Why synthetic patients are in the ICU: a rough adult ICU case mix (weights), the typical
 * age per reason, and per reason the mean severity (0-1) of each organ system on arrival.
 * Individual severities scatter widely around these means (see patient-state.ts).
 */
export type AdmissionReason =
  | 'sepsis'
  | 'respiratory'
  | 'cardiac'
  | 'stroke'
  | 'intracranial_hemorrhage'
  | 'gi_bleed'
  | 'post_op'
  | 'trauma'
  | 'overdose'
  | 'dka';

interface ReasonProfile {
  weight: number;
  meanAge: number;
  /** Mean severity per organ, in ORGANS order: shock, respiratory, infection, renal, neuro, liver, cardiac. */
  organs: readonly [number, number, number, number, number, number, number];
}

// prettier-ignore
export const REASONS: Record<AdmissionReason, ReasonProfile> = {
  //                                                   shock resp  infec renal neuro liver cardiac
  sepsis:                  { weight: 20, meanAge: 67, organs: [0.4,  0.25, 0.65, 0.3,  0.15, 0.12, 0.05] },
  respiratory:             { weight: 13, meanAge: 66, organs: [0.1,  0.55, 0.3,  0.1,  0.08, 0,    0.1] },
  cardiac:                 { weight: 17, meanAge: 70, organs: [0.18, 0.22, 0,    0.22, 0.05, 0.07, 0.55] },
  stroke:                  { weight: 6,  meanAge: 71, organs: [0,    0.1,  0,    0,    0.45, 0,    0.08] },
  intracranial_hemorrhage: { weight: 5,  meanAge: 66, organs: [0,    0.12, 0,    0,    0.55, 0,    0] },
  gi_bleed:                { weight: 7,  meanAge: 63, organs: [0.28, 0.05, 0,    0.18, 0,    0.28, 0] },
  post_op:                 { weight: 17, meanAge: 63, organs: [0.1,  0.1,  0.04, 0.07, 0.03, 0,    0.05] },
  trauma:                  { weight: 6,  meanAge: 50, organs: [0.22, 0.18, 0,    0.06, 0.28, 0,    0] },
  overdose:                { weight: 5,  meanAge: 40, organs: [0.07, 0.28, 0,    0.08, 0.6,  0,    0] },
  dka:                     { weight: 4,  meanAge: 42, organs: [0.07, 0,    0.1,  0.32, 0.12, 0,    0] },
};

/** The case mix as weighted choices, in the table's (fixed) order. */
export const REASON_CHOICES = Object.entries(REASONS).map(
  ([reason, profile]) => [reason as AdmissionReason, profile.weight] as const,
);

export const CANCER_SITES = [
  'lung',
  'pancreatic',
  'colon',
  'breast',
  'ovarian',
  'prostate',
  'hepatocellular',
  'renal cell',
  'esophageal',
] as const;

export const HEME_SITES = ['lymphoma', 'leukemia', 'multiple myeloma'] as const;
