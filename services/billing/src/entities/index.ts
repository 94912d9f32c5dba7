import { Subscriptions1764000001000 } from '../migrations/1764000001000-subscriptions.js';
import { CheckoutSession } from './checkout-session.entity.js';
import { StripeEvent } from './stripe-event.entity.js';
import { Subscription } from './subscription.entity.js';

export const entities = [Subscription, CheckoutSession, StripeEvent];
export const migrations = [Subscriptions1764000001000];
