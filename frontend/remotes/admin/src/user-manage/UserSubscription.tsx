import { PLAN_TYPES, planLabel, SUBSCRIPTION_STATUSES, type PlanType, type PublicUser, type SubscriptionDetails } from '@planner/contracts';
import type { ApiResponse, Host } from '@planner/remote-contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { failureText } from '../errors.js';
import { FormField } from '../forms.js';
import { formatDateTime } from '../format.js';
import { AdminMessages } from '../messages.js';
import { userKey, usersListKey } from './keys.js';
import { Badge, type BadgeTone } from '@planner/ui/badge';

type Status = (typeof SUBSCRIPTION_STATUSES)[number];

/** Part 1 §6: advanced blue, pro green, starter yellow, others gray. */
const PLAN_BADGE: Partial<Record<string, BadgeTone>> = { advanced: 'info', pro: 'success', starter: 'warning' };

/**
 * Auth gives the user the plan's role when it applies billing's change, an event after the update answers:
 * the page reads the user again every half second, up to 10 times, until auth's copy of the plan matches.
 */
export const ROLE_FOLLOW_POLL_MS = 500;
export const ROLE_FOLLOW_ATTEMPTS = 10;

/** Reads the user until auth has applied `wanted`, so the role shown is the one the plan gave; then the panel's list. */
async function readUntilApplied(queryClient: QueryClient, userId: string, wanted: SubscriptionDetails): Promise<void> {
  for (let attempt = 0; attempt < ROLE_FOLLOW_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, ROLE_FOLLOW_POLL_MS));
    await queryClient.refetchQueries({ queryKey: userKey(userId) });
    const known = queryClient.getQueryData<ApiResponse<'GET', '/auth/users/:id'>>(userKey(userId))?.data.user.subscription;
    if (known?.plan_type === wanted.plan_type && known.status === wanted.status) break;
  }
  await queryClient.invalidateQueries({ queryKey: usersListKey });
}

const isPlan = (value: string): value is PlanType => (PLAN_TYPES as readonly string[]).includes(value);
const isStatus = (value: string): value is Status => (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);

/**
 * Subscription (part 1 §2, §4, §6): the plan and status; the admin sets a
 * plan (basic, starter, pro, advanced) and status (active, canceled,
 * past_due). The user's role follows the plan; a user without a
 * subscription gets one.
 */
export function UserSubscription({ host, user }: { host: Host; user: PublicUser }) {
  const queryClient = useQueryClient();
  const current = user.subscription;
  const [plan, setPlan] = useState<PlanType>(current && isPlan(current.plan_type) ? current.plan_type : 'basic');
  const [status, setStatus] = useState<Status>(current && isStatus(current.status) ? current.status : 'active');
  const [saved, setSaved] = useState<SubscriptionDetails | null>(null);
  const update = useMutation({
    mutationFn: () => host.api.request('POST', '/subscriptions/admin/update', { body: { user_id: user.id, plan_type: plan, status } }),
    onSuccess: (answer) => {
      setSaved(answer.subscription);
      host.toast({ kind: 'success', message: answer.message });
      // Not stopped when the tab changes: the admin goes to User Information to see the new role.
      void readUntilApplied(queryClient, user.id, answer.subscription);
    },
    onError: (error) => host.toast({ kind: 'error', message: failureText(error, AdminMessages.subscriptionFailed) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate();
  };
  const shown = saved ?? current;
  return (
    <section className="card" aria-labelledby="subscription-title">
      <h2 id="subscription-title">Subscription</h2>
      {shown ? (
        <dl className="details">
          <dt>Plan</dt>
          <dd>
            <Badge tone={PLAN_BADGE[shown.plan_type]}>{isPlan(shown.plan_type) ? planLabel(shown.plan_type) : shown.plan_type}</Badge>
          </dd>
          <dt>Status</dt>
          <dd>{shown.status}</dd>
          {saved && (
            <>
              <dt>Current period ends</dt>
              <dd>{formatDateTime(saved.current_period_end)}</dd>
            </>
          )}
        </dl>
      ) : (
        <p>This user has no subscription: setting a plan gives them one.</p>
      )}
      <form className="form admin-form" aria-label="Set subscription" onSubmit={submit}>
        <FormField label="Plan">
          {(control) => (
            <select {...control} value={plan} onChange={(event) => isPlan(event.target.value) && setPlan(event.target.value)}>
              {PLAN_TYPES.map((value) => (
                <option key={value} value={value}>
                  {planLabel(value)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Status">
          {(control) => (
            <select {...control} value={status} onChange={(event) => isStatus(event.target.value) && setStatus(event.target.value)}>
              {SUBSCRIPTION_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button type="submit" className="button" disabled={update.isPending}>
          Update subscription
        </button>
      </form>
    </section>
  );
}
