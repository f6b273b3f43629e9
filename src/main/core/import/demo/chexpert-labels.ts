import { CHEXPERT_LABELS } from '../clinical-variables';
import { CxrCode } from '../../store';

export type CheXpertLabel =
  | 'No Finding'
  | 'Enlarged Cardiomediastinum'
  | 'Cardiomegaly'
  | 'Lung Opacity'
  | 'Lung Lesion'
  | 'Edema'
  | 'Consolidation'
  | 'Pneumonia'
  | 'Atelectasis'
  | 'Pneumothorax'
  | 'Pleural Effusion'
  | 'Pleural Other'
  | 'Fracture'
  | 'Support Devices';

/** The CheXpert labeller's precedence: any positive mention wins, then uncertain, then negative. */
const PRECEDENCE: Record<CxrCode, number> = {
  [CxrCode.notMentioned]: 0,
  [CxrCode.negative]: 1,
  [CxrCode.uncertain]: 2,
  [CxrCode.positive]: 3,
};

/**
 * The label vector of one chest radiograph report, collected sentence by sentence as the
 * report is written, so the context vector says exactly what the text says.
 */
export class CheXpertLabels {
  private readonly codes = new Uint8Array(CHEXPERT_LABELS.length);

  mark(label: CheXpertLabel, code: CxrCode): void {
    const index = CHEXPERT_LABELS.indexOf(label);
    if (index < 0) throw new Error(`"${label}" is not a CheXpert label of the context schema`);
    const current = this.codes[index] as CxrCode;
    if (PRECEDENCE[code] > PRECEDENCE[current]) this.codes[index] = code;
  }

  /** Closes the report: "No Finding" is positive only when no pathology was called or hedged. */
  toVector(): Uint8Array {
    const pathology = CHEXPERT_LABELS.some((label, i) => {
      const code = this.codes[i];
      return (
        label !== 'No Finding' &&
        label !== 'Support Devices' &&
        (code === CxrCode.positive || code === CxrCode.uncertain)
      );
    });
    const vector = Uint8Array.from(this.codes);
    vector[CHEXPERT_LABELS.indexOf('No Finding')] = pathology
      ? CxrCode.notMentioned
      : CxrCode.positive;
    return vector;
  }
}
