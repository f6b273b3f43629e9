import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  ABSTENTION_CSV_COLUMNS,
  abstentionCsv,
  abstentionQueue,
  csvField,
  csvRecord,
  type AbstentionRow,
} from '../../../src/main/core/audit/statistics-index';
import { stay } from './audit-fixtures';

describe('RFC 4180 quoting', () => {
  it('leaves plain fields alone and quotes only when required', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('')).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('"')).toBe('""""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rlf\r\n')).toBe('"cr\rlf\r\n"');
    expect(csvField('Ärztin: Lungenödem, 肺水肿 🫁')).toBe('"Ärztin: Lungenödem, 肺水肿 🫁"');
    expect(csvField('naïve – no comma')).toBe('naïve – no comma');
  });

  it('ends every record with CRLF', () => {
    expect(csvRecord(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });

  it('round-trips awkward fields through a standard CSV parser', () => {
    const fields = ['x', 'a,b', '"quoted"', 'multi\nline', 'cr\r\nlf', 'ünïcödé, 漢字', ' padded '];
    const parsed = parse(csvRecord(fields) + csvRecord(fields), { relax_column_count: false });
    expect(parsed).toEqual([fields, fields]);
  });
});

describe('abstentionCsv', () => {
  const results = [
    stay({ id: 1, p: 0.6, y: 0, pe: 0.55, evidence: 10, exhausted: true }),
    stay({ id: 2, p: 0.88, y: 1, pe: 0.8, evidence: [1, 2, 24], exhausted: true }),
  ];
  const order = [1, 2].map((stayId) => ({ stayId, score: -stayId, rank: stayId, flagged: true }));
  const rows: AbstentionRow[] = abstentionQueue(
    results,
    order,
    [
      {
        stayId: 1,
        verdict: 'discuss',
        comment: 'Says "volume overload",\nbut CXR, per Dr. Müller, was clear',
        reviewedAt: '2024-02-01T10:00:00.000Z',
      },
      { stayId: 2, verdict: 'agree', comment: '=HYPERLINK("x")', reviewedAt: '2024-02-02' },
    ],
    { tauConf: 0.9, tauSuff: 0.9 },
  );

  it('has stable columns', () => {
    expect(ABSTENTION_CSV_COLUMNS.map((c) => c.header)).toEqual([
      'stay_id',
      'store_row_id',
      'review_rank',
      'review_score',
      'flagged_for_review',
      'status',
      'exhaustion_reason',
      'reachable',
      'fails_confidence',
      'fails_stability',
      'confidence',
      'stability',
      'p_full',
      'y_full',
      'label',
      'outcome',
      'evidence_size',
      'note_units',
      'review_verdict',
      'review_comment',
      'reviewed_at',
    ]);
  });

  it('writes one record per row that a parser reads back exactly', () => {
    const csv = abstentionCsv(rows);
    expect(
      csv.startsWith(
        'stay_id,store_row_id,review_rank,review_score,flagged_for_review,status,exhaustion_reason,',
      ),
    ).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      stay_id: 'S1',
      store_row_id: '1',
      review_rank: '1',
      review_score: '-1',
      flagged_for_review: 'true',
      status: 'exhausted',
      exhaustion_reason: 'unreachable',
      reachable: 'false',
      p_full: '0.6',
      y_full: '1',
      outcome: 'FP',
      evidence_size: '10',
      review_verdict: 'discuss',
      review_comment: 'Says "volume overload",\nbut CXR, per Dr. Müller, was clear',
      reviewed_at: '2024-02-01T10:00:00.000Z',
    });
    expect(records[1]).toMatchObject({
      exhaustion_reason: 'confidence',
      note_units: '1',
      outcome: 'TP',
    });
  });

  it('writes a converged stay with its status and no exhaustion reason, as `toe export` does', () => {
    const converged = stay({ id: 3, p: 0.95, y: 1, pe: 0.94, evidence: 2, exhausted: false });
    const all = abstentionQueue(
      [converged],
      [{ stayId: 3, score: -3, rank: 1, flagged: false }],
      [],
      { tauConf: 0.9, tauSuff: 0.9, scope: 'all' },
    );
    const records = parse(abstentionCsv(all), { columns: true }) as Record<string, string>[];
    expect(records).toEqual([
      expect.objectContaining({
        stay_id: 'S3',
        store_row_id: '3',
        status: 'converged',
        exhaustion_reason: '',
        flagged_for_review: 'false',
      }),
    ]);
  });

  it('keeps a spreadsheet from running a comment as a formula', () => {
    const records = parse(abstentionCsv(rows), { columns: true }) as Record<string, string>[];
    expect(records[1]!.review_comment).toBe(`'=HYPERLINK("x")`);
  });

  it('leaves review columns empty for unreviewed stays and prefixes a BOM on request', () => {
    const unreviewed = abstentionQueue(results, order, [], { tauConf: 0.9, tauSuff: 0.9 });
    const csv = abstentionCsv(unreviewed, { excelBom: true });
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const records = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
    expect(records[0]).toMatchObject({ review_verdict: '', review_comment: '', reviewed_at: '' });
    expect(abstentionCsv([])).toBe(`${ABSTENTION_CSV_COLUMNS.map((c) => c.header).join(',')}\r\n`);
  });
});
