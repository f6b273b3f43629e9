/** One entry point over the three calibration methods, by name. */
import type { CalibrationMap, CalibrationMethod } from '../../../shared/calibration';
import { fitIsotonic } from './fit-isotonic';
import { fitPlatt } from './fit-platt';
import { fitTemperature } from './fit-temperature';
import type { Numbers } from './labelled-scores';

/** Fits the named map to raw probabilities against 0/1 labels. */
export function fitCalibration(
  method: CalibrationMethod,
  probabilities: Numbers,
  labels: Numbers,
): CalibrationMap {
  switch (method) {
    case 'temperature':
      return fitTemperature(probabilities, labels);
    case 'platt':
      return fitPlatt(probabilities, labels);
    case 'isotonic':
      return fitIsotonic(probabilities, labels);
  }
}
