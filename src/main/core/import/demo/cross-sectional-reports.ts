import { severityAt, type PatientState } from './patient-state';
import type { Random } from './random';

/**
 * CT reports: head for neurological admissions, abdomen and pelvis for abdominal sources,
 * bleeding and trauma, chest for respiratory failure. They carry what vitals barely show:
 * the size of a bleed, an infarct, metastases in the liver, a cirrhotic liver with ascites.
 */
export type CtStudy = 'head' | 'abdomen' | 'chest';

export const CT_EXAMINATIONS: Record<CtStudy, string> = {
  head: 'CT HEAD W/O CONTRAST',
  abdomen: 'CT ABD AND PELVIS WITH CONTRAST',
  chest: 'CTA CHEST',
};

export interface CtText {
  findings: string;
  impression: string;
}

function headCt(state: PatientState, hour: number, rng: Random): CtText {
  const neuro = severityAt(state.organs.neuro, hour);
  const chronic =
    state.age > 65 && rng.chance(0.6)
      ? ' Periventricular white matter hypodensities reflect chronic small vessel ischemic disease.'
      : '';
  const side = rng.pick(['left', 'right']);
  if (state.reason === 'intracranial_hemorrhage') {
    const size = (1.5 + 5 * neuro + rng.normal(0, 0.5)).toFixed(1);
    const shift =
      neuro > 0.55
        ? ` There is ${Math.max(2, Math.round(12 * neuro + rng.normal(0, 1)))} mm of midline shift.`
        : ' No midline shift.';
    const ventricles =
      neuro > 0.6 && rng.chance(0.6) ? ' Intraventricular extension of hemorrhage is noted.' : '';
    return {
      findings: `There is a ${size} cm intraparenchymal hemorrhage in the ${side} ${rng.pick(['basal ganglia', 'thalamus', 'frontal lobe', 'parietal lobe'])} with surrounding vasogenic edema.${shift}${ventricles}${chronic}`,
      impression:
        neuro > 0.55
          ? `Large ${side} intraparenchymal hemorrhage with mass effect.`
          : `${side === 'left' ? 'Left' : 'Right'} intraparenchymal hemorrhage without significant mass effect.`,
    };
  }
  if (state.reason === 'stroke') {
    const visible = neuro > 0.35 && rng.chance(0.7);
    return visible
      ? {
          findings: `Hypodensity with loss of gray-white differentiation in the ${side} MCA territory, consistent with evolving infarct.${neuro > 0.6 ? ' Mild local mass effect without herniation.' : ''}${chronic}`,
          impression: `Evolving ${side} MCA territory infarct.`,
        }
      : {
          findings: `No acute intracranial hemorrhage. No definite territorial infarct; MRI is more sensitive for early ischemia.${chronic}`,
          impression:
            'No acute intracranial process. MRI is recommended if clinical concern for stroke persists.',
        };
  }
  if (state.reason === 'trauma' && neuro > 0.3) {
    return {
      findings: `Thin ${side} subdural hematoma measuring up to ${Math.max(3, Math.round(10 * neuro))} mm. No skull fracture.${chronic}`,
      impression: `Acute ${side} subdural hematoma.`,
    };
  }
  const metastasis = state.malignancy === 'metastatic' && rng.chance(0.25);
  return metastasis
    ? {
        findings: `Vasogenic edema in the ${side} frontal lobe, concerning for an underlying lesion; a contrast-enhanced MRI would better characterize it.${chronic}`,
        impression: 'Vasogenic edema suspicious for metastasis.',
      }
    : {
        findings: `No acute intracranial hemorrhage, mass effect or territorial infarct.${chronic} The ventricles are normal in size.`,
        impression: 'No acute intracranial abnormality.',
      };
}

function abdomenCt(state: PatientState, hour: number, rng: Random): CtText {
  const found: string[] = [];
  const impressions: string[] = [];
  const infection = severityAt(state.organs.infection, hour);
  if (state.comorbid.cirrhosis) {
    found.push(
      `Nodular liver contour consistent with cirrhosis, with ${rng.pick(['small', 'moderate', 'large'])} volume ascites.`,
    );
    impressions.push('Cirrhosis with ascites.');
  }
  if (state.malignancy === 'metastatic' && rng.chance(0.6)) {
    found.push(
      rng.pick([
        'Multiple hypoattenuating hepatic lesions, compatible with metastases.',
        'Peritoneal implants and omental caking.',
        'Lytic lesions in the lumbar spine, suspicious for osseous metastases.',
      ]),
    );
    impressions.push('Findings of metastatic disease, progressed compared to prior imaging.');
  } else if (state.malignancy === 'remote' && rng.chance(0.5)) {
    found.push('Postsurgical changes without evidence of recurrent disease.');
  }
  if (state.infectionSource === 'abdominal' && infection > 0.3) {
    const process = rng.pick([
      'a 4 cm rim-enhancing collection in the right lower quadrant, consistent with abscess',
      'diffuse colonic wall thickening, consistent with colitis',
      'pericholecystic fluid and gallbladder wall thickening, concerning for acute cholecystitis',
    ]);
    found.push(`There is ${process}.`);
    impressions.push('Findings compatible with an intra-abdominal source of infection.');
  }
  if (state.infectionSource === 'urinary' && infection > 0.3 && rng.chance(0.6)) {
    found.push('Perinephric stranding of the left kidney, which may reflect pyelonephritis.');
    impressions.push('Possible left pyelonephritis.');
  }
  if (state.reason === 'gi_bleed' && rng.chance(0.5)) {
    found.push('No active contrast extravasation is identified.');
  }
  if (state.reason === 'trauma' && rng.chance(0.4)) {
    found.push('Small splenic laceration without active extravasation.');
    impressions.push('Low-grade splenic injury.');
  }
  if (found.length === 0)
    found.push(
      'The liver, spleen, pancreas and kidneys are unremarkable. No free air or drainable fluid collection.',
    );
  if (impressions.length === 0) impressions.push('No acute intra-abdominal process.');
  return { findings: found.join(' '), impression: impressions.join(' ') };
}

function chestCt(state: PatientState, hour: number, rng: Random): CtText {
  const resp = severityAt(state.organs.respiratory, hour);
  const found = ['No filling defect in the pulmonary arteries to suggest pulmonary embolism.'];
  const impressions = ['No pulmonary embolism.'];
  if (resp > 0.45) {
    found.push(
      rng.pick([
        'Multifocal ground-glass and consolidative opacities in both lungs.',
        'Dense consolidation in the dependent lower lobes with air bronchograms.',
      ]),
    );
    impressions.push('Multifocal pneumonia.');
  } else if (resp > 0.2) {
    found.push('Patchy dependent opacities, likely atelectasis, though infection is not excluded.');
  }
  if (state.comorbid.copd) found.push('Centrilobular emphysema.');
  if (
    state.malignancy === 'metastatic' ||
    (state.malignancy === 'active' && state.cancerSite === 'lung')
  ) {
    found.push(
      rng.pick([
        'Innumerable pulmonary nodules, increased in number since the prior study.',
        'Spiculated right upper lobe mass with mediastinal lymphadenopathy.',
      ]),
    );
    impressions.push('Progression of known malignancy.');
  }
  return { findings: found.join(' '), impression: impressions.join(' ') };
}

export function writeCtReport(
  study: CtStudy,
  state: PatientState,
  hour: number,
  rng: Random,
): CtText {
  if (study === 'head') return headCt(state, hour, rng);
  if (study === 'abdomen') return abdomenCt(state, hour, rng);
  return chestCt(state, hour, rng);
}
