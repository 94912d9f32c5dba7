import zlib from 'node:zlib';
import type { ConnectionPlatform } from '@planner/contracts';
import { fitToLimit, within, type GenerationBrief, type PlatformTarget } from '../domain/generation.js';
import type { ContentGenerator, ImageGenerator } from './generators.js';

const OPENINGS: Record<GenerationBrief['contentType'], (name: string) => string> = {
  general: (name) => `News from ${name}.`,
  promotion: (name) => `A special offer from ${name}!`,
  promotional: (name) => `A special offer from ${name}!`,
  engagement: (name) => `${name} wants to hear from you.`,
  educational: (name) => `${name} explains.`,
  inspirational: (name) => `A little inspiration from ${name}.`,
  entertainment: (name) => `Something fun from ${name}.`,
  event: (name) => `Join ${name}!`,
  news: (name) => `${name} has news.`,
};

const hashtag = (text: string) => `#${text.replace(/[^\p{L}\p{N}]+/gu, '')}`;

/** A sandbox draft for one platform: the inputs in sentences, cut to the platform's target (or limit) at a word boundary. */
function draft(brief: GenerationBrief, target: PlatformTarget): string {
  const sentence = (text: string) => (text === '' ? '' : /[.!?]$/.test(text) ? text : `${text}.`);
  const parts = [
    OPENINGS[brief.contentType](brief.businessName),
    sentence(brief.topic),
    sentence(brief.context),
    sentence(brief.eventDetails),
    brief.timeOfYear === '' ? '' : `Perfect for ${brief.timeOfYear}.`,
    sentence(brief.businessData),
    [hashtag(brief.businessName), hashtag(brief.tone), hashtag(brief.mood)].join(' '),
  ];
  return fitToLimit(parts.filter((part) => part !== '').join(' '), within(target.target ?? target.limit, target.platform));
}

/**
 * Without OPENAI_API_KEY: drafts written from the inputs alone, within every
 * limit, so the whole flow runs on a fresh machine. Answers say `sandbox: true`.
 */
export class SandboxContentGenerator implements ContentGenerator {
  readonly sandbox = true;

  async writePosts(brief: GenerationBrief): Promise<Map<ConnectionPlatform, string>> {
    return new Map(brief.platforms.map((target) => [target.platform, draft(brief, target)]));
  }

  /** No model to follow the instruction: it is added under the post, so the edit is visible. */
  async editPost(post: string, instruction: string, limit: number): Promise<string> {
    return fitToLimit(`${post.trim()}\n\n${instruction.trim()}`, within(limit));
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A grey PNG of the given size: 8-bit greyscale, each row a filter byte and its pixels. */
export function placeholderPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(width + 1, 0xc8);
  row[0] = 0; // no filter
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** Without OPENAI_API_KEY: a grey placeholder in the requested shape (a quarter of its size). */
export class SandboxImageGenerator implements ImageGenerator {
  readonly sandbox = true;

  async createImage(_prompt: string, size: '1024x1024' | '1024x1536'): Promise<Buffer> {
    const [width, height] = size.split('x').map((side) => Number(side) / 4) as [number, number];
    return placeholderPng(width, height);
  }
}
