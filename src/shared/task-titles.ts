/**
 * Every task by its outcome, the one list the app, the CLI and the PDF name tasks from: a
 * task code alone (E1, mortality24) means nothing to a committee or a clinician.
 */

/** The tasks of the paper's cohort (cohort.md): MIMIC-IV and the synthetic demo. */
export const PAPER_TASK_OUTCOMES: Readonly<Record<string, string>> = {
  E1: 'hospital mortality',
  E2: 'ICU stay longer than 7 days',
  E3: 'ICU mortality',
  E4: 'in-hospital death after the 24 h window',
};

/** YAIB's tasks, named by the folder a YAIB / ricu cohort is imported from. */
export const YAIB_TASK_OUTCOMES: Readonly<Record<string, string>> = {
  mortality24: 'death after the first 24 h in the ICU',
  aki: 'acute kidney injury (KDIGO)',
  sepsis: 'sepsis onset (Sepsis-3)',
  kidney_function: 'kidney function (creatinine) after the first 24 h',
  los: 'remaining length of stay',
};

/** The outcome a task predicts, in words; null for a task this list does not know. */
export function taskOutcome(task: string): string | null {
  if (Object.hasOwn(PAPER_TASK_OUTCOMES, task)) return PAPER_TASK_OUTCOMES[task]!;
  if (Object.hasOwn(YAIB_TASK_OUTCOMES, task)) return YAIB_TASK_OUTCOMES[task]!;
  return null;
}

/** "E1 · hospital mortality"; a task without a known outcome keeps its name, quoted. */
export function taskTitle(task: string): string {
  const outcome = taskOutcome(task);
  return outcome ? `${task} · ${outcome}` : `the “${task}” outcome`;
}

/** A task as a refusal lists it: its code and plain title (E1 · hospital mortality), or its code. */
const listedTask = (task: string): string => (taskOutcome(task) === null ? task : taskTitle(task));

/**
 * Why a cohort cannot be audited, trained or evaluated for a task, naming the tasks it has, so
 * that no later refusal gets to suggest one it lacks; null when it has labels for the task.
 * The one wording of the core's refusal and the CLI's.
 */
export function cohortTaskProblem(
  cohort: { name: string; tasks: readonly string[] },
  task: string,
): string | null {
  if (cohort.tasks.includes(task)) return null;
  const tasks = cohort.tasks.length > 0 ? cohort.tasks.map(listedTask).join(', ') : 'none';
  return `cohort "${cohort.name}" has no labels for task ${listedTask(task)}; its tasks are: ${tasks}.`;
}
