import { drawChestAnatomy, readChestFilm, type ChestFindings } from './chest-findings';
import { writeChestReport } from './chest-report';
import { CT_EXAMINATIONS, writeCtReport, type CtStudy } from './cross-sectional-reports';
import { presentingProblem, writeIndication } from './indication';
import { isVentilated, type PatientState } from './patient-state';
import type { Random } from './random';

/**
 * The radiology reports charted inside a stay's window, in time order, in MIMIC-IV-Note's
 * layout (EXAMINATION / INDICATION / TECHNIQUE / COMPARISON / FINDINGS / IMPRESSION, with
 * "___" where de-identification removed something). Some stays have none: no film was
 * needed, or it was taken before the ICU.
 */
export interface RadiologyReport {
  /** Hours after t0. */
  time: number;
  text: string;
}

export interface StayRadiology {
  reports: RadiologyReport[];
  /** CheXpert labels of the last chest radiograph in the window, if any. */
  lastChestLabels: Uint8Array | null;
  /** The chest anatomy, kept so a study before the window reads the same patient. */
  readChestBeforeWindow: () => Uint8Array;
}

type Order = { time: number; study: 'radiograph' } | { time: number; study: CtStudy };

function noImagingChance(state: PatientState): number {
  if (state.ventilation !== null && state.ventilation.from < 24) return 0.04;
  if (state.limitedCare) return 0.3;
  if (state.reason === 'overdose' || state.reason === 'dka') return 0.35;
  return 0.2;
}

/** Head CTs: most strokes and bleeds get a follow-up scan, a few others for altered mentation. */
function headCtChance(state: PatientState): number {
  if (state.reason === 'stroke' || state.reason === 'intracranial_hemorrhage') return 0.65;
  if (state.reason === 'trauma') return 0.5;
  if (state.reason === 'overdose' || state.organs.neuro.start > 0.4) return 0.3;
  return 0.02;
}

function orders(state: PatientState, morning: number, rng: Random): Order[] {
  if (rng.chance(noImagingChance(state))) return [];
  const list: Order[] = [];
  const vent = state.ventilation;
  const ctOnly = rng.chance(0.08);
  if (!ctOnly) {
    list.push({
      time: vent && vent.from > 0 ? vent.from + rng.between(0.3, 1.5) : rng.between(0, 4),
      study: 'radiograph',
    });
    const first = list[0]!.time;
    const more = isVentilated(state, 12) ? rng.int(0, 2) : rng.chance(0.35) ? 1 : 0;
    for (let i = 0; i < more; i++) {
      // Follow-up films: the early-morning round first, otherwise some hours after the last.
      const time =
        i === 0 && morning < 24 && morning - first > 3 ? morning : rng.between(first + 3, 23.9);
      if (time < 24) list.push({ time, study: 'radiograph' });
    }
  }
  const headChance = headCtChance(state);
  if (rng.chance(ctOnly ? Math.max(headChance, 0.5) : headChance))
    list.push({ time: rng.between(0, 20), study: 'head' });
  const abdomenChance =
    (state.infectionSource === 'abdominal' && state.organs.infection.start > 0.3 ? 0.5 : 0) +
    (state.reason === 'gi_bleed' ? 0.25 : 0) +
    (state.reason === 'trauma' ? 0.3 : 0) +
    (state.malignancy === 'metastatic' ? 0.15 : 0) +
    0.03;
  if (rng.chance(abdomenChance)) list.push({ time: rng.between(0, 20), study: 'abdomen' });
  if (
    rng.chance(
      state.reason === 'respiratory' ? 0.15 : state.malignancy === 'metastatic' ? 0.1 : 0.02,
    )
  )
    list.push({ time: rng.between(0, 20), study: 'chest' });
  return list.sort((a, b) => a.time - b.time);
}

function technique(rng: Random): string {
  return rng.pick([
    'Portable AP chest radiograph.',
    'Portable semi-upright AP view of the chest.',
    'Single frontal view of the chest.',
    'AP portable supine chest.',
  ]);
}

function chestQuestion(findings: ChestFindings, state: PatientState, rng: Random): string {
  const options = [
    'Evaluate for pneumonia.',
    'Evaluate for interval change.',
    '?pulmonary edema',
    'Please assess for acute cardiopulmonary process.',
  ];
  if (findings.devices.ett)
    options.push('Assess ETT placement.', 'Please evaluate endotracheal tube position.');
  if (findings.devices.centralLine) options.push('Please assess line placement.');
  if (state.reason === 'cardiac') options.push('Evaluate for fluid overload.');
  return rng.pick(options);
}

export function writeRadiology(state: PatientState, clockAtT0: number, rng: Random): StayRadiology {
  const anatomy = drawChestAnatomy(state, rng);
  const problem = presentingProblem(state, rng);
  const morning = ((((5 - clockAtT0) % 24) + 24) % 24) + rng.between(0, 1.5);
  const reports: RadiologyReport[] = [];
  let prior: ChestFindings | null = null;
  let lastChestLabels: Uint8Array | null = null;
  const sections = (
    examination: string,
    indication: string,
    tech: string | null,
    comparison: string,
    findings: string,
    impression: string,
  ) =>
    [
      `EXAMINATION:  ${examination}`,
      `INDICATION:  ${indication}`,
      ...(tech ? [`TECHNIQUE:  ${tech}`] : []),
      `COMPARISON:  ${comparison}`,
      `FINDINGS: \n\n${findings}`,
      `IMPRESSION: \n\n${impression}`,
    ].join('\n\n');

  for (const order of orders(state, morning, rng)) {
    const hour = Math.min(order.time, 23.9);
    if (order.study === 'radiograph') {
      const findings = readChestFilm(state, anatomy, hour, rng);
      const written = writeChestReport(findings, prior, rng);
      const comparison = prior
        ? rng.pick(['Chest radiograph from earlier the same day.', 'Prior study from ___.', '___'])
        : rng.pick(['None.', '___', 'Chest radiograph from ___.']);
      const indication = writeIndication(
        state,
        problem,
        hour,
        chestQuestion(findings, state, rng),
        rng,
      );
      reports.push({
        time: hour,
        text: sections(
          'CHEST (PORTABLE AP)',
          indication,
          rng.chance(0.8) ? technique(rng) : null,
          comparison,
          written.findings,
          written.impression,
        ),
      });
      prior = findings;
      lastChestLabels = written.labels;
    } else {
      const ct = writeCtReport(order.study, state, Math.floor(hour), rng);
      const question =
        order.study === 'head'
          ? rng.pick(['Evaluate for hemorrhage.', 'Evaluate for acute intracranial process.'])
          : rng.pick(['Evaluate for source of infection.', 'Evaluate for acute process.']);
      const tech = rng.chance(0.7)
        ? 'Axial images were acquired through the region of interest. Coronal and sagittal reformats were reviewed.'
        : null;
      reports.push({
        time: hour,
        text: sections(
          CT_EXAMINATIONS[order.study],
          writeIndication(state, problem, hour, question, rng),
          tech,
          rng.pick(['None.', '___']),
          ct.findings,
          ct.impression,
        ),
      });
    }
  }
  return {
    reports: reports.sort((a, b) => a.time - b.time),
    lastChestLabels,
    readChestBeforeWindow: () =>
      writeChestReport(readChestFilm(state, anatomy, 0, rng), null, rng).labels,
  };
}
