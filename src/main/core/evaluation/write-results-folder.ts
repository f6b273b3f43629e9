/**
 * An evaluation's output folder (the result as JSON, the per-stay records, the CSV tables,
 * the PNG figures and the results page that links them, relatively, so the folder can be
 * moved or copied as a whole), and the spurious-feature audit's, written.
 */
import { REPORT_FILE } from '../../../shared/evaluation-settings';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  evaluationFigures,
  spuriousFigures,
  type ChartImage,
  type EvaluationResult,
  type SpuriousAuditResult,
} from '../../../shared/charts';
import { renderChartPng } from '../report/chart-png';
import { methodsCsv, summaryCsv } from './csv-tables';
import { evaluationResultsPage } from './results-page/results-page';
import { spuriousResultsPage } from './results-page/spurious-results-page';
import type { StayRecord } from './stay-record';

/** Every figure is drawn at this size: legible in a browser and in an A4 PDF. */
export const FIGURE_SIZE = { width: 1000, height: 600 } as const;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function writeFigures(dir: string, figures: readonly ChartImage[]): string[] {
  return figures.map((figure) => {
    writeFileSync(join(dir, figure.file), renderChartPng(figure.config, FIGURE_SIZE));
    return figure.file;
  });
}

/** One file of a report folder, named relative to the folder. */
export interface ResultsFile {
  file: string;
  bytes: Uint8Array;
}

/**
 * An evaluation's folder as bytes, for whoever writes it: the result as JSON, the per-stay
 * records, the CSV tables, the Markdown report and the PNG figures it links.
 */
export function evaluationFolder(
  result: EvaluationResult,
  records: readonly StayRecord[],
): ResultsFile[] {
  const texts: [string, string][] = [
    ['evaluation.json', json(result)],
    ['stays.json', json(records)],
    ['methods.csv', methodsCsv(result)],
    ['summary.csv', summaryCsv(result)],
    [REPORT_FILE, evaluationResultsPage(result)],
  ];
  return [
    ...texts.map(([file, text]) => ({ file, bytes: Buffer.from(text, 'utf8') })),
    ...evaluationFigures(result).map((figure) => ({
      file: figure.file,
      bytes: renderChartPng(figure.config, FIGURE_SIZE),
    })),
  ];
}

export function writeSpuriousFolder(dir: string, result: SpuriousAuditResult): string[] {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'spurious.json'), json(result));
  writeFileSync(join(dir, REPORT_FILE), spuriousResultsPage(result));
  return ['spurious.json', REPORT_FILE, ...writeFigures(dir, spuriousFigures(result))];
}
