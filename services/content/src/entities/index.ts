import { BlogAndNewsletter1763700006100 } from '../migrations/1763700006100-blog-and-newsletter.js';
import { DeliveryEventId1763700006200 } from '../migrations/1763700006200-delivery-event-id.js';
import { SubscriptionConfirmation1763700006300 } from '../migrations/1763700006300-subscription-confirmation.js';
import { Author } from './author.entity.js';
import { BlogCategory } from './blog-category.entity.js';
import { BlogPost } from './blog-post.entity.js';
import { Delivery } from './delivery.entity.js';
import { Newsletter } from './newsletter.entity.js';
import { Subscriber } from './subscriber.entity.js';

export const entities = [Author, BlogCategory, BlogPost, Newsletter, Subscriber, Delivery];
export const migrations = [BlogAndNewsletter1763700006100, DeliveryEventId1763700006200, SubscriptionConfirmation1763700006300];
