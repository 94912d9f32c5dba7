import OpenAI, { APIConnectionError, APIError } from 'openai';
import type { ConnectionPlatform } from '@planner/contracts';
import type { Logger } from '@planner/service-kit';
import {
  EDIT_REPLY_JSON_SCHEMA,
  editPrompt,
  parseEditReply,
  parsePostsReply,
  postsPrompt,
  postsReplyJsonSchema,
  type GenerationBrief,
} from '../domain/generation.js';
import { GENERATED_JPEG_QUALITY } from '../domain/jpeg-image.js';
import { sniffMediaType } from '../domain/media-types.js';
import { GenerationFailure, type ContentGenerator, type ImageGenerator } from './generators.js';

export interface OpenAISettings {
  apiKey: string;
  /** Unset: OpenAI's own API. */
  baseURL?: string | undefined;
  timeoutMs: number;
}

/**
 * The openai client. It does not retry by itself: its retries wait out a
 * provider's retry-after (up to a minute) while the user's request hangs; a
 * busy or failing provider is reported at once instead, with its wait.
 */
export function openAIClient(settings: OpenAISettings): OpenAI {
  return new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, timeout: settings.timeoutMs, maxRetries: 0 });
}

/** The provider's retry-after (seconds, or an HTTP date), or its retry-after-ms, in seconds. */
function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const millis = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(millis) && millis > 0) return Math.ceil(millis / 1000);
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Codes of a request the provider declined for its content (images: safety system). */
const CONTENT_CODES = new Set(['content_policy_violation', 'moderation_blocked']);

/**
 * The openai library's errors as a GenerationFailure. What is logged names the
 * status, type, code and request id, never the message: an authentication
 * error's message quotes part of the key.
 */
export function generationFailureOf(error: unknown, logger: Logger): unknown {
  if (error instanceof APIConnectionError) {
    logger.warn({ kind: error.name }, 'the AI provider could not be reached');
    return new GenerationFailure('unavailable');
  }
  if (!(error instanceof APIError) || error.status === undefined) return error;
  const details = { status: error.status, type: error.type, code: error.code, requestId: error.requestID };
  if (error.status === 429 && error.code !== 'insufficient_quota') {
    logger.warn(details, 'the AI provider is rate limiting us');
    return new GenerationFailure('rate_limited', retryAfterSeconds(error.headers));
  }
  if (error.status >= 500) {
    logger.warn(details, 'the AI provider failed');
    return new GenerationFailure('unavailable');
  }
  if (error.status === 400 && CONTENT_CODES.has(error.code ?? '')) return new GenerationFailure('refused');
  // 401/403 (the key), 404 (the model), insufficient_quota (the account), other 4xx (our request): a setting to fix, not the user's doing.
  logger.error(details, 'the AI provider refused our request: check OPENAI_API_KEY, OPENAI_MODEL, OPENAI_IMAGE_MODEL and the account');
  return new GenerationFailure('misconfigured');
}

/** Posts written by an OpenAI chat model with structured output (a strict JSON schema). */
export class OpenAIContentGenerator implements ContentGenerator {
  readonly sandbox = false;

  constructor(
    private readonly client: OpenAI,
    private readonly model: string,
    private readonly logger: Logger,
  ) {}

  writePosts(brief: GenerationBrief): Promise<Map<ConnectionPlatform, string>> {
    return this.structured(postsPrompt(brief), 'posts', postsReplyJsonSchema(brief.platforms), (text) => parsePostsReply(text, brief.platforms));
  }

  editPost(post: string, instruction: string, limit: number): Promise<string> {
    return this.structured(editPrompt(post, instruction, limit), 'edited_post', EDIT_REPLY_JSON_SCHEMA, parseEditReply);
  }

  /** One completion parsed against its schema; a malformed reply is asked for once more, then reported. */
  private async structured<T>(
    prompt: { system: string; user: string },
    name: string,
    schema: Record<string, unknown>,
    parse: (text: string | null | undefined) => T | null,
  ): Promise<T> {
    for (let attempt = 1; attempt <= 2; attempt++) {
      const completion = await this.client.chat.completions
        .create({
          model: this.model,
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: prompt.user },
          ],
          response_format: { type: 'json_schema', json_schema: { name, strict: true, schema } },
        })
        .catch((error: unknown) => {
          throw generationFailureOf(error, this.logger);
        });
      const choice = completion.choices?.[0];
      if (choice?.message?.refusal || choice?.finish_reason === 'content_filter') throw new GenerationFailure('refused');
      const result = parse(choice?.message?.content);
      if (result !== null) return result;
      this.logger.warn({ attempt, model: this.model, finishReason: choice?.finish_reason }, 'the model’s reply did not match its schema');
    }
    throw new GenerationFailure('malformed');
  }
}

/**
 * Images drawn by an OpenAI image model (base64 in the answer, never a URL to
 * fetch): the GPT image models are asked for JPEG, which every platform takes;
 * DALL·E has no choice of format and answers PNG, converted at storage.
 */
export class OpenAIImageGenerator implements ImageGenerator {
  readonly sandbox = false;

  constructor(
    private readonly client: OpenAI,
    private readonly model: string,
    private readonly logger: Logger,
  ) {}

  async createImage(prompt: string, size: '1024x1024' | '1024x1536'): Promise<Buffer> {
    const response = await this.client.images
      .generate({
        model: this.model,
        prompt,
        size,
        n: 1,
        // The GPT image models always answer base64 and refuse response_format; only they take output_format.
        ...(this.model.startsWith('dall-e')
          ? { response_format: 'b64_json' as const }
          : { output_format: 'jpeg' as const, output_compression: GENERATED_JPEG_QUALITY }),
      })
      .catch((error: unknown) => {
        throw generationFailureOf(error, this.logger);
      });
    const encoded = response.data?.[0]?.b64_json;
    const image = encoded ? Buffer.from(encoded, 'base64') : null;
    const mime = image ? sniffMediaType(image)?.mime : undefined;
    if (!image || (mime !== 'image/jpeg' && mime !== 'image/png')) {
      this.logger.warn({ model: this.model }, 'the image model’s reply held no JPEG or PNG');
      throw new GenerationFailure('malformed');
    }
    return image;
  }
}
