import { BillingMessages, isAdminRole, PLAN_TYPES, planLabel, type PaymentResult, type PlanType } from '@planner/contracts';
import { isApiError, type Host, type HostProps } from '@planner/remote-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '@planner/ui/dates';
import { planButton, PlanButtonLabels, planFeatures, planPrice, planStanding, type PlanStanding } from './plans.js';
import { LoadingRegion } from '@planner/ui/skeleton';
import { Card } from '@planner/ui/card';
import { Badge } from '@planner/ui/badge';

/** Part 2 §8: the words when an answer lacks what it must carry. */
export const INVALID_RESPONSE = 'Received invalid response from server';
/** Not worded by the spec: the cancellation's confirmation. */
export const CANCEL_CONFIRMATION = 'Cancel your subscription? Your plan stays active until the end of the period, then you are on Basic.';

const SUBSCRIPTION = ['payments', 'subscription'];
/** How often, and how many times, the user is reloaded while their role has not caught up with the plan. */
export const ROLE_SYNC_DELAY_MS = 1000;
export const ROLE_SYNC_ATTEMPTS = 10;
const PAGE_PATH = '/plan-selection';

type Notice = { kind: 'success' | 'error' | 'info'; text: string };

/** The query Stripe's (or the sandbox's) cancel page comes back with: the checkout was left without paying. */
export const CHECKOUT_CANCELED_QUERY = 'checkout=canceled';

/** The server's sentence for a refused request; the spec's `fallback` for anything else (network, no body). */
function failure(error: unknown, fallback: string): string {
  const message = isApiError(error) ? error.body?.message : undefined;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

/** A payment answer: its message, or the spec's words when it says nothing usable. */
function resultNotice(result: PaymentResult | undefined, failed: string): Notice {
  if (typeof result?.success !== 'boolean') return { kind: 'error', text: INVALID_RESPONSE };
  return result.success ? { kind: 'success', text: result.message } : { kind: 'error', text: result.message || failed };
}

/** Leaves the app for Stripe's (or the sandbox's) checkout or Stripe's billing portal. */
export const browser = { go: (url: string) => window.location.assign(url) };

/**
 * Part 2 §2 Plan selection: the four plans with their buttons, checkout and the
 * return from it (`session_id` and `plan`, verified), Manage Plan (Stripe's
 * portal), cancellation at the period's end, Return to Dashboard.
 */
export function PlanSelectionPage({ host }: HostProps) {
  const queries = useQueryClient();
  const subscription = useQuery({ queryKey: SUBSCRIPTION, queryFn: () => host.api.request('GET', '/payments/subscriptions') });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  /** After a change: the user's role (features, navigation) and the subscription as they now are. */
  const refresh = async () => {
    await Promise.all([host.session.reloadUser(), queries.invalidateQueries({ queryKey: SUBSCRIPTION })]);
  };

  const checkout = useMutation({
    mutationFn: (planType: PlanType) => {
      const page = new URL(PAGE_PATH, window.location.origin).toString();
      const cancelUrl = `${page}?${CHECKOUT_CANCELED_QUERY}`;
      return host.api.request('POST', '/payments/create-checkout-session', { body: { planType, successUrl: page, cancelUrl } });
    },
    onMutate: () => setNotice(null),
    onSuccess: async (answer) => {
      if (typeof answer?.checkoutUrl !== 'string' || !answer.checkoutUrl) return setNotice({ kind: 'error', text: INVALID_RESPONSE });
      // A paying user's plan changed on their subscription: no payment page to go to.
      if (answer.changedInPlace) {
        setNotice({ kind: 'success', text: answer.message ?? '' });
        return refresh();
      }
      browser.go(answer.checkoutUrl);
    },
    onError: (error) => setNotice({ kind: 'error', text: failure(error, BillingMessages.checkoutFailed) }),
  });

  const cancel = useMutation({
    mutationFn: () => host.api.request('POST', '/payments/cancel-subscription'),
    onMutate: () => {
      setNotice(null);
      setConfirmingCancel(false);
    },
    onSuccess: (result) => {
      setNotice(resultNotice(result, BillingMessages.cancelFailed));
      return refresh();
    },
    onError: (error) => setNotice({ kind: 'error', text: failure(error, BillingMessages.cancelFailed) }),
  });

  const verifying = useVerification(host, setNotice, refresh);
  useRoleFollowsPlan(host, subscription.isSuccess ? planStanding(subscription.data).current : null);
  const busy = verifying || checkout.isPending || cancel.isPending;
  const standing = planStanding(subscription.data);
  const answer = subscription.data;

  const managePlan = () => {
    if (answer?.portal_url) browser.go(answer.portal_url);
    else setNotice({ kind: 'error', text: answer?.message ?? BillingMessages.portalFailed });
  };

  return (
    <main className="page" aria-labelledby="plans-title" aria-busy={busy}>
      <h1 id="plans-title">Choose your plan</h1>
      {answer?.sandbox && (
        <p role="note">
          <Badge tone="warning">Sandbox: no real payment</Badge>
        </p>
      )}
      {verifying && <LoadingRegion label="Verifying your payment…" lines={1} blocks={0} />}
      {notice && (
        <div className={`form-message form-message-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </div>
      )}
      {subscription.isError && <div className="form-message form-message-error" role="alert">{failure(subscription.error, subscription.error.message)}</div>}
      {answer && <SubscriptionSummary standing={standing} periodEnd={answer.subscription?.current_period_end ?? null} />}

      <ul className="cards" aria-label="Plans">
        {PLAN_TYPES.map((plan) => {
          const button = planButton(plan, standing, busy || subscription.isPending);
          const periodEnd = answer?.subscription?.current_period_end;
          const basicFrom = plan === 'basic' && standing.canceling && periodEnd ? BillingMessages.basicFrom(formatDateTime(periodEnd)) : null;
          return (
            <Card key={plan} as="li" title={planLabel(plan)} headingId={`plan-${plan}`}>
              <p>
                <strong>{planPrice(plan)}</strong> per month
              </p>
              <ul className="plan-features">
                {planFeatures(plan).map((feature) => (
                  <li key={feature.text}>
                    <span aria-hidden="true">{feature.included ? '✓ ' : '✗ '}</span>
                    {feature.text}
                    {!feature.included && <span className="visually-hidden"> (not included)</span>}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="button"
                disabled={button.disabled}
                aria-describedby={basicFrom ? `plan-${plan} plan-${plan}-from` : `plan-${plan}`}
                onClick={() => checkout.mutate(plan)}
              >
                {button.label}
              </button>
              {basicFrom && (
                <p id={`plan-${plan}-from`} className="muted">
                  {basicFrom}
                </p>
              )}
            </Card>
          );
        })}
      </ul>

      <p className="actions">
        {(answer?.portal_url || answer?.message) && (
          <button type="button" className="button button-secondary" onClick={managePlan} disabled={busy}>
            Manage Plan
          </button>
        )}
        {answer?.has_subscription && standing.current !== 'basic' && !standing.canceling && (
          <button type="button" className="button button-danger" onClick={() => setConfirmingCancel(true)} disabled={busy}>
            Cancel Subscription
          </button>
        )}
        {/* A canceled plan resumes before its period ends: the same plan chosen again (billing.md), changed in place. */}
        {answer?.has_subscription && standing.current !== 'basic' && standing.canceling && (
          <button type="button" className="button" onClick={() => checkout.mutate(standing.current)} disabled={busy}>
            {PlanButtonLabels.resubscribe}
          </button>
        )}
        <Link to="/" className="button button-secondary">
          Return to Dashboard
        </Link>
      </p>
      {confirmingCancel && (
        <div className="danger-zone" role="group" aria-labelledby="cancel-confirmation">
          <p id="cancel-confirmation">{CANCEL_CONFIRMATION}</p>
          <p className="actions">
            <button type="button" className="button button-danger" onClick={() => cancel.mutate()}>
              Yes, cancel
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirmingCancel(false)}>
              Keep my plan
            </button>
          </p>
        </div>
      )}
    </main>
  );
}

function SubscriptionSummary({ standing, periodEnd }: { standing: PlanStanding; periodEnd: string | null }) {
  if (standing.current === 'basic') return <p>You are on the Basic plan.</p>;
  const until = periodEnd ? formatDateTime(periodEnd) : null;
  if (standing.canceling) return <p>Your {planLabel(standing.current)} plan is canceled: it stays active until {until ?? 'the end of the period'}, then you are on Basic.</p>;
  return (
    <p>
      You are on the {planLabel(standing.current)} plan{until ? `, renewing on ${until}` : ''}.
    </p>
  );
}

/**
 * The return from checkout (`?session_id=…&plan=…`): verifies the payment once,
 * or, back from its cancel page (`?checkout=canceled`), says nothing was charged;
 * shows the result, and drops the query so that a reload does not verify again.
 * True while the verification runs.
 */
function useVerification(host: Host, setNotice: (notice: Notice) => void, refresh: () => Promise<void>): boolean {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session_id');
  const plan = PLAN_TYPES.find((name) => name === params.get('plan'));
  const started = useRef(false);
  const verify = useMutation({
    mutationFn: (body: { sessionId: string; planType: PlanType }) => host.api.request('POST', '/payments/verify-payment', { body }),
    onSuccess: (result) => {
      setNotice(resultNotice(result, BillingMessages.verificationFailed));
      return refresh();
    },
    onError: (error) => setNotice({ kind: 'error', text: failure(error, BillingMessages.verificationError(error.message)) }),
    onSettled: () => navigate(PAGE_PATH, { replace: true }),
  });
  const checkoutCanceled = params.get('checkout') === 'canceled';
  useEffect(() => {
    // Back from a checkout left without paying: said once, and the query dropped so that a reload does not say it again.
    if (!checkoutCanceled) return;
    setNotice({ kind: 'info', text: BillingMessages.checkoutCanceled });
    navigate(PAGE_PATH, { replace: true });
  }, [checkoutCanceled]);
  useEffect(() => {
    if (!sessionId || started.current) return;
    started.current = true;
    if (plan) verify.mutate({ sessionId, planType: plan });
    else {
      setNotice({ kind: 'error', text: BillingMessages.verificationFailed });
      navigate(PAGE_PATH, { replace: true });
    }
  });
  return verify.isPending;
}

/**
 * The role follows the plan by event (billing → auth), a moment after billing
 * answers: while the session's role is another plan than the one in effect,
 * the user is reloaded every ROLE_SYNC_DELAY_MS, a few times, so that the
 * navigation and the feature guards catch up without a new login.
 */
function useRoleFollowsPlan(host: Host, plan: PlanType | null): void {
  const [attempts, setAttempts] = useState(0);
  const role = host.session.user?.role;
  const behind = plan !== null && role !== undefined && role !== 'test' && !isAdminRole(role) && role !== plan;
  useEffect(() => {
    if (!behind || attempts >= ROLE_SYNC_ATTEMPTS) return;
    const timer = setTimeout(() => {
      void host.session.reloadUser().finally(() => setAttempts((count) => count + 1));
    }, ROLE_SYNC_DELAY_MS);
    return () => clearTimeout(timer);
  }, [behind, attempts, host]);
}
