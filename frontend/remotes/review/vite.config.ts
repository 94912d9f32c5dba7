import { defineConfig } from 'vite';
import { remoteConfig } from '../../remote-contract/src/federation.js';
import pkg from './package.json' with { type: 'json' };

export default defineConfig(remoteConfig('review', pkg.dependencies));
