import { Posts1763700003100 } from '../migrations/1763700003100-posts.js';
import { PostPublishing1763900000000 } from '../migrations/1763900000000-post-publishing.js';
import { ReviewOrder1764000000000 } from '../migrations/1764000000000-review-order.js';
import { StatisticsIndex1764000000100 } from '../migrations/1764000000100-statistics-index.js';
import { Post } from './post.entity.js';

export const entities = [Post];
export const migrations = [Posts1763700003100, PostPublishing1763900000000, ReviewOrder1764000000000, StatisticsIndex1764000000100];
