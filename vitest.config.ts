import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/core/**/*.test.ts',
      'test/cli/**/*.test.ts',
      'test/server/**/*.test.ts',
      'test/packaging/**/*.test.ts',
    ],
    environment: 'node',
    // Real SQLite files and ONNX sessions: give slow machines room, fail on real hangs.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
