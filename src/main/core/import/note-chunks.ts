import type { NoteRule } from '../../../shared/domain';
import type { NoteChunk } from '../store';

export const DEFAULT_NOTE_RULE: NoteRule = { sentencesPerChunk: 3, maxChunks: 20 };

/**
 * Splits report text into sentences: a run ending in . ! or ? followed by white space, or a
 * line break between non-empty lines (radiology reports often list findings one per line).
 * Abbreviations with a period ("e.g.", "approx.") are rare in reports and only make a chunk
 * boundary shift by a sentence, which the rule tolerates.
 */
export function splitSentences(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/(?<=[.!?])\s+|\n\s*\n|\n(?=[A-Z0-9 ]+:)/u)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 0);
}

/**
 * Turns a stay's reports (in time order) into note units: sentences grouped
 * `sentencesPerChunk` at a time, each report chunked on its own, keeping the most recent
 * `maxChunks` chunks when there are more.
 */
export function chunkReports(
  reports: readonly { charttime: string | null; text: string }[],
  rule: NoteRule,
): NoteChunk[] {
  const chunks: NoteChunk[] = [];
  for (const report of reports) {
    const sentences = splitSentences(report.text);
    for (let i = 0; i < sentences.length; i += rule.sentencesPerChunk) {
      chunks.push({
        charttime: report.charttime,
        text: sentences.slice(i, i + rule.sentencesPerChunk).join(' '),
      });
    }
  }
  return chunks.slice(Math.max(0, chunks.length - rule.maxChunks));
}
