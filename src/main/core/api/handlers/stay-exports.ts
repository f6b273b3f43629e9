// A run's per-stay results for analysts (`toe export`), as CSV and JSON text in the one column
// vocabulary of every export (audit/export-columns.ts). The caller writes the text.
import { stayResults, stayResultsCsv, stayResultsJson } from '../../report/stay-results-export';
import type { HandlerContext, HandlerGroup } from '../handler-types';

export function stayExportHandlers({ store }: HandlerContext): HandlerGroup<'runs.exportStays'> {
  return {
    'runs.exportStays': async ({ runId, csv, json, excelBom }) => {
      const data = stayResults(store, runId);
      return {
        stays: data.rows.length,
        csv: csv ? stayResultsCsv(data, { excelBom }) : null,
        json: json ? `${JSON.stringify(stayResultsJson(data), null, 2)}\n` : null,
      };
    },
  };
}
