#!/usr/bin/env -S node --single-threaded-gc
// The `toe` command. tsx compiles the TypeScript core on the fly, so the CLI runs from a
// fresh clone under plain Node with no build step. --single-threaded-gc (also in package.json's
// scripts): each audit or evaluation worker collects its own garbage instead of V8's helper
// threads taking time from the other workers; V8 flags can only be given when the process
// starts (docs/performance.md, "Workers").
import { register } from 'tsx/esm/api';

register();
// `toe … | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const { main } = await import('../src/main/cli/toe.ts');
process.exitCode = await main(process.argv.slice(2));
