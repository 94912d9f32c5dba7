import { defineConfig } from 'vitest/config';
import { remoteTestConfig } from '../remote-contract/src/federation.js';

export default defineConfig(remoteTestConfig());
