import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/core/**/*.test.ts',
      'test/cli/**/*.test.ts',
      'test/server/**/*.test.ts',
      'test/packaging/**/*.test.ts',
      'test/architecture/**/*.test.ts',
    ],
    environment: 'node',
    // Real SQLite files and ONNX sessions: give slow machines room, fail on real hangs.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The test process runs without --single-threaded-gc, which would put every pool worker
    // in a host process of its own (jobs/pool-thread.ts): tests keep them in process, and
    // test/core/jobs/pool-thread.test.ts runs both pools through host processes.
    env: { TOE_POOL_HOST: 'thread' },
  },
});
