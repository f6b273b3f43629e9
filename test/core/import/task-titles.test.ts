import { describe, expect, it } from 'vitest';
import { MIMIC_TASKS, TASK_DESCRIPTIONS } from '../../../src/main/core/import/clinical-variables';
import { taskTitle as reasonTaskTitle } from '../../../src/shared/review-reason';
import { PAPER_TASK_OUTCOMES, taskOutcome, taskTitle } from '../../../src/shared/task-titles';

describe('task titles', () => {
  it('names every task by its outcome', () => {
    expect(taskTitle('E1')).toBe('E1 · hospital mortality');
    expect(taskTitle('E2')).toBe('E2 · ICU stay longer than 7 days');
    expect(taskTitle('mortality24')).toBe('mortality24 · death after the first 24 h in the ICU');
    expect(taskTitle('aki')).toBe('aki · acute kidney injury (KDIGO)');
  });

  it('quotes a task it does not know, and never takes an object key for one', () => {
    expect(taskTitle('readmission')).toBe('the “readmission” outcome');
    expect(taskOutcome('toString')).toBeNull();
  });

  it('is the one list the importers and the worklist name tasks from', () => {
    expect(MIMIC_TASKS).toEqual(['E1', 'E2', 'E3', 'E4']);
    expect(TASK_DESCRIPTIONS).toBe(PAPER_TASK_OUTCOMES);
    expect(reasonTaskTitle).toBe(taskTitle);
  });
});
