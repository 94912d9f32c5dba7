import { defineConfig, mergeConfig } from 'vitest/config';
import { remoteTestConfig } from '../../remote-contract/src/federation.js';

// The page tests walk whole forms (dozens of user events each): more than vitest's 5 s on a busy machine.
export default defineConfig(mergeConfig(remoteTestConfig(), { test: { testTimeout: 20_000 } }));
