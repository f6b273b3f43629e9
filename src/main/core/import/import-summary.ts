import type {
  CohortSource,
  ExclusionCount,
  ImportSummary,
  PhiScreening,
  Split,
  TaskPrevalence,
  VariableCoverage,
} from '../../../shared/domain';
import { counted } from '../../../shared/counted';
import type { NewStay } from '../store';

/**
 * Collects what an import saw as stays go by, and turns it into the report a user reads:
 * exclusions with reasons, per-task prevalence, per-variable coverage, dropped values and
 * stays lacking notes, CXR or ECG.
 */
export class ImportSummaryBuilder {
  private readonly startedAt = new Date().toISOString();
  private readonly exclusions = new Map<string, number>();
  private readonly rowsRead: Record<string, number> = {};
  private readonly notes: string[] = [];
  private readonly droppedByVariable: number[];
  private readonly valuesByVariable: number[];
  private readonly staysWithVariable: number[];
  private readonly hoursWithVariable: number[];
  private readonly positives = new Map<string, { all: number; test: number }>();
  private included = 0;
  private includedTest = 0;
  private withoutNotes = 0;
  private withoutCxr = 0;
  private withoutEcg = 0;
  private phi: PhiScreening | null = null;
  staysSeen = 0;
  /** The generic format's cohort.json may say the data are not clinical. */
  clinical = true;

  constructor(
    private readonly format: CohortSource,
    private readonly source: string,
    private readonly cohortName: string,
    private readonly variables: readonly string[],
    private readonly hours: number,
    private readonly tasks: readonly string[],
  ) {
    const zeros = () => variables.map(() => 0);
    this.droppedByVariable = zeros();
    this.valuesByVariable = zeros();
    this.staysWithVariable = zeros();
    this.hoursWithVariable = zeros();
    for (const task of tasks) this.positives.set(task, { all: 0, test: 0 });
  }

  exclude(reason: string, stays = 1): void {
    this.exclusions.set(reason, (this.exclusions.get(reason) ?? 0) + stays);
  }

  countRows(file: string, rows: number): void {
    this.rowsRead[file] = (this.rowsRead[file] ?? 0) + rows;
  }

  dropImplausible(variable: number): void {
    this.droppedByVariable[variable]! += 1;
  }

  note(text: string): void {
    this.notes.push(text);
  }

  /** Records an included stay: its coverage, labels and which sources it lacks. */
  include(stay: NewStay): void {
    this.included++;
    if (stay.split === ('test' satisfies Split)) this.includedTest++;
    const v = this.variables.length;
    for (let variable = 0; variable < v; variable++) {
      let hours = 0;
      for (let hour = 0; hour < this.hours; hour++) {
        if (stay.missing[hour * v + variable] === 0) hours++;
      }
      this.hoursWithVariable[variable]! += hours;
      if (hours > 0) this.staysWithVariable[variable]! += 1;
    }
    for (const [task, label] of Object.entries(stay.outcomes)) {
      const entry = this.positives.get(task);
      if (!entry || label !== 1) continue;
      entry.all++;
      if (stay.split === 'test') entry.test++;
    }
    if (stay.notes.length === 0) this.withoutNotes++;
    if (!stay.cxr) this.withoutCxr++;
    if (!stay.ecg) this.withoutEcg++;
  }

  /** Records what the PHI guard did; marks given and what became of them are notes too. */
  screened(screening: PhiScreening): void {
    this.phi = screening;
    if (screening.falseAlarms.length > 0) {
      this.note(
        `${counted(screening.falseAlarms.length, 'finding')} of the PHI guard marked a false alarm by the user and kept as written (each listed with its mark in the report's PHI section).`,
      );
    }
    if (screening.unmatchedMarks.length > 0) {
      this.note(
        `${counted(screening.unmatchedMarks.length, 'false-alarm mark')} matched no finding (${screening.unmatchedMarks.join(', ')}): check them against the refusal's list.`,
      );
    }
  }

  /** Values kept for a variable (the importer knows; the tensor only has hourly bins). */
  countValues(variable: number, values: number): void {
    this.valuesByVariable[variable]! += values;
  }

  build(): ImportSummary {
    const exclusions: ExclusionCount[] = [...this.exclusions].map(([reason, stays]) => ({
      reason,
      stays,
    }));
    const tasks: TaskPrevalence[] = this.tasks.map((task) => {
      const entry = this.positives.get(task)!;
      return {
        task,
        positives: entry.all,
        stays: this.included,
        byTestSplit: { positives: entry.test, stays: this.includedTest },
      };
    });
    const coverage: VariableCoverage[] = this.variables.map((variable, i) => ({
      variable,
      stayCoverage: this.included ? this.staysWithVariable[i]! / this.included : 0,
      hourCoverage: this.included ? this.hoursWithVariable[i]! / (this.included * this.hours) : 0,
      values: this.valuesByVariable[i]!,
      droppedImplausible: this.droppedByVariable[i]!,
    }));
    return {
      format: this.format,
      source: this.source,
      cohortName: this.cohortName,
      startedAt: this.startedAt,
      finishedAt: new Date().toISOString(),
      windowHours: this.hours,
      clinical: this.clinical,
      staysSeen: this.staysSeen,
      staysIncluded: this.included,
      exclusions,
      tasks,
      coverage,
      rowsRead: { ...this.rowsRead },
      valuesDroppedImplausible: this.droppedByVariable.reduce((a, b) => a + b, 0),
      staysWithoutNotes: this.withoutNotes,
      staysWithoutCxr: this.withoutCxr,
      staysWithoutEcg: this.withoutEcg,
      notes: [...this.notes],
      ...(this.phi ? { phi: this.phi } : {}),
    };
  }
}
