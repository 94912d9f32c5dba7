import type { Logger } from '@planner/service-kit';
import type { PostsConfig } from '../config.js';
import type { ContentGenerator, ImageGenerator } from './generators.js';
import { OpenAIContentGenerator, OpenAIImageGenerator, openAIClient } from './openai-generators.js';
import { SandboxContentGenerator, SandboxImageGenerator } from './sandbox-generators.js';

/** The generators the config asks for: OpenAI with a key, the labelled sandbox without one. */
export function generatorsFromConfig(config: PostsConfig, logger: Logger): { contentGenerator: ContentGenerator; imageGenerator: ImageGenerator } {
  if (!config.OPENAI_API_KEY) {
    logger.info('OPENAI_API_KEY is not set: posts and images are sandbox drafts (answers say sandbox: true)');
    return { contentGenerator: new SandboxContentGenerator(), imageGenerator: new SandboxImageGenerator() };
  }
  const client = openAIClient({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    timeoutMs: config.OPENAI_TIMEOUT_MS,
  });
  return {
    contentGenerator: new OpenAIContentGenerator(client, config.OPENAI_MODEL, logger),
    imageGenerator: new OpenAIImageGenerator(client, config.OPENAI_IMAGE_MODEL, logger),
  };
}
