// Loads a worker thread written in TypeScript when the app runs from source (CLI under tsx,
// tests): a worker thread starts without the parent's loader hooks, so it registers tsx
// first. The built app starts its compiled worker directly and never uses this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
