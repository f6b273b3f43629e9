import { createHash } from 'node:crypto';
import type { Split } from '../../../shared/domain';

/**
 * Assigns a patient to train / val / test (70 / 15 / 15) by a stable hash of the patient id,
 * so every stay of a patient lands in one split and re-imports give the same split.
 */
export function splitForSubject(subjectKey: string): Split {
  const digest = createHash('sha256').update(`toe-split:${subjectKey}`).digest();
  const unit = digest.readUInt32BE(0) / 2 ** 32;
  if (unit < 0.7) return 'train';
  if (unit < 0.85) return 'val';
  return 'test';
}
