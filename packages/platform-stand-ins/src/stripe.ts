import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import fixtures from './stripe-fixtures.json' with { type: 'json' };
import { bearerOf, sendJson, startStandInServer, type StandInRequest, type StandInServer } from './server.js';

/** A Stripe API object as the stand-in keeps it: Stripe's own example object with this one's values. */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

/** An event as Stripe sends it to a webhook endpoint (sign its JSON with stripe.webhooks.generateTestHeaderString). */
export type StripeEventObject = StripeObject & { type: string; created: number; data: { object: StripeObject; previous_attributes?: Record<string, unknown> } };

export interface StripeProration {
  subscription: string;
  fromPrice: string;
  toPrice: string;
  /** Cents: the unused part of the old price credited, the rest of the period at the new price charged. */
  amount: number;
}

export interface StripeStandIn extends StandInServer {
  /** The secret key the stand-in accepts (Authorization: Bearer …). */
  secretKey: string;
  customers: Map<string, StripeObject>;
  sessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  prices: Map<string, StripeObject>;
  products: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  prorations: StripeProration[];
  /** A monthly price (and its product) in USD cents, as the setup command or the dashboard makes one. */
  addPrice(options: { unitAmount: number; lookupKey?: string; name?: string }): StripeObject;
  /** The customer pays on the checkout page: customer, subscription (a month), paid invoice, and their events. */
  completeCheckout(sessionId: string): StripeObject;
  /** The renewal invoice fails: the subscription goes past_due. */
  failPayment(subscriptionId: string): void;
  /** The open invoice is paid at last: the subscription is active again. */
  payInvoice(subscriptionId: string): void;
  /** The period ends: a subscription set to cancel at its end is deleted, any other renews for a month. */
  endPeriod(subscriptionId: string): void;
  /** The events Stripe would send since the last call, oldest first. */
  takeEvents(): StripeEventObject[];
  /** A Stripe event of `type` about `object` at the stand-in's clock (not queued). */
  event(type: string, object: StripeObject, previousAttributes?: Record<string, unknown>): StripeEventObject;
}

const MONTH_SECONDS = 30 * 86400;
const resources = fixtures.resources as unknown as Record<string, StripeObject>;
const example = (name: string): StripeObject => structuredClone(resources[name]!);
const unitAmount = (price: StripeObject | undefined) => Number(price?.unit_amount ?? 0);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/**
 * Stripe's form encoding (`items[0][price]=…`, `metadata[user_id]=…`,
 * `expand[0]=…`) read back into nested objects and arrays, as Stripe reads it.
 */
export function parseStripeForm(pairs: Iterable<[string, string]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of pairs) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

/** Stripe's error body: 400 invalid_request_error, 404 resource_missing, 401 without a valid key. */
function stripeError(res: ServerResponse, status: number, message: string, code?: string): void {
  sendJson(res, status, { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } });
}

/**
 * Stripe's API as billing uses it, answering with Stripe's own example objects
 * (stripe-fixtures.json) carrying this stand-in's state: customers, Checkout
 * sessions in subscription mode, subscriptions with prorated price changes and
 * cancellation at the period's end, invoices, the billing portal, products and
 * prices by lookup key. What Stripe would post to a webhook is queued as
 * events (takeEvents), each `created` at the second it happened.
 */
export async function startStripeStandIn(options: { secretKey?: string } = {}): Promise<StripeStandIn> {
  const server = await startStandInServer();
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const customers = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const products = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const prorations: StripeProration[] = [];
  const queued: StripeEventObject[] = [];
  /** Line items and subscription metadata a session was created with (not part of the session object). */
  const sessionOrders = new Map<string, { price: string; metadata: Record<string, string> }>();

  // Stripe's clock is the wall clock, to the second: events of one second tie, as Stripe's do.
  const clock = () => Math.floor(Date.now() / 1000);

  const event = (type: string, object: StripeObject, previousAttributes?: Record<string, unknown>): StripeEventObject => ({
    ...example('event'),
    id: newId('evt'),
    type,
    created: clock(),
    api_version: '2026-10-28.endive',
    data: { object: structuredClone(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
  }) as StripeEventObject;
  const emit = (type: string, object: StripeObject, previousAttributes?: Record<string, unknown>) => queued.push(event(type, object, previousAttributes));

  const item = (subscription: StripeObject) => (subscription.items as { data: Array<Record<string, unknown>> }).data[0]!;
  const priceOf = (subscription: StripeObject) => item(subscription).price as StripeObject & { unit_amount: number };

  const createCustomer = (fields: Record<string, unknown>) => {
    const customer = { ...example('customer'), id: newId('cus'), email: fields.email ?? null, metadata: fields.metadata ?? {}, discount: null, created: clock() };
    customers.set(customer.id, customer);
    return customer;
  };

  const invoice = (subscription: StripeObject, status: 'paid' | 'open') => {
    const amount = priceOf(subscription).unit_amount;
    const created = { ...example('invoice'), id: newId('in'), customer: subscription.customer, status, amount_due: amount, amount_paid: status === 'paid' ? amount : 0, amount_remaining: status === 'paid' ? 0 : amount, total: amount, subtotal: amount, billing_reason: 'subscription_cycle', parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: subscription.metadata } } };
    invoices.set(created.id, created);
    subscription.latest_invoice = created.id;
    return created;
  };

  addRoutes();

  function authorized(req: StandInRequest, res: ServerResponse): boolean {
    if (bearerOf(req) === secretKey) return true;
    stripeError(res, 401, 'Invalid API Key provided.');
    return false;
  }
  /** A route that needs the secret key, with the form body read as Stripe reads it. */
  function route(method: string, pattern: string, handle: (req: StandInRequest, form: Record<string, unknown>, res: ServerResponse) => void): void {
    server.route(method, pattern, (req, res) => {
      if (!authorized(req, res)) return;
      const form = parseStripeForm(method === 'GET' || method === 'DELETE' ? req.query : new URLSearchParams(req.body.toString('utf8')));
      handle(req, form, res);
    });
  }
  function found(res: ServerResponse, map: Map<string, StripeObject>, id: string, kind: string): StripeObject | undefined {
    const object = map.get(id);
    if (!object) stripeError(res, 404, `No such ${kind}: '${id}'`, 'resource_missing');
    return object;
  }

  function addRoutes(): void {
    route('POST', '/v1/customers', (_req, form, res) => sendJson(res, 200, createCustomer(form)));

    route('POST', '/v1/checkout/sessions', (_req, form, res) => {
      const lineItems = (form.line_items as Array<{ price?: string }> | undefined) ?? [];
      const price = lineItems[0]?.price;
      if (form.mode !== 'subscription' || !price || !prices.has(price)) return stripeError(res, 400, `No such price: '${price}'`, 'resource_missing');
      if (!form.success_url) return stripeError(res, 400, 'Missing required param: success_url.');
      const id = newId('cs_test');
      const session: StripeObject = {
        ...example('checkout.session'),
        id,
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        url: `${server.url}/checkout/${id}`,
        success_url: form.success_url,
        cancel_url: form.cancel_url ?? null,
        client_reference_id: form.client_reference_id ?? null,
        customer: form.customer ?? null,
        metadata: form.metadata ?? {},
        subscription: null,
        payment_intent: null,
        created: clock(),
        amount_total: unitAmount(prices.get(price)),
        currency: 'usd',
      };
      sessionOrders.set(id, { price, metadata: ((form.subscription_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {}) });
      sessions.set(id, session);
      sendJson(res, 200, session);
    });
    route('GET', '/v1/checkout/sessions/:id', (req, _form, res) => {
      const session = found(res, sessions, req.params.id!, 'checkout.session');
      if (session) sendJson(res, 200, session);
    });

    route('GET', '/v1/subscriptions/:id', (req, _form, res) => {
      const subscription = found(res, subscriptions, req.params.id!, 'subscription');
      if (subscription) sendJson(res, 200, subscription);
    });
    route('POST', '/v1/subscriptions/:id', (req, form, res) => {
      const subscription = found(res, subscriptions, req.params.id!, 'subscription');
      if (!subscription) return;
      if (subscription.status === 'canceled') return stripeError(res, 400, 'A canceled subscription can only update its cancellation_details and metadata.');
      const previous: Record<string, unknown> = {};
      const items = form.items as Array<{ id?: string; price?: string }> | undefined;
      const newPrice = items?.[0]?.price;
      if (newPrice && newPrice !== priceOf(subscription).id) {
        const to = prices.get(newPrice);
        if (!to) return stripeError(res, 400, `No such price: '${newPrice}'`, 'resource_missing');
        if (items[0]!.id !== item(subscription).id) return stripeError(res, 400, `No such subscription item: '${items[0]!.id}'`, 'resource_missing');
        const from = priceOf(subscription);
        previous.items = structuredClone(subscription.items);
        if ((form.proration_behavior ?? 'create_prorations') === 'create_prorations') {
          const { current_period_start: start, current_period_end: end } = item(subscription) as { current_period_start: number; current_period_end: number };
          const left = Math.max(0, end - Math.floor(Date.now() / 1000)) / (end - start);
          prorations.push({ subscription: subscription.id, fromPrice: from.id, toPrice: to.id, amount: Math.round((unitAmount(to) - from.unit_amount) * left) });
        }
        item(subscription).price = structuredClone(to);
      }
      if (form.cancel_at_period_end !== undefined) {
        const cancel = form.cancel_at_period_end === 'true';
        if (cancel !== subscription.cancel_at_period_end) {
          previous.cancel_at_period_end = subscription.cancel_at_period_end;
          subscription.cancel_at_period_end = cancel;
          subscription.cancel_at = cancel ? item(subscription).current_period_end : null;
          subscription.canceled_at = cancel ? clock() : null;
        }
      }
      if (form.metadata) subscription.metadata = { ...(subscription.metadata as object), ...(form.metadata as object) };
      if (Object.keys(previous).length > 0) emit('customer.subscription.updated', subscription, previous);
      sendJson(res, 200, subscription);
    });
    route('DELETE', '/v1/subscriptions/:id', (req, _form, res) => {
      const subscription = found(res, subscriptions, req.params.id!, 'subscription');
      if (!subscription) return;
      Object.assign(subscription, { status: 'canceled', canceled_at: clock(), ended_at: clock() });
      emit('customer.subscription.deleted', subscription);
      sendJson(res, 200, subscription);
    });

    route('POST', '/v1/billing_portal/sessions', (_req, form, res) => {
      const customer = found(res, customers, String(form.customer), 'customer');
      if (!customer) return;
      const id = newId('bps');
      sendJson(res, 200, { ...example('billing_portal.session'), id, customer: customer.id, return_url: form.return_url ?? null, url: `${server.url}/portal/${id}`, flow: null, livemode: false, created: clock() });
    });

    route('GET', '/v1/prices', (_req, form, res) => {
      const keys = form.lookup_keys as string[] | undefined;
      const data = [...prices.values()].filter((price) => !keys || keys.includes(price.lookup_key as string));
      sendJson(res, 200, { object: 'list', data, has_more: false, url: '/v1/prices' });
    });
    route('POST', '/v1/prices', (_req, form, res) => {
      if (!form.product || !products.has(String(form.product))) return stripeError(res, 400, `No such product: '${form.product}'`, 'resource_missing');
      const holder = form.lookup_key ? [...prices.values()].find((price) => price.lookup_key === form.lookup_key) : undefined;
      if (holder && form.transfer_lookup_key !== 'true') return stripeError(res, 400, `A price (${holder.id}) already uses that lookup key.`, 'lookup_key_already_exists');
      if (holder) holder.lookup_key = null;
      sendJson(res, 200, createPrice(String(form.product), Number(form.unit_amount), (form.lookup_key as string | undefined) ?? null, (form.recurring as { interval?: string } | undefined)?.interval ?? 'month'));
    });
    route('GET', '/v1/products/:id', (req, _form, res) => {
      const product = found(res, products, req.params.id!, 'product');
      if (product) sendJson(res, 200, product);
    });
    route('POST', '/v1/products', (_req, form, res) => {
      const id = (form.id as string | undefined) ?? newId('prod');
      if (products.has(id)) return stripeError(res, 400, `Product already exists.`, 'resource_already_exists');
      sendJson(res, 200, createProduct(id, String(form.name ?? id), (form.metadata as Record<string, string> | undefined) ?? {}));
    });
  }

  function createProduct(id: string, name: string, metadata: Record<string, string>): StripeObject {
    const product = { ...example('product'), id, name, description: null, metadata, default_price: null, package_dimensions: null, created: clock() };
    products.set(id, product);
    return product;
  }
  function createPrice(product: string, unitAmount: number, lookupKey: string | null, interval: string): StripeObject {
    const price = { ...example('price'), id: newId('price'), product, unit_amount: unitAmount, unit_amount_decimal: String(unitAmount), lookup_key: lookupKey, recurring: { ...(example('price').recurring as object), interval, interval_count: 1 }, transform_quantity: null, created: clock() };
    prices.set(price.id, price);
    return price;
  }

  const subscriptionOf = (id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`No stand-in subscription ${id}`);
    return subscription;
  };
  const setStatus = (subscription: StripeObject, status: string) => {
    const previous = { status: subscription.status };
    subscription.status = status;
    emit('customer.subscription.updated', subscription, previous);
  };

  return {
    ...server,
    secretKey,
    customers,
    sessions,
    subscriptions,
    prices,
    products,
    invoices,
    prorations,
    addPrice({ unitAmount, lookupKey, name }) {
      const product = createProduct(newId('prod'), name ?? 'Plan', {});
      return createPrice(product.id, unitAmount, lookupKey ?? null, 'month');
    },
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      const order = sessionOrders.get(sessionId);
      if (!session || !order || session.status !== 'open') throw new Error(`No open stand-in checkout ${sessionId}`);
      const customerId = (session.customer as string | null) ?? createCustomer({ email: 'customer@example.com' }).id;
      const start = clock();
      const base = example('subscription');
      const baseItem = (base.items as { data: Array<Record<string, unknown>> }).data[0]!;
      const subscriptionId = newId('sub');
      const subscription: StripeObject = {
        ...base,
        id: subscriptionId,
        customer: customerId,
        status: 'active',
        metadata: order.metadata,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        trial_start: null,
        trial_end: null,
        pending_update: null,
        transfer_data: null,
        next_pending_invoice_item_invoice: null,
        created: start,
        start_date: start,
        billing_cycle_anchor: start,
        items: {
          object: 'list',
          has_more: false,
          url: `/v1/subscription_items?subscription=${subscriptionId}`,
          data: [{ ...baseItem, id: newId('si'), subscription: subscriptionId, price: structuredClone(prices.get(order.price)), quantity: 1, created: start, current_period_start: start, current_period_end: start + MONTH_SECONDS }],
        },
      };
      subscriptions.set(subscriptionId, subscription);
      const paid = invoice(subscription, 'paid');
      Object.assign(session, { status: 'complete', payment_status: 'paid', customer: customerId, subscription: subscriptionId, invoice: paid.id });
      emit('customer.subscription.created', subscription);
      emit('checkout.session.completed', session);
      emit('invoice.paid', paid);
      return subscription;
    },
    failPayment(subscriptionId) {
      const subscription = subscriptionOf(subscriptionId);
      emit('invoice.payment_failed', invoice(subscription, 'open'));
      setStatus(subscription, 'past_due');
    },
    payInvoice(subscriptionId) {
      const subscription = subscriptionOf(subscriptionId);
      const open = invoices.get(subscription.latest_invoice as string);
      if (open) Object.assign(open, { status: 'paid', amount_paid: open.amount_due, amount_remaining: 0 });
      emit('invoice.paid', open ?? invoice(subscription, 'paid'));
      setStatus(subscription, 'active');
    },
    endPeriod(subscriptionId) {
      const subscription = subscriptionOf(subscriptionId);
      const current = item(subscription) as { current_period_start: number; current_period_end: number };
      if (subscription.cancel_at_period_end) {
        Object.assign(subscription, { status: 'canceled', ended_at: clock() });
        emit('customer.subscription.deleted', subscription);
        return;
      }
      const previous = { items: structuredClone(subscription.items) };
      current.current_period_start = current.current_period_end;
      current.current_period_end += MONTH_SECONDS;
      emit('customer.subscription.updated', subscription, previous);
      emit('invoice.paid', invoice(subscription, 'paid'));
    },
    takeEvents: () => queued.splice(0),
    event,
  };
}
