// One worker of the ceiling's "all cores as workers" figure: its own runtime (one intra-op
// thread, as audit workers run), the same stay and masks; waits for 'go' so that every
// worker measures at the same time, then reports its states per second.
import { parentPort, workerData } from 'node:worker_threads';
import { ModelRuntime, type StayTensors } from '../src/main/core/models';
import { CEILING_MASKS, randomQueries, statesPerSecond } from './ceiling-masks';

interface CeilingWorkerData {
  entry: string;
  bundleDir: string;
  tensors: StayTensors;
  seed: number;
}

const data = workerData as CeilingWorkerData;
const port = parentPort!;
const runtime = await ModelRuntime.open(data.bundleDir, {
  executionProvider: 'cpu',
  intraOpNumThreads: 1,
});
const model = runtime.modelFor(data.tensors);
const queries = randomQueries(model, CEILING_MASKS, data.seed);
port.once('message', () => {
  void statesPerSecond(model, queries).then(async (rate) => {
    port.postMessage(rate);
    await runtime.close();
    port.close();
  });
});
port.postMessage('ready');
