import type { RuntimeContext, ServiceContext } from '@planner/service-kit';
import type { MediaStorage } from './adapters/media-storage.js';
import type { PostsConfig } from './config.js';

/** What the service reaches the outside through: made from config, unless a test gives its own. */
export interface PostsAdapters {
  /** Where uploaded and generated media are kept. */
  storage: MediaStorage;
}

/** What the service's entry points are given. */
export type PostsContext = RuntimeContext<ServiceContext<PostsConfig>, PostsAdapters>;
