import { Posts1763700003100 } from '../migrations/1763700003100-posts.js';
import { PostPublishing1763900000000 } from '../migrations/1763900000000-post-publishing.js';
import { GenerationDrafts1763900000100 } from '../migrations/1763900000100-generation-drafts.js';
import { Media1763900001500 } from '../migrations/1763900001500-media.js';
import { ReviewOrder1764000000000 } from '../migrations/1764000000000-review-order.js';
import { StatisticsIndex1764000000100 } from '../migrations/1764000000100-statistics-index.js';
import { PostCounts1764100000000 } from '../migrations/1764100000000-post-counts.js';
import { ScheduleSlotPosts1764300000100 } from '../migrations/1764300000100-schedule-slot-posts.js';
import { PublishedAt1764500000300 } from '../migrations/1764500000300-published-at.js';
import { MediaVideoFacts1764600000000 } from '../migrations/1764600000000-media-video-facts.js';
import { GenerationsOrder1764600003600 } from '../migrations/1764600003600-generations-order.js';
import { PlatformOptions1764600000700 } from '../migrations/1764600000700-platform-options.js';
import { GenerationDraft } from './generation-draft.entity.js';
import { Media } from './media.entity.js';
import { Post } from './post.entity.js';

export const entities = [Post, GenerationDraft, Media];
export const migrations = [
  Posts1763700003100,
  PostPublishing1763900000000,
  GenerationDrafts1763900000100,
  Media1763900001500,
  ReviewOrder1764000000000,
  StatisticsIndex1764000000100,
  PostCounts1764100000000,
  ScheduleSlotPosts1764300000100,
  PublishedAt1764500000300,
  MediaVideoFacts1764600000000,
  PlatformOptions1764600000700,
  GenerationsOrder1764600003600,
];
