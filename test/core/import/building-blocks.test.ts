import { describe, expect, it } from 'vitest';
import { HourlyBins } from '../../../src/main/core/import/hourly-bins';
import { chunkReports, splitSentences } from '../../../src/main/core/import/note-chunks';
import { splitForSubject } from '../../../src/main/core/import/patient-split';
import { PhiGuard, findPhi } from '../../../src/main/core/phi';

describe('hourly bins', () => {
  it('computes mean, min and max per hour and flags empty hours', () => {
    const bins = new HourlyBins(2, 2);
    bins.add(0, 0, 80);
    bins.add(0, 0, 100);
    bins.add(0, 0, 90);
    bins.add(1, 1, 2.5);
    const { series, missing } = bins.toTensor();
    expect(Array.from(series.slice(0, 3))).toEqual([90, 80, 100]);
    expect(Number.isNaN(series[3])).toBe(true);
    expect(Array.from(series.slice(9, 12))).toEqual([2.5, 2.5, 2.5]);
    expect(Array.from(missing)).toEqual([0, 1, 1, 0]);
    expect(bins.valuesOf(0)).toBe(3);
    expect(bins.hoursWith(1)).toBe(1);
  });
});

describe('note chunks', () => {
  it('splits sentences on terminal punctuation, blank lines and section headers', () => {
    expect(
      splitSentences('FINDINGS: Mild edema. No effusion!\nIMPRESSION: Stable?\n\nLines in place'),
    ).toEqual(['FINDINGS: Mild edema.', 'No effusion!', 'IMPRESSION: Stable?', 'Lines in place']);
  });

  it('groups three sentences per chunk, per report, keeping the most recent chunks', () => {
    const report = (n: number, at: string) => ({
      charttime: at,
      text: Array.from({ length: n }, (_, i) => `S${i + 1}.`).join(' '),
    });
    const chunks = chunkReports([report(4, 'a'), report(3, 'b')], {
      sentencesPerChunk: 3,
      maxChunks: 2,
    });
    // report a gives [S1 S2 S3] [S4]; report b gives [S1 S2 S3]; the oldest chunk is dropped.
    expect(chunks).toEqual([
      { charttime: 'a', text: 'S4.' },
      { charttime: 'b', text: 'S1. S2. S3.' },
    ]);
  });
});

describe('patient split', () => {
  it('is stable and close to 70/15/15 over many patients', () => {
    expect(splitForSubject('10000032')).toBe(splitForSubject('10000032'));
    const counts = { train: 0, val: 0, test: 0 };
    for (let i = 0; i < 20_000; i++) counts[splitForSubject(String(10_000_000 + i))]++;
    expect(counts.train / 20_000).toBeCloseTo(0.7, 1);
    expect(counts.val / 20_000).toBeCloseTo(0.15, 1);
    expect(counts.test / 20_000).toBeCloseTo(0.15, 1);
  });
});

describe('PHI guard', () => {
  it.each([
    ['email', 'Contact jane.doe@example.org for results.'],
    ['phone', 'Call (617) 555-0199 with questions.'],
    ['ssn', 'SSN 123-45-6789 on file.'],
    ['mrn', 'MRN: 4456789 reviewed.'],
    ['street address', 'Lives at 221 Baker Street with family.'],
  ])('finds a %s and masks it in the report', (kind, text) => {
    const [finding] = findPhi(text, { file: 'notes.csv', line: 7, field: 'text' });
    expect(finding).toMatchObject({ kind, file: 'notes.csv', line: 7, field: 'text' });
    expect(finding!.mark).toBe(`notes.csv:7:text:${finding!.start}`);
    expect(text).not.toContain(finding!.excerpt);
  });

  it('leaves de-identified radiology text alone', () => {
    const text =
      'Compared to ___, the ETT terminates 4.5 cm above the carina. Heart size 12 cm. BP 120/80. 2 views.';
    expect(findPhi(text, { file: 'r.csv', line: 2, field: 'text' })).toEqual([]);
  });

  it('refuses with where and why unless the user overrides', () => {
    const place = { file: 'radiology.csv', line: 12, field: 'text' };
    const strict = new PhiGuard({ mode: 'refuse', falseAlarms: [] });
    strict.text('Email a@b.com', place);
    expect(() => strict.check()).toThrow(
      /radiology\.csv:12:text:6 email.*--redact-phi.*--allow-phi/,
    );
    const lenient = new PhiGuard({ mode: 'allow', falseAlarms: [] });
    expect(lenient.text('Email a@b.com', place)).toBe('Email a@b.com');
    expect(() => lenient.check()).not.toThrow();
  });
});
