import { parseNumber, parseTimestamp, type CsvRow } from '../csv-reader';
import { InputError, shown } from '../../errors/input-error';
import { splitForSubject } from '../patient-split';
import { stayAttributes } from './attributes';
import { CohortStay, HOUR_MS, WINDOW_HOURS } from './cohort-stay';
import type { MimicLayout, SourceFile } from './layout';
import { dayStart, stayOutcomes } from './outcomes';
import { tableStaticInputs } from './static-inputs';
import { streamTable, type ImportJob } from './table-stream';

const ADULT_AGE = 18;

export const EXCLUDED = {
  noAdmission: 'no admission row (hadm_id not in hosp/admissions)',
  noPatient: 'no patient row (subject_id not in hosp/patients)',
  noOuttime: 'no ICU out-time',
  underAge: 'under 18 at ICU admission',
  shortStay: 'ICU stay shorter than 24 h',
} as const;

interface IcuStayRow {
  stayId: number;
  subjectId: number;
  hadmId: number;
  intime: number;
  outtime: number | null;
  losDays: number | null;
  firstCareunit: string;
  line: number;
}

interface AdmissionRow {
  subjectId: number;
  deathtime: number | null;
  hospitalExpireFlag: 0 | 1;
  race: string;
  insurance: string;
  language: string;
  admissionType: string;
}

interface PatientRow {
  gender: string;
  anchorAge: number;
  anchorYear: number;
  anchorYearGroup: string;
  dodDay: number | null;
}

/** A whole-number id column: MIMIC ids are integers, so "12.5" is as wrong as "abc". */
function parseId(file: SourceFile, row: CsvRow, column: string): number {
  const value = parseNumber(file.name, row, column)!;
  if (!Number.isInteger(value)) {
    throw new InputError(
      file.name,
      row.line,
      column,
      `${shown(row.get(column))} is not a whole-number id`,
    );
  }
  return value;
}

async function readIcuStays(file: SourceFile, job: ImportJob): Promise<IcuStayRow[]> {
  const columns = [
    'subject_id',
    'hadm_id',
    'stay_id',
    'first_careunit',
    'intime',
    'outtime',
    'los',
  ];
  const stays: IcuStayRow[] = [];
  const seen = new Map<number, number>();
  for await (const row of streamTable(file, columns, 'ICU stays', job)) {
    const stayId = parseId(file, row, 'stay_id');
    const earlier = seen.get(stayId);
    if (earlier !== undefined) {
      throw new InputError(
        file.name,
        row.line,
        'stay_id',
        `stay_id ${stayId} appears twice (first on line ${earlier})`,
      );
    }
    seen.set(stayId, row.line);
    stays.push({
      stayId,
      subjectId: parseId(file, row, 'subject_id'),
      hadmId: parseId(file, row, 'hadm_id'),
      intime: parseTimestamp(file.name, row, 'intime')!,
      outtime: parseTimestamp(file.name, row, 'outtime', true),
      losDays: parseNumber(file.name, row, 'los', true),
      firstCareunit: row.get('first_careunit'),
      line: row.line,
    });
  }
  return stays;
}

/** The attributes stored as admissions.csv writes them; the others are fixed categories. */
const ADMISSION_TEXT = ['insurance', 'language', 'admission_type'] as const;

/** Passes the attributes that are admissions.csv's own text through the PHI guard. */
function screenAdmissionText(
  attributes: Record<string, string>,
  where: { file: string; line: number },
  job: ImportJob,
): Record<string, string> {
  for (const field of ADMISSION_TEXT) {
    attributes[field] = job.guard.text(attributes[field]!, { ...where, field });
  }
  return attributes;
}

/** Reads only the admissions the ICU stays point at: memory follows the cohort, not the file. */
async function readAdmissions(file: SourceFile, wanted: ReadonlySet<number>, job: ImportJob) {
  const columns = [
    'subject_id',
    'hadm_id',
    'deathtime',
    'admission_type',
    'insurance',
    'language',
    'race',
    'hospital_expire_flag',
  ];
  const admissions = new Map<number, AdmissionRow & { line: number }>();
  for await (const row of streamTable(file, columns, 'Admissions', job)) {
    const hadmId = parseId(file, row, 'hadm_id');
    if (!wanted.has(hadmId)) continue;
    const earlier = admissions.get(hadmId);
    if (earlier) {
      throw new InputError(
        file.name,
        row.line,
        'hadm_id',
        `hadm_id ${hadmId} appears twice (first on line ${earlier.line})`,
      );
    }
    const flag = parseNumber(file.name, row, 'hospital_expire_flag');
    if (flag !== 0 && flag !== 1) {
      throw new InputError(
        file.name,
        row.line,
        'hospital_expire_flag',
        `${shown(row.get('hospital_expire_flag'))} is not 0 or 1`,
      );
    }
    admissions.set(hadmId, {
      subjectId: parseId(file, row, 'subject_id'),
      deathtime: parseTimestamp(file.name, row, 'deathtime', true),
      hospitalExpireFlag: flag,
      race: row.get('race'),
      insurance: row.get('insurance'),
      language: row.get('language'),
      admissionType: row.get('admission_type'),
      line: row.line,
    });
  }
  return admissions;
}

async function readPatients(file: SourceFile, wanted: ReadonlySet<number>, job: ImportJob) {
  const columns = ['subject_id', 'gender', 'anchor_age', 'anchor_year', 'anchor_year_group', 'dod'];
  const patients = new Map<number, PatientRow & { line: number }>();
  for await (const row of streamTable(file, columns, 'Patients', job)) {
    const subjectId = parseId(file, row, 'subject_id');
    if (!wanted.has(subjectId)) continue;
    const earlier = patients.get(subjectId);
    if (earlier) {
      throw new InputError(
        file.name,
        row.line,
        'subject_id',
        `subject_id ${subjectId} appears twice (first on line ${earlier.line})`,
      );
    }
    const dod = parseTimestamp(file.name, row, 'dod', true);
    patients.set(subjectId, {
      gender: row.get('gender'),
      anchorAge: parseNumber(file.name, row, 'anchor_age')!,
      anchorYear: parseId(file, row, 'anchor_year'),
      anchorYearGroup: row.get('anchor_year_group'),
      dodDay: dod === null ? null : dayStart(dod),
      line: row.line,
    });
  }
  return patients;
}

/**
 * Builds the cohort from icustays, admissions and patients exactly as cohort.md defines it:
 * adults (anchor_age + year(intime) - anchor_year >= 18) with at least 24 h between ICU
 * intime and outtime. Every excluded stay is counted in the report with its reason, checked
 * in the order of EXCLUDED.
 */
export async function readCohort(layout: MimicLayout, job: ImportJob): Promise<CohortStay[]> {
  const icuStays = await readIcuStays(layout.icuStays, job);
  job.report.staysSeen = icuStays.length;
  const admissions = await readAdmissions(
    layout.admissions,
    new Set(icuStays.map((s) => s.hadmId)),
    job,
  );
  const patients = await readPatients(
    layout.patients,
    new Set(icuStays.map((s) => s.subjectId)),
    job,
  );

  const included: CohortStay[] = [];
  let e4WithoutDeathtime = 0;
  const outsideCategories = new Map<string, number>();
  const outside = (name: string) =>
    outsideCategories.set(name, (outsideCategories.get(name) ?? 0) + 1);
  for (const row of icuStays) {
    const admission = admissions.get(row.hadmId);
    const patient = patients.get(row.subjectId);
    if (!admission) {
      job.report.exclude(EXCLUDED.noAdmission);
      continue;
    }
    if (admission.subjectId !== row.subjectId) {
      throw new InputError(
        layout.icuStays.name,
        row.line,
        'hadm_id',
        `admission ${row.hadmId} belongs to subject ${admission.subjectId} in admissions, not ${row.subjectId}`,
      );
    }
    if (!patient) {
      job.report.exclude(EXCLUDED.noPatient);
      continue;
    }
    if (row.outtime === null) {
      job.report.exclude(EXCLUDED.noOuttime);
      continue;
    }
    // MIMIC shifts dates per patient; anchor_age is the age in anchor_year, so the age at
    // ICU admission moves with the (shifted) year of intime.
    const age = patient.anchorAge + new Date(row.intime).getUTCFullYear() - patient.anchorYear;
    if (age < ADULT_AGE) {
      job.report.exclude(EXCLUDED.underAge);
      continue;
    }
    if (row.outtime - row.intime < WINDOW_HOURS * HOUR_MS) {
      job.report.exclude(EXCLUDED.shortStay);
      continue;
    }
    const outcomes = stayOutcomes(
      {
        hospitalExpireFlag: admission.hospitalExpireFlag,
        deathtime: admission.deathtime,
        dodDay: patient.dodDay,
      },
      row.intime,
      row.outtime,
      row.losDays,
    );
    if (outcomes.e4WithoutDeathtime) e4WithoutDeathtime++;
    included.push(
      new CohortStay(
        row.stayId,
        row.subjectId,
        row.hadmId,
        row.intime,
        row.outtime,
        splitForSubject(String(row.subjectId)),
        outcomes.labels,
        screenAdmissionText(
          stayAttributes({
            ...admission,
            gender: patient.gender,
            age,
            // Text the store keeps as written, so screened like admissions.csv's own.
            firstCareunit: job.guard.text(row.firstCareunit, {
              file: layout.icuStays.name,
              line: row.line,
              field: 'first_careunit',
            }),
            anchorYearGroup: job.guard.text(patient.anchorYearGroup, {
              file: layout.patients.name,
              line: patient.line,
              field: 'anchor_year_group',
            }),
          }),
          { file: layout.admissions.name, line: admission.line },
          job,
        ),
        tableStaticInputs(
          {
            age,
            gender: patient.gender,
            admissionType: admission.admissionType,
            firstCareunit: row.firstCareunit,
          },
          outside,
        ),
      ),
    );
  }
  for (const [name, stays] of outsideCategories) {
    job.report.note(
      `${stays} included stay(s) have a ${name} that is not one of MIMIC-IV's known categories; they have no ${name} static input.`,
    );
  }
  if (e4WithoutDeathtime > 0) {
    job.report.note(
      `E4: ${e4WithoutDeathtime} included stay(s) died in hospital without an admissions.deathtime; labelled from patients.dod, or positive when that is empty too (see outcomes.ts).`,
    );
  }
  return included;
}
