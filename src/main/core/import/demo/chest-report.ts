import { CxrCode } from '../../store';
import { hasDevices, type ChestFindings, type Side } from './chest-findings';
import { CheXpertLabels } from './chexpert-labels';
import type { Random } from './random';

/**
 * Writes the FINDINGS and IMPRESSION of a portable chest radiograph from what the film
 * shows, in the varied phrasing of real reports: stated, hedged ("cannot be excluded",
 * "may reflect") and negated findings, comparisons with the previous film. Every sentence
 * also marks the CheXpert labels it mentions, so the CXR context agrees with the text.
 */
const { positive, negative, uncertain } = CxrCode;

function sideWord(side: Side): string {
  return side === 'bilateral' ? 'bilateral' : side;
}

function trendWord(now: number, before: number, rng: Random): string {
  if (now > before) return rng.pick(['worsened', 'increased', 'progressed']);
  if (now < before) return rng.pick(['improved', 'decreased', 'slightly improved']);
  return rng.pick(['unchanged', 'stable', 'not significantly changed']);
}

function deviceSentences(
  f: ChestFindings,
  prior: ChestFindings | null,
  rng: Random,
  out: string[],
  labels: CheXpertLabels,
): void {
  const d = f.devices;
  if (d.ett) {
    const cm = (rng.int(25, 65) / 10).toFixed(1);
    const isNew = prior !== null && !prior.devices.ett;
    out.push(
      isNew
        ? `Interval placement of an endotracheal tube, which terminates ${cm} cm above the carina.`
        : rng.pick([
            `Endotracheal tube terminates ${cm} cm above the carina.`,
            `The ET tube is in standard position, approximately ${cm} cm above the carina.`,
            `Endotracheal tube tip is ${cm} cm from the carina.`,
          ]),
    );
  } else if (prior?.devices.ett) {
    out.push('Interval extubation.');
  }
  if (d.enteric) {
    out.push(
      rng.chance(0.08)
        ? 'Enteric tube side port is near the gastroesophageal junction; advancing by several centimeters is recommended.'
        : rng.pick([
            'An enteric tube courses below the diaphragm with the tip in the stomach.',
            'Orogastric tube tip projects over the stomach.',
            'Nasogastric tube terminates in the stomach.',
          ]),
    );
  }
  if (d.centralLine) {
    out.push(
      rng.pick([
        `${capitalise(d.centralLine)} central venous catheter terminates in the mid SVC.`,
        `${capitalise(d.centralLine)} line ends at the cavoatrial junction.`,
        `A ${d.centralLine} catheter is seen with its tip in the lower SVC.`,
      ]),
    );
  }
  if (d.swan) out.push('Swan-Ganz catheter tip projects over the right pulmonary artery.');
  if (d.chestTube)
    out.push(rng.pick(['A chest tube is in place.', 'Pigtail pleural catheter in place.']));
  if (hasDevices(f)) labels.mark('Support Devices', positive);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lungSentences(
  f: ChestFindings,
  prior: ChestFindings | null,
  rng: Random,
  out: string[],
  labels: CheXpertLabels,
): void {
  if (f.edema === 0) {
    if (rng.chance(0.6)) {
      out.push(
        rng.pick([
          'No pulmonary edema.',
          'There is no pulmonary vascular congestion.',
          'No evidence of pulmonary edema.',
        ]),
      );
      labels.mark('Edema', negative);
    }
  } else if (f.edema === 1) {
    out.push(
      rng.pick([
        'Mild pulmonary vascular congestion.',
        'Mild vascular engorgement without frank edema.',
        'Possible mild interstitial edema.',
      ]),
    );
    labels.mark('Edema', uncertain);
  } else {
    const severe = f.edema === 3;
    const text = severe
      ? rng.pick([
          'Severe pulmonary edema with perihilar haziness and alveolar opacities.',
          'Diffuse bilateral airspace opacities, most consistent with severe pulmonary edema.',
        ])
      : rng.pick([
          'Moderate interstitial pulmonary edema.',
          'Findings are compatible with moderate pulmonary edema.',
          'Increased interstitial markings likely reflect mild-to-moderate edema.',
        ]);
    out.push(
      prior && prior.edema > 0
        ? `${text.slice(0, -1)}, ${trendWord(f.edema, prior.edema, rng)} compared to the prior study.`
        : text,
    );
    labels.mark('Edema', positive);
    if (severe) labels.mark('Lung Opacity', positive);
  }

  const c = f.consolidation;
  if (c && c.certainty === 'definite') {
    out.push(
      rng.pick([
        `Dense consolidation in the ${c.lobe}, consistent with pneumonia.`,
        `New ${c.lobe} opacity concerning for pneumonia in the appropriate clinical setting.`,
        `Airspace consolidation in the ${c.lobe}.`,
      ]),
    );
    labels.mark('Consolidation', positive);
    labels.mark('Lung Opacity', positive);
    labels.mark('Pneumonia', uncertain);
  } else if (c) {
    out.push(
      rng.pick([
        `Patchy opacity at the ${c.lobe} may reflect atelectasis, although early pneumonia cannot be excluded.`,
        `Subtle opacity in the ${c.lobe}; infection is not excluded.`,
        `Ill-defined ${c.lobe} opacity, possibly aspiration.`,
      ]),
    );
    labels.mark('Lung Opacity', positive);
    labels.mark('Pneumonia', uncertain);
    labels.mark('Atelectasis', uncertain);
  } else if (rng.chance(0.75)) {
    const clear =
      f.edema < 2 && !f.lesion ? ['The lungs are clear without focal consolidation.'] : [];
    out.push(
      rng.pick([
        'No focal consolidation.',
        'There is no focal consolidation to suggest pneumonia.',
        ...clear,
      ]),
    );
    labels.mark('Consolidation', negative);
    labels.mark('Pneumonia', negative);
  }

  if (f.atelectasis) {
    out.push(
      f.atelectasis === 'bilateral'
        ? rng.pick(['Bibasilar atelectasis.', 'Streaky bibasilar opacities, likely atelectasis.'])
        : `${capitalise(f.atelectasis)} basilar opacity, most likely atelectasis.`,
    );
    labels.mark('Atelectasis', positive);
    labels.mark('Lung Opacity', positive);
  }
  if (f.lesion === 'nodules') {
    out.push(
      rng.pick([
        'Innumerable bilateral pulmonary nodules, compatible with known metastatic disease.',
        'Multiple pulmonary nodules are again seen, better evaluated on prior CT.',
        'Numerous scattered nodular opacities, consistent with metastases.',
      ]),
    );
    labels.mark('Lung Lesion', positive);
  } else if (f.lesion === 'mass') {
    out.push(
      rng.pick([
        'Large right hilar mass is again noted.',
        'The spiculated mass in the right upper lobe is unchanged.',
        'Known left lung mass with surrounding opacity.',
      ]),
    );
    labels.mark('Lung Lesion', positive);
    labels.mark('Lung Opacity', positive);
  }
}

function pleuraAndHeartSentences(
  f: ChestFindings,
  rng: Random,
  out: string[],
  labels: CheXpertLabels,
): void {
  const e = f.effusion;
  if (e && e.certainty === 'possible') {
    out.push(
      rng.pick([
        `Blunting of the ${e.side === 'bilateral' ? 'costophrenic angles' : `${e.side} costophrenic angle`} may reflect a small effusion.`,
        'Possible small pleural effusion.',
      ]),
    );
    labels.mark('Pleural Effusion', uncertain);
  } else if (e) {
    const plural = e.side === 'bilateral' ? 's' : '';
    out.push(
      rng.pick([
        `${capitalise(e.size)} ${sideWord(e.side)} pleural effusion${plural}.`,
        `Layering ${e.size} ${sideWord(e.side)} effusion${plural} with adjacent compressive atelectasis.`,
      ]),
    );
    labels.mark('Pleural Effusion', positive);
  }
  if (f.pneumothorax) {
    out.push(`${capitalise(f.pneumothorax.size)} ${f.pneumothorax.side} apical pneumothorax.`);
    labels.mark('Pneumothorax', positive);
  }
  if (!e && !f.pneumothorax) {
    out.push(
      rng.pick([
        'No pleural effusion or pneumothorax.',
        'No large pleural effusion. No pneumothorax.',
        'There is no pneumothorax.',
      ]),
    );
    labels.mark('Pneumothorax', negative);
    if (rng.chance(0.7)) labels.mark('Pleural Effusion', negative);
  } else if (!f.pneumothorax && rng.chance(0.7)) {
    out.push('No pneumothorax.');
    labels.mark('Pneumothorax', negative);
  }
  if (f.cardiomegaly) {
    out.push(
      rng.pick([
        `The heart is ${f.cardiomegaly === 'mild' ? 'mildly' : 'moderately'} enlarged.`,
        `${capitalise(f.cardiomegaly)} cardiomegaly is stable.`,
      ]),
    );
    labels.mark('Cardiomegaly', positive);
  } else if (rng.chance(0.7)) {
    const sentence = rng.pick([
      'Heart size is normal.',
      'Cardiomediastinal silhouette is within normal limits.',
      'Heart size is top normal.',
    ]);
    out.push(sentence);
    labels.mark('Cardiomegaly', negative);
    if (sentence.startsWith('Cardiomediastinal'))
      labels.mark('Enlarged Cardiomediastinum', negative);
  }
  if (f.ribFractures) {
    out.push(`Acute-appearing fractures of the ${f.ribFractures} lateral ribs.`);
    labels.mark('Fracture', positive);
  } else if (rng.chance(0.15)) {
    out.push(
      rng.pick(['No acute osseous abnormality.', 'Degenerative changes of the thoracic spine.']),
    );
  }
}

function impression(f: ChestFindings, prior: ChestFindings | null, rng: Random): string[] {
  const lines: string[] = [];
  if (f.edema >= 2)
    lines.push(
      prior
        ? `Pulmonary edema, ${trendWord(f.edema, prior.edema, rng)}.`
        : `${f.edema === 3 ? 'Severe' : 'Moderate'} pulmonary edema.`,
    );
  if (f.consolidation?.certainty === 'definite')
    lines.push(
      rng.pick([
        `${capitalise(f.consolidation.lobe)} pneumonia.`,
        'Findings concerning for pneumonia.',
      ]),
    );
  else if (f.consolidation)
    lines.push(
      rng.pick([
        'Atelectasis versus early pneumonia.',
        'Possible developing pneumonia; clinical correlation is recommended.',
      ]),
    );
  if (f.effusion?.certainty === 'definite' && f.effusion.size !== 'small')
    lines.push(
      `${capitalise(f.effusion.size)} pleural effusion${f.effusion.side === 'bilateral' ? 's' : ''}.`,
    );
  if (f.pneumothorax) lines.push(`${capitalise(f.pneumothorax.side)} pneumothorax.`);
  if (f.lesion)
    lines.push(rng.pick(['Known pulmonary metastatic disease.', 'Pulmonary lesions as before.']));
  if (lines.length === 0) {
    lines.push(
      hasDevices(f)
        ? rng.pick([
            'Lines and tubes in standard position. No acute cardiopulmonary process.',
            'Support devices as described. No acute cardiopulmonary process.',
          ])
        : rng.pick([
            'No acute cardiopulmonary process.',
            'No acute intrathoracic abnormality.',
            'No radiographic evidence of pneumonia.',
          ]),
    );
  }
  return lines;
}

/** FINDINGS and IMPRESSION text of one portable chest radiograph, with its CheXpert labels. */
export function writeChestReport(
  f: ChestFindings,
  prior: ChestFindings | null,
  rng: Random,
): { findings: string; impression: string; labels: Uint8Array } {
  const labels = new CheXpertLabels();
  const out: string[] = [];
  deviceSentences(f, prior, rng, out, labels);
  lungSentences(f, prior, rng, out, labels);
  pleuraAndHeartSentences(f, rng, out, labels);
  return {
    findings: out.join(' '),
    impression: impression(f, prior, rng).join(' '),
    labels: labels.toVector(),
  };
}
