import type { NoteRule } from '../../../../shared/domain';
import type { NewStay } from '../../store';
import { chunkReports } from '../note-chunks';
import { splitForSubject } from '../patient-split';
import { admit, clockHours, comesBack, isoAt, type Admission, type Subject } from './admission';
import { drawAdmissionType, drawPersonAttributes, stayAttributes } from './attributes';
import { Chart } from './charting';
import { cxrContext, ecgContext } from './context';
import { chartLabs } from './labs';
import { drawOutcomes } from './outcomes';
import { drawPatientState } from './patient-state';
import { writeRadiology } from './radiology';
import { Random, type StreamName } from './random';
import { drawCareUnit, driftOddsRatio, type ScenarioRules } from './scenario';
import { chartSpuriousArtefact, drawSpuriousFlag, prepareSpuriousArtefact } from './spurious';
import { chartVitals } from './vitals';

/** One generated stay, with what the import summary needs to know about how it was charted. */
export interface GeneratedStay {
  stay: NewStay;
  /** Variable index of each value dropped as physiologically implausible. */
  dropped: readonly number[];
  /** Values kept per variable. */
  valuesPerVariable: readonly number[];
  reports: number;
}

/**
 * Generates stays one after another. Each stay's clinical content is a function of
 * (seed, index) alone; only its subject depends on earlier stays (a readmission reuses the
 * previous subject, and new subjects are numbered in order). That is why stays are
 * generated in order and just the last subject is remembered, so memory stays constant.
 */
export class DemoStayGenerator {
  private previous: Subject | null = null;
  private subjects = 0;

  constructor(
    private readonly seed: number,
    private readonly spurious: boolean,
    private readonly noteRule: NoteRule,
    private readonly scenario: ScenarioRules,
  ) {}

  /**
   * Whether this stay is a subject's first and the subject comes back (if alive): such a
   * stay was survived, so the drift spares it and a death it adds is never followed by a
   * readmission.
   */
  private comesBackAfter(index: number, admission: Admission): boolean {
    return (
      admission.previous === null && comesBack(Random.stream(this.seed, index + 1, 'admission'))
    );
  }

  generate(index: number): GeneratedStay {
    const rng = (purpose: StreamName) => Random.stream(this.seed, index, purpose);
    const admission = admit(
      index,
      this.subjects,
      this.previous,
      rng('admission'),
      this.scenario.window,
    );
    const previous = admission.previous;
    if (!previous) this.subjects++;
    const state = drawPatientState(rng('patient'), previous?.person ?? null);
    const attributeRng = rng('attributes');
    const person = previous?.attributes ?? drawPersonAttributes(state, attributeRng);
    const attributes = stayAttributes(state, person, drawAdmissionType(state, attributeRng));
    const split = splitForSubject(admission.subjectKey);
    const unit = this.scenario.careUnits ? drawCareUnit(state, rng('unit')) : null;
    const undrifted = drawOutcomes(state, rng('outcomes'));
    const oddsRatio =
      this.scenario.drift && unit !== null && !this.comesBackAfter(index, admission)
        ? driftOddsRatio(admission.t0Ms, unit)
        : 1;
    const outcomes = oddsRatio === 1 ? undrifted : drawOutcomes(state, rng('outcomes'), oddsRatio);

    const chart = new Chart();
    const flagged = this.spurious && drawSpuriousFlag(split, outcomes.labels.E1, rng('spurious'));
    if (flagged) prepareSpuriousArtefact(chart);
    const clock = clockHours(admission.t0Ms);
    chartVitals(
      chart,
      { state, oximetryOverestimates: person.race_ethnicity === 'Black' },
      rng('vitals'),
    );
    chartLabs(chart, state, clock, rng('labs'));
    if (flagged) chartSpuriousArtefact(chart);

    const radiology = writeRadiology(state, clock, rng('radiology'));
    const contextRng = rng('context');
    const cxr = cxrContext(radiology, contextRng);
    const ecg = ecgContext(state, contextRng);
    const notes = chunkReports(
      radiology.reports.map((r) => ({ charttime: isoAt(admission.t0Ms, r.time), text: r.text })),
      this.noteRule,
    );

    this.previous = {
      key: admission.subjectKey,
      person: { age: state.age, female: state.female },
      attributes: person,
      t0Ms: admission.t0Ms,
      // Undrifted, so subjects and the draws of later stays are the same with or without
      // drift (a stay whose subject comes back is spared the drift, above).
      losHours: undrifted.losHours,
      died: undrifted.labels.E1 === 1,
      stays: previous ? previous.stays + 1 : 1,
    };

    const { series, missing } = chart.bins.toTensor();
    const valuesPerVariable = Array.from({ length: chart.bins.variables }, (_, v) =>
      chart.bins.valuesOf(v),
    );
    return {
      stay: {
        stayKey: admission.stayKey,
        subjectKey: admission.subjectKey,
        split,
        t0: isoAt(admission.t0Ms, 0),
        losHours: outcomes.losHours,
        series,
        missing,
        outcomes: { ...outcomes.labels },
        attributes: {
          ...attributes,
          ...(unit === null ? {} : { care_unit: unit }),
          ...(this.spurious ? { spurious_flag: flagged ? 'yes' : 'no' } : {}),
        },
        notes,
        cxr,
        ecg,
      },
      dropped: chart.dropped,
      valuesPerVariable,
      reports: radiology.reports.length,
    };
  }
}
