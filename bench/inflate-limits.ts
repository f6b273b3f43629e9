// What any importer of a .csv.gz can reach at best on this machine: the file inflated alone
// (bytes counted), and inflated with a bare JavaScript pass over every byte counting line
// feeds. Read and inflated in the chunk sizes csv-scanner.ts uses.
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';

export interface InflateLimits {
  inflatedBytes: number;
  lines: number;
  inflateSeconds: number;
  lineScanSeconds: number;
}

async function inflate(path: string, eachChunk: (chunk: Buffer) => void): Promise<number> {
  const started = performance.now();
  const source = createReadStream(path, { highWaterMark: 1 << 20 });
  const inflated = pipeline(source, createGunzip({ chunkSize: 1 << 18 }), () => undefined);
  for await (const chunk of inflated as AsyncIterable<Buffer>) eachChunk(chunk);
  return (performance.now() - started) / 1000;
}

export async function inflateLimits(path: string): Promise<InflateLimits> {
  let inflatedBytes = 0;
  const inflateSeconds = await inflate(path, (chunk) => (inflatedBytes += chunk.length));
  let lines = 0;
  const lineScanSeconds = await inflate(path, (chunk) => {
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  });
  return { inflatedBytes, lines, inflateSeconds, lineScanSeconds };
}
