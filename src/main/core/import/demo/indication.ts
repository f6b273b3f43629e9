import { severityAt, type PatientState } from './patient-state';
import type { Random } from './random';

/**
 * The INDICATION line of a radiology request: age (de-identified as "___", as in
 * MIMIC-IV-Note), sex, a selective history and the clinical question. This is where the
 * note-borne risk lives: metastatic cancer and limited goals of care are mentioned here
 * (sometimes), while the vitals show them barely or not at all. Remote, treated cancers
 * and "full code" appear too, so a cancer word alone does not mean high risk.
 */
/** The presenting problem, chosen once per stay so every request of the stay agrees. */
export function presentingProblem(state: PatientState, rng: Random): string {
  const shock = Math.max(state.organs.shock.start, state.organs.shock.end);
  switch (state.reason) {
    case 'sepsis':
      return rng.pick([
        'sepsis',
        'fever and hypotension',
        state.infectionSource === 'urinary' ? 'urosepsis' : 'fevers',
        shock > 0.4 ? 'septic shock' : 'leukocytosis and fever',
      ]);
    case 'respiratory':
      return rng.pick([
        'hypoxia',
        'acute hypoxemic respiratory failure',
        'shortness of breath',
        state.comorbid.copd ? 'COPD exacerbation' : 'increasing oxygen requirement',
      ]);
    case 'cardiac':
      return rng.pick([
        'CHF exacerbation',
        'NSTEMI',
        'chest pain',
        shock > 0.4 ? 'cardiogenic shock' : 'dyspnea on exertion and edema',
      ]);
    case 'stroke':
      return rng.pick([
        'acute stroke',
        'new left-sided weakness',
        'aphasia and right facial droop',
      ]);
    case 'intracranial_hemorrhage':
      return rng.pick(['intracranial hemorrhage', 'ICH', 'headache and intraparenchymal bleed']);
    case 'gi_bleed':
      return rng.pick(['GI bleed', 'hematemesis', 'melena', 'upper GI bleed']);
    case 'post_op':
      return rng.pick([
        's/p CABG',
        's/p Whipple procedure',
        's/p sigmoid colectomy',
        's/p spinal fusion',
        's/p AAA repair',
      ]);
    case 'trauma':
      return rng.pick(['fall from standing', 'motor vehicle collision', 'polytrauma']);
    case 'overdose':
      return rng.pick([
        'altered mental status',
        'unresponsive, suspected ingestion',
        'intoxication',
      ]);
    case 'dka':
      return rng.pick(['DKA', 'hyperglycemia and altered mental status']);
  }
}

function history(state: PatientState, rng: Random): string[] {
  const items: string[] = [];
  const site = state.cancerSite;
  const heme = site === 'lymphoma' || site === 'leukemia' || site === 'multiple myeloma';
  if (state.malignancy === 'metastatic' && rng.chance(0.7)) {
    items.push(
      rng.pick([
        `metastatic ${site} cancer`,
        `stage IV ${site} cancer`,
        `${site} cancer with known metastases`,
      ]),
    );
  } else if (state.malignancy === 'active' && rng.chance(0.5)) {
    items.push(
      heme
        ? `${site} on chemotherapy`
        : rng.pick([`${site} cancer on chemotherapy`, `newly diagnosed ${site} cancer`]),
    );
  } else if (state.malignancy === 'remote' && rng.chance(0.4)) {
    items.push(
      rng.pick([`history of ${site} cancer, in remission`, `remote ${site} cancer s/p resection`]),
    );
  }
  const c = state.comorbid;
  if (c.chf && rng.chance(0.3)) items.push('CHF');
  if (c.copd && rng.chance(0.3)) items.push('COPD');
  if (c.ckd && rng.chance(0.25)) items.push('CKD');
  if (c.cirrhosis && rng.chance(0.5)) items.push(rng.pick(['cirrhosis', 'alcoholic cirrhosis']));
  if (c.afib && rng.chance(0.2)) items.push('atrial fibrillation');
  return items;
}

function goalsOfCare(state: PatientState, rng: Random): string {
  if (state.limitedCare && rng.chance(0.65)) {
    return ` ${rng.pick(['Patient is DNR/DNI.', 'Goals of care are focused on comfort.', 'Family meeting planned regarding goals of care.'])}`;
  }
  return !state.limitedCare && rng.chance(0.04) ? ' Full code.' : '';
}

export function writeIndication(
  state: PatientState,
  now: string,
  hour: number,
  question: string,
  rng: Random,
): string {
  const sex = state.female ? rng.pick(['woman', 'female']) : rng.pick(['man', 'male']);
  const past = history(state, rng);
  const worse =
    severityAt(state.organs.respiratory, Math.floor(hour)) > 0.5 && rng.chance(0.5)
      ? ', now with worsening hypoxia'
      : '';
  const text =
    past.length > 0
      ? rng.pick([
          `___ year old ${sex} with ${past.join(', ')} who presents with ${now}${worse}.`,
          `History: ___ ${state.female ? 'F' : 'M'} with ${past.join(', ')}, admitted with ${now}${worse}.`,
        ])
      : rng.pick([
          `___ year old ${sex} with ${now}${worse}.`,
          `History: ___ ${state.female ? 'F' : 'M'} with ${now}${worse}.`,
        ]);
  return `${text}${goalsOfCare(state, rng)} ${question}`;
}
