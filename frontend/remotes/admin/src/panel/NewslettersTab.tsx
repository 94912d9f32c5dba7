import { ContentMessages, LIMITS } from '@planner/contracts';
import type { Host, Newsletter } from '@planner/remote-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AdminTable, EditDeleteButtons } from '../AdminTable.js';
import { useConfirm } from '../Confirm.js';
import { useEditor, useRowAction, useSave, type EditorFormProps } from '../editing.js';
import { FormActions, FormField } from '../forms.js';
import { formatDateTime } from '../format.js';
import { LoadFailure } from '../LoadFailure.js';
import { newsletterConfirmation, NewsletterTexts } from '../newsletter/messages.js';
import { Pager } from '../Pager.js';
import { LoadingRegion } from '@planner/ui/skeleton';
import { Badge } from '@planner/ui/badge';

const NEWSLETTERS_KEY = ['admin-newsletters'];
const SAVE_TEXTS = {
  created: NewsletterTexts.draftSaved,
  updated: NewsletterTexts.updated,
  createFailed: NewsletterTexts.createFailed,
  updateFailed: NewsletterTexts.updateFailed,
};

/**
 * Newsletters (part 1 §2, §4): drafts (no sent_at) and sent ones, newest
 * first; write or edit one; drafts are sent or deleted after a confirmation,
 * sent ones previewed and edited. Statistics and subscribers are on the
 * newsletter dashboard (/newsletter).
 */
export function NewslettersTab({ host }: { host: Host }) {
  const queryClient = useQueryClient();
  const { dialog, ask } = useConfirm();
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<Newsletter | null>(null);
  const newsletters = useQuery({
    queryKey: [...NEWSLETTERS_KEY, page],
    queryFn: () => host.api.request('GET', '/newsletter/admin/newsletters', { query: { page, per_page: LIMITS.blogPageSize } }),
    placeholderData: (previous) => previous,
    retry: false,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: NEWSLETTERS_KEY });
  const editor = useEditor<Newsletter>(refresh);

  const send = useRowAction(
    host,
    (newsletter: Newsletter) => host.api.request('POST', '/newsletter/admin/newsletters/:id/send', { params: { id: newsletter.id } }),
    { done: (answer) => answer.message, failed: NewsletterTexts.sendFailed },
    refresh,
  );
  const remove = useRowAction(
    host,
    (newsletter: Newsletter) => host.api.request('DELETE', '/newsletter/admin/newsletters/:id', { params: { id: newsletter.id } }),
    { done: (answer) => answer.message, failed: NewsletterTexts.deleteFailed },
    (newsletter) => {
      editor.forget(newsletter);
      setPreview((current) => (current?.id === newsletter.id ? null : current));
      refresh();
    },
  );

  const confirmSend = async (newsletter: Newsletter) => {
    if (await ask(newsletterConfirmation('send', newsletter.subject))) send.mutate(newsletter);
  };
  const confirmDelete = async (newsletter: Newsletter) => {
    if (await ask(newsletterConfirmation('delete', newsletter.subject))) remove.mutate(newsletter);
  };

  return (
    <section aria-labelledby="newsletters-title">
      <h2 id="newsletters-title">Newsletters</h2>
      <p>
        Statistics and subscribers are on the <Link to="/newsletter">newsletter dashboard</Link>.
      </p>
      <NewsletterForm key={editor.formKey} host={host} {...editor.form} />
      {newsletters.isError && <LoadFailure message={NewsletterTexts.fetchNewslettersFailed} onRetry={() => void newsletters.refetch()} />}
      {newsletters.isPending && <LoadingRegion label="Loading newsletters…" />}
      {newsletters.data && newsletters.data.newsletters.length === 0 && <p>{NewsletterTexts.noNewsletters}</p>}
      {newsletters.data && newsletters.data.newsletters.length > 0 && (
        <AdminTable caption="Newsletters" columns={['Subject', 'Status', 'Recipients', 'Created', 'Sent']}>
          {newsletters.data.newsletters.map((newsletter) => {
            const draft = newsletter.sent_at === null;
            return (
              <tr key={newsletter.id}>
                <th scope="row">{newsletter.subject}</th>
                <td>
                  <Badge tone={draft ? 'neutral' : 'success'}>{draft ? 'Draft' : 'Sent'}</Badge>
                </td>
                <td>{draft ? '—' : newsletter.recipients_count}</td>
                <td>{formatDateTime(newsletter.created_at)}</td>
                <td>{formatDateTime(newsletter.sent_at)}</td>
                <td className="row-actions">
                  {/* Part 1 §4: drafts are sent or deleted; sent ones only previewed and edited. */}
                  <EditDeleteButtons name={newsletter.subject} onEdit={() => editor.edit(newsletter)} onDelete={draft ? () => void confirmDelete(newsletter) : undefined} deleting={remove.isPending}>
                    <button type="button" className="button button-secondary" aria-label={`Preview ${newsletter.subject}`} onClick={() => setPreview(newsletter)}>
                      Preview
                    </button>
                    {draft && (
                      <button type="button" className="button" aria-label={`Send ${newsletter.subject}`} disabled={send.isPending} onClick={() => void confirmSend(newsletter)}>
                        Send
                      </button>
                    )}
                  </EditDeleteButtons>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      {newsletters.data && <Pager label="Newsletter pages" page={page} totalPages={newsletters.data.pagination.total_pages} onPage={setPage} />}
      {preview && (
        <section className="card newsletter-preview" aria-label={`Preview of ${preview.subject}`}>
          <h3>{preview.subject}</h3>
          {/* The newsletter's HTML in a sandbox: no script of it runs, nothing of it reaches the page. */}
          <iframe title={`Newsletter ${preview.subject}`} sandbox="" srcDoc={preview.content} />
          <button type="button" className="button button-secondary" onClick={() => setPreview(null)}>
            Close preview
          </button>
        </section>
      )}
      {dialog}
    </section>
  );
}

function NewsletterForm({ host, editing, onDone, onCancel }: { host: Host } & EditorFormProps<Newsletter>) {
  const [subject, setSubject] = useState(editing?.subject ?? '');
  const [content, setContent] = useState(editing?.content ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSave(
    host,
    editing !== null,
    (body: { subject: string; content: string }) =>
      editing
        ? host.api.request('PUT', '/newsletter/admin/newsletters/:id', { params: { id: editing.id }, body })
        : host.api.request('POST', '/newsletter/admin/newsletters', { body }),
    SAVE_TEXTS,
    onDone,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Part 1 §5: both are required, in one message.
    if (!subject.trim() || !content.trim()) {
      setError(ContentMessages.subjectAndContentRequired);
      return;
    }
    setError(null);
    save.mutate({ subject: subject.trim(), content });
  };
  const title = editing ? `Edit ${editing.subject}` : 'New newsletter';
  return (
    <form className="form card admin-form" aria-label={title} onSubmit={submit} noValidate>
      <h3>{title}</h3>
      {error && (
        <p className="form-message form-message-error" role="alert">
          {error}
        </p>
      )}
      <FormField label="Subject">
        {(control) => <input {...control} value={subject} maxLength={300} aria-invalid={error && !subject.trim() ? true : undefined} onChange={(event) => setSubject(event.target.value)} />}
      </FormField>
      <FormField label="Content (HTML)">
        {(control) => <textarea {...control} rows={8} value={content} aria-invalid={error && !content.trim() ? true : undefined} onChange={(event) => setContent(event.target.value)} />}
      </FormField>
      <FormActions editing={editing !== null} busy={save.isPending} createLabel="Save draft" updateLabel="Update newsletter" onCancel={onCancel} />
    </form>
  );
}
