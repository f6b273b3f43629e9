import { describe, expect, it } from 'vitest';
import {
  detectPhi,
  maskExcerpt,
  PhiGuard,
  PhiRefusedError,
  placeholderOf,
} from '../../../src/main/core/phi';

const NOTE = 'Seen by Dr. Mary Jones. Call 617-555-0199 on 03/14/2187.';
const place = { file: 'notes.csv', line: 4, field: 'text' };

describe('PhiGuard', () => {
  it('refuses by default, listing each finding with its mark, masked', () => {
    const guard = new PhiGuard();
    expect(guard.text(NOTE, place)).toBe(NOTE);
    expect(guard.found).toBe(3);
    const error = (() => {
      try {
        guard.check();
        return null;
      } catch (caught) {
        return caught as PhiRefusedError;
      }
    })();
    expect(error).toBeInstanceOf(PhiRefusedError);
    expect(error!.findings.map((f) => [f.mark, f.kind, f.excerpt])).toEqual([
      ['notes.csv:4:text:12', 'name', 'Ma******es'],
      ['notes.csv:4:text:29', 'phone', '61********99'],
      ['notes.csv:4:text:45', 'date', '03******87'],
    ]);
    expect(error!.message).toMatch(
      /^Refused: 3 possible direct identifiers \(notes\.csv:4:text:12/,
    );
    expect(error!.message).not.toContain('Mary');
  });

  it('redacts each finding with a placeholder of its kind, and the result scans clean', () => {
    const guard = new PhiGuard({ mode: 'redact', falseAlarms: [] });
    const redacted = guard.text(NOTE, place);
    expect(redacted).toBe('Seen by Dr. [**name**]. Call [**phone**] on [**date**].');
    expect(detectPhi(redacted)).toEqual([]);
    expect(() => guard.check()).not.toThrow();
    expect(guard.screening()).toEqual({
      mode: 'redact',
      scanned: ['notes.csv text'],
      found: [
        { kind: 'name', count: 1 },
        { kind: 'date', count: 1 },
        { kind: 'phone', count: 1 },
      ],
      falseAlarms: [],
      unmatchedMarks: [],
    });
  });

  it('keeps a finding marked a false alarm in every mode, and records it', () => {
    for (const mode of ['refuse', 'redact', 'allow'] as const) {
      const guard = new PhiGuard({
        mode,
        falseAlarms: ['notes.csv:4:text:12', 'notes.csv:9:text:0'],
      });
      const kept = guard.text('Seen by Dr. Mary Jones today.', place);
      expect(kept).toBe('Seen by Dr. Mary Jones today.');
      expect(() => guard.check()).not.toThrow();
      const screening = guard.screening();
      expect(screening.found).toEqual([]);
      expect(screening.falseAlarms).toEqual([
        expect.objectContaining({ mark: 'notes.csv:4:text:12', kind: 'name', start: 12, end: 22 }),
      ]);
      // A mark that matched nothing is reported, not silently dropped.
      expect(screening.unmatchedMarks).toEqual(['notes.csv:9:text:0']);
    }
  });

  it('a false alarm is one finding: the rest of the text is still screened', () => {
    const guard = new PhiGuard({ mode: 'refuse', falseAlarms: ['notes.csv:4:text:12'] });
    guard.text(NOTE, place);
    expect(guard.found).toBe(2);
    expect(() => guard.check()).toThrow(PhiRefusedError);
  });

  it('redacts an identifier used as an id to one pseudonym per value', () => {
    const guard = new PhiGuard({ mode: 'redact', falseAlarms: [] });
    const at = (line: number) => ({ file: 'stays.csv', line, field: 'subject_id' });
    expect(guard.id('123-45-6789', at(2))).toBe('[**ssn 1**]');
    expect(guard.id('p7', at(3))).toBe('p7');
    expect(guard.id('987-65-4321', at(4))).toBe('[**ssn 2**]');
    expect(guard.id('123-45-6789', at(5))).toBe('[**ssn 1**]');
  });

  it('marks texts without lines by file, field and start', () => {
    const guard = new PhiGuard();
    guard.text('Cohort of Dr. Mary Jones', { file: 'cohort.json', line: null, field: 'name' });
    expect(() => guard.check()).toThrow(/cohort\.json:name:14 name/);
  });

  it('lists at most 1,000 findings but counts them all', () => {
    const guard = new PhiGuard();
    for (let line = 1; line <= 1_200; line++) guard.text('Call 617-555-0199.', { ...place, line });
    try {
      guard.check();
      expect.unreachable();
    } catch (error) {
      expect((error as PhiRefusedError).findings).toHaveLength(1_000);
      expect((error as PhiRefusedError).total).toBe(1_200);
      expect((error as PhiRefusedError).message).toContain('and 1,190 more');
    }
  });

  it('words a refused review as a review, not an import', () => {
    const guard = new PhiGuard(undefined, 'review');
    guard.text('Discussed with wife Jane.', { file: 'review', line: null, field: 'comment' });
    expect(() => guard.check()).toThrow(/The review was not saved/);
  });
});

describe('maskExcerpt and placeholderOf', () => {
  it('shows at most a third of a match, nothing of a short one', () => {
    expect(maskExcerpt('02115')).toBe('*****');
    expect(maskExcerpt('Age 92')).toBe('A****2');
    expect(maskExcerpt('John Smith')).toBe('Jo******th');
  });

  it('writes MIMIC-style placeholders the detector reads as de-identified', () => {
    expect(placeholderOf('age over 89')).toBe('[**age over 89**]');
    expect(
      detectPhi(`Patient ${placeholderOf('name')} is ${placeholderOf('age over 89')}.`),
    ).toEqual([]);
  });
});
