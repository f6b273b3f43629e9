/**
 * Page 1: what was audited (cohort, model, task), where every number came from (run,
 * bundle hashes, execution provider, app version) and when the report was made, with the
 * warnings a reader must see before any figure: synthetic data, an unfinished run, a cohort
 * or bundle that changed since the run.
 */
import { describeSearchExtent, searchExtentOf, unsearchedStaysWords } from '../../../shared/audit';
import { describeDecision } from '../../../shared/calibration';
import { HOURLY_WINDOWS_ONLY, hourlyWindowsOnly } from '../../../shared/evidence-units';
import { variableMatchSentences } from '../../../shared/variable-match';
import { portablePath } from '../paths/portable-path';
import type { PdfLayout } from './pdf-layout';
import { COLOURS, TYPE } from './report-style';
import { decimal, utcMinute } from './figure-format';
import { careSentence } from './committee-summary';
import { percentText, taskTitle } from '../../../shared/review-reason';
import type { BundleFacts, ReportData } from './report-data-types';

function warningBox(layout: PdfLayout, title: string, text: string): void {
  const doc = layout.doc;
  const width = layout.width - 16;
  layout.style({ bold: true });
  const titleHeight = doc.heightOfString(title, { width });
  layout.style({});
  const height = titleHeight + doc.heightOfString(text, { width }) + 14;
  layout.ensureSpace(height + 8);
  const y = doc.y;
  doc
    .rect(layout.left, y, layout.width, height)
    .lineWidth(1.2)
    .strokeColor(COLOURS.banner)
    .stroke();
  layout
    .style({ bold: true, colour: COLOURS.banner })
    .text(title, layout.left + 8, y + 6, { width });
  layout.style({}).text(text, layout.left + 8, doc.y + 1, { width });
  doc.x = layout.left;
  doc.y = y + height + 8;
  layout.touch();
}

function scope(data: ReportData): string {
  const { run } = data;
  const split = run.spec.split ? `${run.spec.split} split` : 'all splits';
  const subset = run.spec.stayKeys ? `, ${run.spec.stayKeys.length} chosen stays` : '';
  return `${split}${subset}`;
}

function trainedOn(b: BundleFacts, task: string): string {
  const kind =
    b.trainedOnSynthetic === true
      ? 'SYNTHETIC, '
      : b.trainedOnSynthetic === false
        ? 'real data, '
        : '';
  const source = b.trainingSource ? `source ${b.trainingSource}, ` : '';
  return `cohort “${b.trainingCohort}” (${kind}${source}training hash ${b.trainingContentHash.slice(0, 16)}…: a SHA-256 over the stays labelled for ${task} only, so it never equals the cohort content hash above even for the same data)`;
}

export function drawCover(layout: PdfLayout, data: ReportData): void {
  const { run, cohort, model } = data;
  const unsearched = unsearchedStaysWords(run);
  const doc = layout.doc;
  layout.style({ size: TYPE.title, bold: true, colour: COLOURS.accent });
  doc.text('ToE Audit report', layout.left, layout.top + 10, { width: layout.width });
  layout.style({ size: 13, colour: COLOURS.text });
  const task = model.taskDescription ? `${model.task} (${model.taskDescription})` : model.task;
  doc.text(`Audit run ${run.id}: model ${task} on cohort “${cohort.name}”`, {
    width: layout.width,
  });
  doc.y += 4;
  const units = hourlyWindowsOnly(run.provenance)
    ? `hourly vital-sign windows (${HOURLY_WINDOWS_ONLY}: the model has no note stream)`
    : 'hourly vital-sign windows and radiology-note chunks';
  layout.paragraph(
    `Tree-of-Evidence audit of a clinical risk model: for every stay, a beam search looks for the few ${units} that reproduce the model’s decision, and flags the alerts whose search exhausts its budget.`,
    { colour: COLOURS.muted, gapAfter: 10 },
  );
  if (cohort.synthetic) {
    warningBox(layout, 'SYNTHETIC COHORT: NOT PATIENT DATA', cohort.description);
  }
  if (run.status !== 'completed') {
    warningBox(
      layout,
      `Run ${run.status}${run.interrupted ? ' (interrupted)' : ''}: ${run.doneStays} of ${run.totalStays} stays audited`,
      'Every figure describes the audited stays only. Resume the run (toe resume) and make the report again for the complete cohort.',
    );
  }
  if (cohort.changedSinceRun) {
    warningBox(
      layout,
      'The cohort changed since this run',
      'Its data no longer match the content hash the run recorded; the figures are the run’s, but the vital signs and note text quoted in the example traces are read from the store as it is now.',
    );
  }
  if (model.bundleProblem)
    warningBox(layout, 'Model bundle not available as audited', model.bundleProblem);
  if (model.training?.syntheticOnReal) {
    warningBox(
      layout,
      'MODEL TRAINED ON SYNTHETIC DATA, AUDITED ON REAL STAYS',
      `The bundle was trained on the SYNTHETIC cohort “${model.training.trainingCohort}”. Its risks for these patients have no clinical validity; the audit shows how that model behaves here, not how a clinical model would.`,
    );
  }

  layout.heading(`What the model does for care: ${taskTitle(model.task)}`);
  layout.paragraph(careSentence(data.statistics), { gapAfter: 6 });
  layout.heading('Cohort');
  layout.keyValues([
    [
      'Cohort',
      `${cohort.name} (id ${cohort.id}, source ${cohort.source}${cohort.synthetic ? ', SYNTHETIC' : ''})`,
    ],
    [
      'Stays in cohort',
      `${cohort.stays} (train ${cohort.splits.train}, val ${cohort.splits.val}, test ${cohort.splits.test})`,
    ],
    ['Audited scope', scope(data)],
    [
      'Stays audited',
      `${run.doneStays} of ${run.totalStays} planned${unsearched === null ? '' : `; ${unsearched}`}`,
    ],
    [
      'Cohort content hash',
      `${cohort.contentHash} (SHA-256 over every stay’s data, outcomes and attributes; recorded by the run)`,
    ],
    ['Cohort created', utcMinute(cohort.createdAt)],
  ]);
  layout.heading('Model');
  const b = model.bundle;
  layout.keyValues([
    ['Task', task],
    ['Bundle', portablePath(model.bundleDir)],
    ['Decision', describeDecision(model.decision)],
    [
      'Decision threshold',
      `alert at a predicted risk of ${percentText(model.params.threshold)} or more (${decimal(model.params.threshold, 4)})`,
    ],
    ['Bundle made', b ? utcMinute(b.createdAt) : '— (bundle not readable)'],
    ['Trained on', b ? trainedOn(b, model.task) : '—'],
    ['This cohort and training', model.training?.sentence ?? '— (bundle not readable)'],
    [
      'Recorded test AUROC',
      b?.recordedTest
        ? `${decimal(b.recordedTest.auroc)} on ${b.recordedTest.stays} stays (${b.recordedTest.positives} positive), at training`
        : '—',
    ],
    [
      'Bundle files verified',
      `${model.files} files, SHA-256 of each recorded with the run (Appendix A)`,
    ],
  ]);
  layout.heading('Run provenance');
  const variables = variableMatchSentences(run.provenance.variableMatch);
  layout.keyValues([
    ['Audit run', `${run.id}, status ${run.status}`],
    [
      'Started / finished',
      `${utcMinute(run.startedAt)} / ${utcMinute(run.finishedAt)}${run.resumedAt ? ` (resumed ${utcMinute(run.resumedAt)})` : ''}`,
    ],
    ...(variables.length > 0 ? [['Variables matched by name', variables.join(' ')] as const] : []),
    ['Execution provider', run.provenance.executionProvider],
    ['ToE Audit version', run.provenance.appVersion],
    [
      'Search parameters',
      `B = ${model.params.beamWidth}, S_max = ${model.params.maxSteps}, λ = ${model.params.lambda}, μ = ${model.params.mu}, τ_conf = ${model.params.tauConf}, τ_suff = ${model.params.tauSuff}, ${model.params.stability} stability`,
    ],
    ['Searches', describeSearchExtent(searchExtentOf(run.spec))],
  ]);
  layout.heading('This report');
  layout.keyValues([
    ['Report date', utcMinute(data.settings.generatedAt)],
    [
      'Intervals',
      `95%: a share of stays exact (Clopper–Pearson), a ratio of two shares Katz’s log interval; every other figure a percentile bootstrap, ${data.settings.resamples} resamples of stays, seed ${data.settings.seed}`,
    ],
    [
      'Report format',
      `version ${data.reportVersion}; figures as estimate (95% CI), “—” where a figure has no value, with the reason; “too few stays to estimate an interval” where no interval can be shown`,
    ],
  ]);
}
