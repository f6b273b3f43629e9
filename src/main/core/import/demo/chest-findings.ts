import { isVentilated, severityAt, type PatientState } from './patient-state';
import { clamp, type Random } from './random';

/**
 * What a chest radiograph at a given hour shows, as a radiologist would read it: driven by
 * the hidden state but read imperfectly (mild findings missed, normal films hedged), so the
 * report text tracks the state without spelling out the label.
 */
export type Side = 'left' | 'right' | 'bilateral';
/** How sure the reader sounds: 'definite' is stated, 'possible' is hedged. */
export type Certainty = 'definite' | 'possible';

export interface ChestFindings {
  /** 0 none, 1 vascular congestion, 2 moderate interstitial edema, 3 severe alveolar edema. */
  edema: 0 | 1 | 2 | 3;
  consolidation: { side: Side; certainty: Certainty; lobe: string } | null;
  effusion: { side: Side; size: 'small' | 'moderate' | 'large'; certainty: Certainty } | null;
  atelectasis: Side | null;
  pneumothorax: { side: 'left' | 'right'; size: 'small' | 'moderate' } | null;
  cardiomegaly: 'mild' | 'moderate' | null;
  /** Metastatic disease visible on film. */
  lesion: 'nodules' | 'mass' | null;
  ribFractures: 'left' | 'right' | null;
  devices: {
    ett: boolean;
    enteric: boolean;
    centralLine: 'right internal jugular' | 'left internal jugular' | 'right subclavian' | null;
    swan: boolean;
    chestTube: boolean;
  };
}

/** Per-stay reading constants, so repeat films of one patient describe the same anatomy. */
export interface ChestAnatomy {
  pneumoniaSide: Side;
  pneumoniaLobe: string;
  effusionSide: Side;
  lineSite: 'right internal jugular' | 'left internal jugular' | 'right subclavian';
  lesionKind: 'nodules' | 'mass';
  atelectasisProne: boolean;
  pneumothoraxSide: 'left' | 'right' | null;
  ribFractureSide: 'left' | 'right' | null;
  cardiomegaly: 'mild' | 'moderate' | null;
  lungMetastases: boolean;
  swan: boolean;
}

const LOBES: Record<Side, string[]> = {
  left: ['left lower lobe', 'lingula', 'left upper lobe', 'left base'],
  right: ['right lower lobe', 'right middle lobe', 'right upper lobe', 'right base'],
  bilateral: ['both lower lobes', 'bilateral lower lobes', 'multifocal'],
};

export function drawChestAnatomy(state: PatientState, rng: Random): ChestAnatomy {
  const pneumoniaSide = rng.weighted<Side>([
    ['right', 45],
    ['left', 30],
    ['bilateral', 25],
  ]);
  const cardiacHistory = state.comorbid.chf || state.reason === 'cardiac';
  return {
    pneumoniaSide,
    pneumoniaLobe: rng.pick(LOBES[pneumoniaSide]),
    effusionSide: rng.weighted<Side>([
      ['bilateral', 45],
      ['right', 35],
      ['left', 20],
    ]),
    lineSite: rng.weighted([
      ['right internal jugular', 65],
      ['left internal jugular', 15],
      ['right subclavian', 20],
    ] as const),
    lesionKind: state.cancerSite === 'lung' ? 'mass' : rng.chance(0.3) ? 'mass' : 'nodules',
    atelectasisProne: rng.chance(state.reason === 'post_op' || state.ventilation ? 0.55 : 0.25),
    pneumothoraxSide:
      state.reason === 'trauma'
        ? rng.chance(0.18)
          ? rng.pick(['left', 'right'] as const)
          : null
        : state.centralLine && rng.chance(0.015)
          ? 'right'
          : null,
    ribFractureSide:
      state.reason === 'trauma' && rng.chance(0.35) ? rng.pick(['left', 'right'] as const) : null,
    cardiomegaly: cardiacHistory
      ? rng.chance(0.7)
        ? rng.pick(['mild', 'moderate'] as const)
        : null
      : rng.chance(0.08)
        ? 'mild'
        : null,
    lungMetastases:
      state.malignancy === 'metastatic' && (state.cancerSite === 'lung' || rng.chance(0.45)),
    swan: state.reason === 'cardiac' && state.centralLine && rng.chance(0.35),
  };
}

export function readChestFilm(
  state: PatientState,
  anatomy: ChestAnatomy,
  hour: number,
  rng: Random,
): ChestFindings {
  const h = clamp(Math.floor(hour), 0, 23);
  const cardiac = severityAt(state.organs.cardiac, h);
  const renal = severityAt(state.organs.renal, h);
  const resp = severityAt(state.organs.respiratory, h);
  const infection = severityAt(state.organs.infection, h);
  const fluid =
    0.8 * cardiac +
    0.25 * renal +
    0.2 * resp +
    (state.comorbid.chf ? 0.12 : 0) +
    rng.normal(0, 0.12);
  const edema = fluid > 0.72 ? 3 : fluid > 0.48 ? 2 : fluid > 0.3 ? 1 : 0;

  const pulmonaryInfection = state.infectionSource === 'pulmonary' ? infection : 0;
  const consolidationSignal = 0.7 * pulmonaryInfection + 0.35 * resp + rng.normal(0, 0.12);
  let consolidation: ChestFindings['consolidation'] = null;
  if (consolidationSignal > 0.42)
    consolidation = {
      side: anatomy.pneumoniaSide,
      certainty: 'definite',
      lobe: anatomy.pneumoniaLobe,
    };
  else if (consolidationSignal > 0.26 || rng.chance(0.06))
    consolidation = {
      side: anatomy.pneumoniaSide,
      certainty: 'possible',
      lobe: anatomy.pneumoniaLobe,
    };

  const effusionSignal =
    0.5 * cardiac +
    0.2 * infection +
    0.15 * renal +
    (state.malignancy === 'metastatic' ? 0.25 : 0) +
    rng.normal(0, 0.12);
  const effusion: ChestFindings['effusion'] =
    effusionSignal > 0.3
      ? {
          side: anatomy.effusionSide,
          size: effusionSignal > 0.65 ? 'large' : effusionSignal > 0.45 ? 'moderate' : 'small',
          certainty: effusionSignal > 0.36 ? 'definite' : 'possible',
        }
      : null;

  const ventilated = isVentilated(state, h);
  const lineIn = state.centralLine && (hour > 1 || rng.chance(0.6));
  return {
    edema,
    consolidation,
    effusion,
    atelectasis:
      anatomy.atelectasisProne || rng.chance(0.1)
        ? rng.weighted<Side>([
            ['bilateral', 60],
            ['left', 25],
            ['right', 15],
          ])
        : null,
    pneumothorax: anatomy.pneumothoraxSide
      ? { side: anatomy.pneumothoraxSide, size: rng.chance(0.7) ? 'small' : 'moderate' }
      : null,
    cardiomegaly: anatomy.cardiomegaly,
    lesion: anatomy.lungMetastases && rng.chance(0.85) ? anatomy.lesionKind : null,
    ribFractures: anatomy.ribFractureSide,
    devices: {
      ett: ventilated,
      enteric: ventilated && rng.chance(0.8),
      centralLine: lineIn ? anatomy.lineSite : null,
      swan: lineIn && anatomy.swan,
      chestTube: anatomy.pneumothoraxSide !== null && hour > 2,
    },
  };
}

export function hasDevices(findings: ChestFindings): boolean {
  const d = findings.devices;
  return d.ett || d.enteric || d.centralLine !== null || d.swan || d.chestTube;
}
