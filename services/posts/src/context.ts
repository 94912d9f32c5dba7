import type { RuntimeContext, ServiceContext } from '@planner/service-kit';
import type { ContentGenerator, ImageGenerator } from './adapters/generators.js';
import type { MediaStorage } from './adapters/media-storage.js';
import type { PostsConfig } from './config.js';

/** What the service reaches the outside through: made from config, unless a test gives its own. */
export interface PostsAdapters {
  /** Where uploaded and generated media are kept. */
  storage: MediaStorage;
  /** Writes posts: OpenAI when OPENAI_API_KEY is set, else the labelled sandbox. */
  contentGenerator: ContentGenerator;
  /** Draws images for posts: OpenAI when OPENAI_API_KEY is set, else a sandbox placeholder. */
  imageGenerator: ImageGenerator;
}

/** What the service's entry points are given. */
export type PostsContext = RuntimeContext<ServiceContext<PostsConfig>, PostsAdapters>;
