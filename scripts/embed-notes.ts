/**
 * The embed step of training with an ONNX text encoder (docs/model-bundle.md, "Plugging in
 * an ONNX text encoder"): runs every note chunk of a cohort through the encoder folder's
 * model with onnxruntime-node and stores the vectors in chunk_embeddings under the
 * encoder's id, where `train.py --text-encoder DIR` reads them.
 *
 *   node --import tsx scripts/embed-notes.ts --db STORE.sqlite --cohort NAME --encoder DIR
 *
 * Chunks already embedded under that id are skipped, so re-running is cheap. Prints one
 * JSON line {encoderId, embeddingDim, stays, chunks, embedded}; exits 1 on any problem.
 * `toe train --text-encoder DIR` runs this step itself.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { embedCohortNotes } from '../src/main/core/models/cohort-embedding';
import { openEncoderFolder } from '../src/main/core/models/encoder-folder';
import { Store } from '../src/main/core/store';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    cohort: { type: 'string' },
    encoder: { type: 'string' },
  },
});
if (!values.db || !values.cohort || !values.encoder) {
  process.stderr.write('usage: embed-notes.ts --db STORE.sqlite --cohort NAME --encoder DIR\n');
  process.exit(2);
}

async function main(db: string, cohort: string, dir: string): Promise<void> {
  // Opening a missing path would create an empty store: say what is wrong instead.
  if (!existsSync(db)) throw new Error(`no store at ${db}`);
  const store = new Store(db);
  // CPU: the vectors must not depend on which machine has a GPU (training reads them).
  const encoder = await openEncoderFolder(dir, { executionProvider: 'cpu' });
  try {
    const report = await embedCohortNotes(
      store,
      store.resolveCohort(cohort),
      encoder.runner,
      encoder.folder.id,
      (done, total) => process.stderr.write(`\rembedding notes: ${done}/${total} stays`),
    );
    process.stderr.write('\n');
    const line = { encoderId: encoder.folder.id, embeddingDim: encoder.runner.dim, ...report };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } finally {
    await encoder.close();
    store.close();
  }
}

main(values.db, values.cohort, values.encoder).catch((error: unknown) => {
  process.stderr.write(`embed-notes: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
