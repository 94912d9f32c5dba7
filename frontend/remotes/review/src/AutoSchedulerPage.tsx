import { OrganizationMessages, PostMessages, type AutoScheduleView } from '@planner/contracts';
import type { HostProps } from '@planner/remote-contract';
import { ConfirmDialog } from '@planner/ui/dialog';
import { errorText } from '@planner/ui/error-text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useOrganizationSettings } from './organization.js';
import { createBody, updateBody, type ScheduleDraft, type Upload } from './schedule-rules.js';
import { ScheduleForm } from './ScheduleForm.js';
import { ScheduleList, type ScheduleAction } from './ScheduleList.js';
import { SCHEDULE_ERRORS_MS, useTimed } from './timed.js';
import { EmptyState } from '@planner/ui/empty-state';

/** Part 2 §2: the list's texts. */
export const LOADING_SCHEDULES = 'Loading auto schedules...';
/** Part 2 §8: the 'Organization ID is missing.' toast shows 3 s. */
const MISSING_ORGANIZATION_TOAST_MS = 3000;

/** The calendar's Edit Schedule (part 2 §2): the schedule to edit and where to go back after saving. */
interface RouteState {
  editingSchedule?: Pick<AutoScheduleView, 'id'> & Partial<AutoScheduleView>;
  returnToRoute?: string;
}

type Confirm =
  | { kind: 'update'; schedule: AutoScheduleView; draft: ScheduleDraft; uploads: Upload[] }
  | { kind: 'delete'; schedule: AutoScheduleView }
  | { kind: 'toggle'; schedule: AutoScheduleView };

type Save = { schedule: AutoScheduleView | null; draft: ScheduleDraft; uploads: Upload[] };

/**
 * The Auto Scheduler, /organization/autopost (part 2 §2, §4, §5, §8): the
 * create/edit form (collapsible; an update asks first), the list Scheduled
 * Posts with each schedule's next times in the organization's time zone,
 * and edit, delete (optionally with its related posts) and activate/pause,
 * each behind a confirmation.
 */
export function AutoSchedulerPage({ host }: HostProps) {
  const id = useId();
  const organizationId = host.organization?.id;
  const inactive = host.organization?.is_active === false;
  const location = useLocation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const routeState = (location.state ?? {}) as RouteState;
  const settings = useOrganizationSettings(host);
  const data = useQuery({
    queryKey: ['autopost-data', organizationId],
    queryFn: () => host.api.request('GET', '/organizations/:id/autopost-data', { params: { id: organizationId! } }),
    enabled: organizationId !== undefined,
    retry: false,
  });
  const [form, setForm] = useState<{ schedule: AutoScheduleView | null } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [deleteRelated, setDeleteRelated] = useState(false);
  const [formFailure, setFormFailure] = useTimed<string>(SCHEDULE_ERRORS_MS);
  const [pageFailure, setPageFailure] = useTimed<string>(SCHEDULE_ERRORS_MS);
  const formSection = useRef<HTMLElement>(null);
  const schedules = data.data?.autoSchedules ?? [];

  useEffect(() => {
    if (!organizationId) host.toast({ kind: 'error', message: PostMessages.organizationIdMissing, durationMs: MISSING_ORGANIZATION_TOAST_MS });
  }, [organizationId, host]);

  // Edit Schedule from the calendar: the schedule as it is now, once the list has it; once (a later reload of the list does not reopen it).
  const editingId = routeState.editingSchedule?.id;
  const openedFromRoute = useRef(false);
  useEffect(() => {
    if (!editingId || !data.data || openedFromRoute.current) return;
    const schedule = data.data.autoSchedules.find((s) => s.id === editingId);
    openedFromRoute.current = true;
    if (schedule) setForm({ schedule });
  }, [editingId, data.data]);

  useEffect(() => {
    if (form) formSection.current?.scrollIntoView?.({ block: 'start' });
  }, [form]);

  const done = async (message: string) => {
    host.toast({ kind: 'success', message });
    setConfirm(null);
    await queries.invalidateQueries({ queryKey: ['autopost-data', organizationId] });
  };

  const save = useMutation({
    mutationFn: ({ schedule, draft, uploads }: Save) =>
      schedule
        ? host.api.request('PUT', '/auto-schedule/:id', { params: { id: schedule.id }, body: updateBody(draft, uploads) })
        : host.api.request('POST', '/auto-schedule', { body: createBody(draft, uploads, organizationId!) }),
    onSuccess: async (answer, { schedule }) => {
      setForm(null);
      setFormFailure(null);
      await done(answer.message);
      if (schedule && routeState.returnToRoute) navigate(routeState.returnToRoute);
    },
    onError: (error) => {
      setConfirm(null);
      setFormFailure(errorText(error));
    },
  });

  const change = useMutation({
    mutationFn: (action: Extract<Confirm, { kind: 'delete' | 'toggle' }>): Promise<{ message: string }> => {
      const params = { id: action.schedule.id };
      if (action.kind === 'toggle') return host.api.request('PATCH', '/auto-schedule/:id/active', { params, body: { active: !action.schedule.active } });
      const media = action.schedule.specific_media.split(',').filter(Boolean);
      // Its own media go with it (a post that still shows one keeps it).
      return host.api.request('DELETE', '/auto-schedule/:id', { params, body: { delete_related_posts: deleteRelated, media_keys: media } });
    },
    onSuccess: async (answer, action) => {
      if (action.kind === 'delete' && form?.schedule?.id === action.schedule.id) setForm(null);
      await done(answer.message);
    },
    onError: (error) => {
      setConfirm(null);
      setPageFailure(errorText(error));
    },
  });

  const onAction = (schedule: AutoScheduleView, action: ScheduleAction) => {
    if (action === 'edit') {
      setFormFailure(null);
      setForm({ schedule });
      return;
    }
    setDeleteRelated(false);
    setConfirm({ kind: action, schedule });
  };

  const timeZone = settings.data?.timezone;
  const loading = data.isPending || settings.isPending;
  const failed = data.isError ? data.error : settings.isError ? settings.error : null;

  return (
    <main className="page auto-scheduler">
      <h1>Auto Scheduler</h1>
      {!organizationId && <p role="alert">{PostMessages.organizationIdMissing}</p>}
      {inactive && (
        <p className="form-message form-message-error" role="alert">
          {OrganizationMessages.inactive}
        </p>
      )}
      {pageFailure && (
        <p className="form-message form-message-error" role="alert">
          {pageFailure}
        </p>
      )}

      {data.data && timeZone && !inactive && (
        <section ref={formSection} className="card" aria-labelledby={`${id}-form-title`}>
          <h2 id={`${id}-form-title`}>
            <button
              type="button"
              className="disclosure"
              aria-expanded={form !== null}
              aria-controls={`${id}-form`}
              onClick={() => {
                setFormFailure(null);
                setForm(form ? null : { schedule: null });
              }}
            >
              {form?.schedule ? `Edit schedule: ${form.schedule.name}` : 'Create a schedule'}
            </button>
          </h2>
          <div id={`${id}-form`}>
            {form && (
              <ScheduleForm
                key={form.schedule?.id ?? 'new'}
                schedule={form.schedule}
                platforms={data.data.activePlatforms}
                templates={data.data.templates}
                timeZone={timeZone}
                defaultReviewTime={settings.data?.default_before_post_review_time}
                busy={save.isPending}
                failure={formFailure}
                onSubmit={(draft, uploads) => {
                  // Part 2 §4: an update is confirmed first; a new schedule is saved at once.
                  if (form.schedule) setConfirm({ kind: 'update', schedule: form.schedule, draft, uploads });
                  else save.mutate({ schedule: null, draft, uploads });
                }}
                onCancel={() => setForm(null)}
              />
            )}
          </div>
        </section>
      )}

      <section aria-labelledby={`${id}-list-title`}>
        <h2 id={`${id}-list-title`}>Scheduled Posts</h2>
        {loading && !failed && <p role="status">{LOADING_SCHEDULES}</p>}
        {failed && (
          <div className="form-message form-message-error">
            <p role="alert">{errorText(failed)}</p>
            <button
              type="button"
              className="button"
              onClick={() => {
                void data.refetch();
                void settings.refetch();
              }}
            >
              Retry
            </button>
          </div>
        )}
        {data.isSuccess && timeZone && schedules.length === 0 && (
          <EmptyState title={PostMessages.noSchedules} headingLevel={3}>
            Set one with the form above: it makes posts at the times you choose.
          </EmptyState>
        )}
        {timeZone && schedules.length > 0 && <ScheduleList schedules={schedules} timeZone={timeZone} disabled={inactive} onAction={onAction} />}
      </section>

      {confirm?.kind === 'update' && (
        <ConfirmDialog
          title="Update schedule"
          message={`Are you sure you want to update the schedule ${confirm.schedule.name}? Its pending posts follow a new time or new content settings.`}
          confirmLabel="Update"
          busyLabel="Updating..."
          busy={save.isPending}
          onConfirm={() => save.mutate({ schedule: confirm.schedule, draft: confirm.draft, uploads: confirm.uploads })}
          onCancel={() => setConfirm(null)}
        />
      )}
      {confirm?.kind === 'toggle' && (
        <ConfirmDialog
          title={confirm.schedule.active ? 'Pause schedule' : 'Activate schedule'}
          message={`Are you sure you want to ${confirm.schedule.active ? 'pause' : 'activate'} this schedule?`}
          confirmLabel={confirm.schedule.active ? 'Pause' : 'Activate'}
          busyLabel="Saving..."
          busy={change.isPending}
          onConfirm={() => change.mutate(confirm)}
          onCancel={() => setConfirm(null)}
        />
      )}
      {confirm?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete schedule"
          message={`Are you sure you want to delete the schedule ${confirm.schedule.name}?`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={change.isPending}
          danger
          onConfirm={() => change.mutate(confirm)}
          onCancel={() => setConfirm(null)}
        >
          <p className="field-checkbox">
            <input id={`${id}-related`} type="checkbox" checked={deleteRelated} onChange={(e) => setDeleteRelated(e.target.checked)} />{' '}
            <label htmlFor={`${id}-related`}>Also delete its related posts that have not been published</label>
          </p>
        </ConfirmDialog>
      )}
    </main>
  );
}
