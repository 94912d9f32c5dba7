import { LIMITS } from '@planner/contracts';
import type { Host, HostProps, Newsletter, NewsletterInput, NewsletterSubscriber } from '@planner/remote-contract';
import { ConfirmDialog } from '@planner/ui/dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { failureText } from '../errors.js';
import { newsletterConfirmation, NewsletterTexts } from './messages.js';
import { NewsletterForm } from './NewsletterForm.js';
import { NewsletterList } from './NewsletterList.js';
import { NewsletterStats } from './NewsletterStats.js';
import { confirmDialogProps, type ConfirmRequest } from '../Confirm.js';
import { Pager } from '../Pager.js';
import { PreviewDialog } from './PreviewDialog.js';
import { isSending, SEND_PROGRESS_POLL_MS, useSendAnnouncement } from './send-progress.js';
import { SubscriberList } from './SubscriberList.js';
import { LoadingRegion } from '@planner/ui/skeleton';

const KEY = 'newsletter-dashboard';

/** Newsletters shown a page at a time. */
const NEWSLETTERS_PER_PAGE = 10;

/** What is asked before it is done (part 1 §5). */
type Confirmation =
  | { kind: 'send'; newsletter: Newsletter }
  | { kind: 'delete'; newsletter: Newsletter }
  | { kind: 'create-and-send'; input: NewsletterInput }
  | { kind: 'delete-subscriber'; subscriber: NewsletterSubscriber };

/** Thrown when the server's answer to a creation has no id to send. */
class MissingNewsletterId extends Error {}

/** Does a confirmed action; resolves with the server's message to show. */
async function perform(host: Host, action: Confirmation): Promise<string> {
  switch (action.kind) {
    case 'send':
      return (await host.api.request('POST', '/newsletter/admin/newsletters/:id/send', { params: { id: action.newsletter.id } })).message;
    case 'delete':
      return (await host.api.request('DELETE', '/newsletter/admin/newsletters/:id', { params: { id: action.newsletter.id } })).message;
    case 'delete-subscriber':
      return (await host.api.request('DELETE', '/newsletter/admin/subscribers/:id', { params: { id: action.subscriber.id } })).message;
    case 'create-and-send': {
      const created = await host.api.request('POST', '/newsletter/admin/newsletters', { body: action.input });
      const id = created?.newsletter?.id;
      if (!id) throw new MissingNewsletterId();
      return (await host.api.request('POST', '/newsletter/admin/newsletters/:id/send', { params: { id } })).message;
    }
  }
}

function failureOf(action: Confirmation, error: unknown): string {
  if (error instanceof MissingNewsletterId) return NewsletterTexts.noIdAfterCreate;
  const what = {
    send: NewsletterTexts.sendFailed,
    delete: NewsletterTexts.deleteFailed,
    'create-and-send': NewsletterTexts.createAndSendFailed,
    'delete-subscriber': NewsletterTexts.deleteSubscriberFailed,
  }[action.kind];
  return failureText(error, what);
}

function questionOf(action: Confirmation): ConfirmRequest {
  switch (action.kind) {
    case 'send':
      return newsletterConfirmation('send', action.newsletter.subject);
    case 'create-and-send':
      return newsletterConfirmation('send', action.input.subject);
    case 'delete':
      return newsletterConfirmation('delete', action.newsletter.subject);
    case 'delete-subscriber':
      return { title: 'Delete subscriber', message: NewsletterTexts.confirmDeleteSubscriber, detail: action.subscriber.email, confirmLabel: 'Delete' };
  }
}

/** Moves back to the last page when deletions emptied the one shown. */
function useKeepWithin(page: number, totalPages: number | undefined, setPage: (page: number) => void): void {
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) setPage(totalPages);
  }, [page, totalPages, setPage]);
}

/**
 * The newsletter dashboard, /newsletter (part 1 §2, §4, §5; admins only, the
 * shell's guard): stats, refresh, compose (a draft, or sent at once), the
 * newsletters with preview, edit, send and delete (drafts only), and the
 * subscribers 50 a page with delete. Sending and deleting are confirmed first.
 */
export function NewsletterDashboardPage({ host }: HostProps) {
  const queries = useQueryClient();
  const [newsletterPage, setNewsletterPage] = useState(1);
  const [subscriberPage, setSubscriberPage] = useState(1);
  const [editing, setEditing] = useState<Newsletter | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [preview, setPreview] = useState<Newsletter | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const stats = useQuery({ queryKey: [KEY, 'stats'], queryFn: () => host.api.request('GET', '/newsletter/stats'), retry: false });
  const newsletters = useQuery({
    queryKey: [KEY, 'newsletters', newsletterPage],
    queryFn: () => host.api.request('GET', '/newsletter/admin/newsletters', { query: { page: newsletterPage, per_page: NEWSLETTERS_PER_PAGE } }),
    // The page shown stays until the next one is there.
    placeholderData: (previous) => previous,
    // A send in progress shows its count growing until it is done.
    refetchInterval: (query) => (query.state.data?.newsletters.some(isSending) ? SEND_PROGRESS_POLL_MS : false),
    retry: false,
  });
  const sendAnnouncement = useSendAnnouncement(newsletters.data?.newsletters);
  const subscribers = useQuery({
    queryKey: [KEY, 'subscribers', subscriberPage],
    queryFn: () =>
      host.api.request('GET', '/newsletter/admin/subscribers', { query: { page: subscriberPage, per_page: LIMITS.newsletterSubscriberPageSize } }),
    placeholderData: (previous) => previous,
    retry: false,
  });
  useKeepWithin(newsletterPage, newsletters.data?.pagination.total_pages, setNewsletterPage);
  useKeepWithin(subscriberPage, subscribers.data?.pagination.total_pages, setSubscriberPage);
  const refresh = () => queries.invalidateQueries({ queryKey: [KEY] });

  const closeForm = () => {
    setEditing(null);
    setFormKey((key) => key + 1);
  };
  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: NewsletterInput }): Promise<unknown> =>
      id === null
        ? host.api.request('POST', '/newsletter/admin/newsletters', { body: input })
        : host.api.request('PUT', '/newsletter/admin/newsletters/:id', { params: { id }, body: input }),
    onSuccess: async (_, { id }) => {
      host.toast({ kind: 'success', message: id === null ? NewsletterTexts.draftSaved : NewsletterTexts.updated });
      closeForm();
      await refresh();
    },
    onError: (error, { id }) => host.toast({ kind: 'error', message: failureText(error, id === null ? NewsletterTexts.createFailed : NewsletterTexts.updateFailed) }),
  });
  const act = useMutation({
    mutationFn: (action: Confirmation) => perform(host, action),
    onSuccess: async (message, action) => {
      host.toast({ kind: 'success', message });
      if (action.kind === 'create-and-send') closeForm();
      if (action.kind === 'delete' && editing?.id === action.newsletter.id) closeForm();
      await refresh();
    },
    onError: async (error, action) => {
      host.toast({ kind: 'error', message: failureOf(action, error) });
      await refresh();
    },
    onSettled: () => setConfirmation(null),
  });

  return (
    <main className="page newsletter-dashboard">
      <div className="page-heading">
        <h1>Newsletter Dashboard</h1>
        <button type="button" className="button button-secondary" onClick={() => void refresh()}>
          Refresh
        </button>
      </div>

      <section aria-labelledby="newsletter-stats-title">
        <h2 id="newsletter-stats-title">Statistics</h2>
        <NewsletterStats stats={stats.data} failed={stats.isError} />
      </section>

      <NewsletterForm
        key={editing ? `edit-${editing.id}-${formKey}` : `new-${formKey}`}
        editing={editing}
        busy={save.isPending || act.isPending}
        onSave={(input) => save.mutate({ id: editing?.id ?? null, input })}
        onSend={(input) => setConfirmation({ kind: 'create-and-send', input })}
        onCancel={closeForm}
      />

      <section aria-labelledby="newsletters-title">
        <h2 id="newsletters-title">Newsletters</h2>
        <p className="visually-hidden" role="status">
          {sendAnnouncement}
        </p>
        {newsletters.isError ? (
          <p className="form-message form-message-error" role="alert">
            {failureText(newsletters.error, NewsletterTexts.fetchNewslettersFailed)}
          </p>
        ) : newsletters.data ? (
          <>
            <NewsletterList
              newsletters={newsletters.data.newsletters}
              onPreview={setPreview}
              onEdit={setEditing}
              onSend={(newsletter) => setConfirmation({ kind: 'send', newsletter })}
              onDelete={(newsletter) => setConfirmation({ kind: 'delete', newsletter })}
            />
            <Pager className="actions" label="Newsletter pages" page={newsletterPage} totalPages={newsletters.data.pagination.total_pages} onPage={setNewsletterPage} />
          </>
        ) : (
          <LoadingRegion label="Loading newsletters…" />
        )}
      </section>

      <section aria-labelledby="subscribers-title">
        <h2 id="subscribers-title">
          Subscribers{subscribers.data && <span className="muted"> ({subscribers.data.pagination.total}, awaiting confirmation included)</span>}
        </h2>
        {subscribers.isError ? (
          <p className="form-message form-message-error" role="alert">
            {failureText(subscribers.error, NewsletterTexts.fetchSubscribersFailed)}
          </p>
        ) : subscribers.data ? (
          <>
            <SubscriberList subscribers={subscribers.data.subscribers} onDelete={(subscriber) => setConfirmation({ kind: 'delete-subscriber', subscriber })} />
            <Pager className="actions" label="Subscriber pages" page={subscriberPage} totalPages={subscribers.data.pagination.total_pages} onPage={setSubscriberPage} />
          </>
        ) : (
          <LoadingRegion label="Loading subscribers…" />
        )}
      </section>

      {preview && <PreviewDialog subject={preview.subject} html={preview.content} onClose={() => setPreview(null)} />}
      {confirmation && (
        <ConfirmDialog
          {...confirmDialogProps(questionOf(confirmation))}
          busyLabel="Working…"
          busy={act.isPending}
          danger
          onConfirm={() => act.mutate(confirmation)}
          onCancel={() => setConfirmation(null)}
        />
      )}
    </main>
  );
}
