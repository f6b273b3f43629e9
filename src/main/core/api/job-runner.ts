/**
 * Long calls run as jobs: a caller-chosen (or generated) id, progress events carrying it,
 * an abort signal that jobs.cancel fires, a point of no return before the job commits, and a
 * `job.finished` event either way saying how it ended.
 */
import type { ApiEvent, CancelReply } from '../../../shared/contract';
import { JobRegistry } from '../jobs/job-registry';
import type { ProgressSink } from '../../../shared/domain';

export interface Job {
  jobId: string;
  signal: AbortSignal;
  progress: ProgressSink;
  /**
   * The last cancel check, right before the job commits (see lastCancelCheck): throws
   * CancelledError if a Cancel came first; a later Cancel is told it came too late.
   */
  beginCommit: (what: string) => void;
}

export interface JobRunner {
  run<T>(requestedId: string | undefined, work: (job: Job) => Promise<T>): Promise<T>;
  cancel(jobId: string): CancelReply;
}

export function createJobRunner(emit: (event: ApiEvent) => void): JobRunner {
  const jobs = new JobRegistry(emit);
  return {
    async run(requestedId, work) {
      const started = jobs.start(requestedId);
      const job: Job = {
        ...started,
        beginCommit: (what) => jobs.beginCommit(started.jobId, what),
      };
      try {
        const result = await work(job);
        jobs.finish(job.jobId, null);
        return result;
      } catch (error) {
        jobs.finish(job.jobId, error as Error);
        throw error;
      }
    },
    cancel: (jobId) => jobs.cancel(jobId),
  };
}
