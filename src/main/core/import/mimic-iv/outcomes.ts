import { HOUR_MS, WINDOW_HOURS } from './cohort-stay';

const DAY_MS = 24 * HOUR_MS;

/** What the outcome definitions read from a stay's admission and patient rows. */
export interface DeathFacts {
  hospitalExpireFlag: 0 | 1;
  /** admissions.deathtime (ms), null when empty. */
  deathtime: number | null;
  /** patients.dod as the start (00:00) of that day (ms), null when empty. */
  dodDay: number | null;
}

export interface StayOutcomes {
  labels: Record<'E1' | 'E2' | 'E3' | 'E4', 0 | 1>;
  /** E4 could not use a deathtime (in-hospital death without one): the report says how many. */
  e4WithoutDeathtime: boolean;
}

/** True when the calendar day starting at `dayStart` overlaps [from, to]. */
function dayOverlaps(dayStart: number, from: number, to: number): boolean {
  return dayStart <= to && dayStart + DAY_MS > from;
}

/**
 * The paper's four outcomes (cohort.md), for one included stay.
 * - E1: admissions.hospital_expire_flag.
 * - E2: icustays.los > 7 days (the exact in/out difference when los is empty).
 * - E3: death between intime and outtime, inclusive. The death time is admissions.deathtime,
 *   else patients.dod. dod is a date without a time (and, without a deathtime, mostly an
 *   out-of-hospital death from state records), so it counts when that calendar day overlaps
 *   the ICU stay: the only reading that neither invents a time of day nor drops a death
 *   recorded on the day of ICU discharge.
 * - E4: in-hospital death (flag = 1) at or after t0 + 24 h. Without a deathtime the dod day
 *   is used (positive unless that whole day ends before t0 + 24 h); without either, the stay
 *   is positive, because an included stay was in the ICU for 24 h or more, so the in-hospital
 *   death cannot have come before the window ended. Such stays are counted in the report.
 */
export function stayOutcomes(
  death: DeathFacts,
  intime: number,
  outtime: number,
  losDays: number | null,
): StayOutcomes {
  const windowEnd = intime + WINDOW_HOURS * HOUR_MS;
  const los = losDays ?? (outtime - intime) / DAY_MS;

  let diedInIcu = false;
  if (death.deathtime !== null) diedInIcu = death.deathtime >= intime && death.deathtime <= outtime;
  else if (death.dodDay !== null) diedInIcu = dayOverlaps(death.dodDay, intime, outtime);

  let diedAfterWindow = false;
  let e4WithoutDeathtime = false;
  if (death.hospitalExpireFlag === 1) {
    if (death.deathtime !== null) diedAfterWindow = death.deathtime >= windowEnd;
    else {
      e4WithoutDeathtime = true;
      diedAfterWindow = death.dodDay === null || death.dodDay + DAY_MS > windowEnd;
    }
  }

  return {
    labels: {
      E1: death.hospitalExpireFlag,
      E2: los > 7 ? 1 : 0,
      E3: diedInIcu ? 1 : 0,
      E4: diedAfterWindow ? 1 : 0,
    },
    e4WithoutDeathtime,
  };
}

/** Start of the UTC day holding `time`: dod may come as a date or as a midnight date-time. */
export function dayStart(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}
