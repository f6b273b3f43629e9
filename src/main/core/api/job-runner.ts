/**
 * Long calls run as jobs: a caller-chosen (or generated) id, progress events carrying it,
 * an abort signal that jobs.cancel fires, and a `job.finished` event either way.
 */
import type { ApiEvent } from '../../../shared/contract';
import { JobRegistry } from '../jobs/job-registry';
import type { ProgressSink } from '../jobs/progress';

export interface Job {
  jobId: string;
  signal: AbortSignal;
  progress: ProgressSink;
}

export interface JobRunner {
  run<T>(requestedId: string | undefined, work: (job: Job) => Promise<T>): Promise<T>;
  cancel(jobId: string): boolean;
}

export function createJobRunner(emit: (event: ApiEvent) => void): JobRunner {
  const jobs = new JobRegistry(emit);
  return {
    async run(requestedId, work) {
      const job = jobs.start(requestedId);
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
