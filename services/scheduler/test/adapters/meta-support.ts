import { startMediaHost, type RecordedRequest } from '@planner/platform-stand-ins';
import type { AdapterTiming } from '../../src/adapters/platforms/platform-fetch.js';
import { bodyOf, config } from './harness.js';

/** The Graph version path the adapters call by default (META_GRAPH_VERSION): `/v27.0`. */
export const GRAPH = `/${config({}).META_GRAPH_VERSION}`;

/** Short timings so polls and timeouts take milliseconds; the stand-ins answer `slow` after 1 s. */
export const FAST: Partial<AdapterTiming> = { requestTimeoutMs: 400, pollDelaysMs: [10], pollTimeoutMs: 3000 };

/** Media at links, as the posts service signs them: Meta fetches these itself. */
export const startMedia = () =>
  startMediaHost({
    'photo.jpg': { contentType: 'image/jpeg', bytes: Buffer.from('jpeg bytes') },
    'second.jpg': { contentType: 'image/jpeg', bytes: Buffer.from('more jpeg bytes') },
    'photo.png': { contentType: 'image/png', bytes: Buffer.from('png bytes') },
    'clip.mp4': { contentType: 'video/mp4', bytes: Buffer.from('mp4 bytes') },
  });

/** The POSTs to `path` a stand-in received from request number `from` on, with their JSON bodies (container create calls). */
export const postsTo = (standIn: { requests: RecordedRequest[] }, path: string, from: number) =>
  standIn.requests
    .slice(from)
    .filter((request) => request.method === 'POST' && request.path === path)
    .map(bodyOf);
