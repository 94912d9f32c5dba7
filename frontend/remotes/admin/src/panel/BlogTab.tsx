import { LIMITS, slugify } from '@planner/contracts';
import type { AdminBlogPost, BlogCategory, BlogPostInput, Host } from '@planner/remote-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AdminTable, EditDeleteButtons } from '../AdminTable.js';
import { useConfirm } from '../Confirm.js';
import { useEditor, useRowAction, useSave, type EditorFormProps } from '../editing.js';
import { CheckboxField, FormActions, FormField } from '../forms.js';
import { formatDateTime } from '../format.js';
import { LoadFailure } from '../LoadFailure.js';
import { AdminMessages } from '../messages.js';
import { Pager } from '../Pager.js';
import { BlogCategories } from './BlogCategories.js';
import { checkPost, draftOfPost, emptyPost, withTitle, type PostDraft, type PostErrors } from './blog-rules.js';
import { LoadingRegion } from '@planner/ui/skeleton';
import { Badge } from '@planner/ui/badge';
import { EmptyState } from '@planner/ui/empty-state';

const POSTS_KEY = ['admin-blog-posts'];
const CATEGORIES_KEY = ['blog-categories'];
const SAVE_TEXTS = {
  created: AdminMessages.postCreated,
  updated: AdminMessages.postUpdated,
  createFailed: AdminMessages.postCreateFailed,
  updateFailed: AdminMessages.postUpdateFailed,
};

/** The blog's administration (part 1 §2, §4, §5): the post form, the category manager, the posts (drafts too) with Previous/Next. */
export function BlogTab({ host }: { host: Host }) {
  const queryClient = useQueryClient();
  const { dialog, ask } = useConfirm();
  const [page, setPage] = useState(1);
  const categories = useQuery({ queryKey: CATEGORIES_KEY, queryFn: () => host.api.request('GET', '/blog/categories', { auth: false }), retry: false });
  const posts = useQuery({
    queryKey: [...POSTS_KEY, page],
    queryFn: () => host.api.request('GET', '/blog/admin/posts', { query: { page, size: LIMITS.blogPageSize } }),
    placeholderData: (previous) => previous,
    retry: false,
  });
  const refreshPosts = () => void queryClient.invalidateQueries({ queryKey: POSTS_KEY });
  const editor = useEditor<AdminBlogPost>(refreshPosts);

  const remove = useRowAction(
    host,
    (post: AdminBlogPost) => host.api.request('DELETE', '/blog/admin/posts/:id', { params: { id: post.id } }),
    { done: (answer) => answer.message, failed: AdminMessages.postDeleteFailed },
    (post) => {
      editor.forget(post);
      refreshPosts();
    },
  );
  const confirmDelete = async (post: AdminBlogPost) => {
    if (await ask({ title: `Delete "${post.title}"?`, message: AdminMessages.confirmDeletePost, confirmLabel: 'Delete' })) remove.mutate(post);
  };
  const edit = (post: AdminBlogPost) => {
    editor.edit(post);
    // The form is above the table: bring it into view for the edit.
    document.getElementById('blog-post-form')?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <section aria-labelledby="blog-title">
      <h2 id="blog-title">Blog</h2>
      <div className="blog-admin">
        <PostForm key={editor.formKey} host={host} categories={categories.data?.categories ?? []} {...editor.form} />
        {categories.isError ? (
          <LoadFailure message={AdminMessages.categoriesLoadFailed} onRetry={() => void categories.refetch()} />
        ) : (
          <BlogCategories
            host={host}
            categories={categories.data?.categories ?? []}
            onChange={() => {
              void queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY });
              refreshPosts();
            }}
          />
        )}
      </div>
      {posts.isError && <LoadFailure message={AdminMessages.postsLoadFailed} onRetry={() => void posts.refetch()} />}
      {posts.isPending && <LoadingRegion label="Loading blog posts…" />}
      {posts.data && posts.data.posts.length === 0 && (
        <EmptyState title="No blog posts yet." headingLevel={3}>
          Write the first one with the form on this tab and Create post.
        </EmptyState>
      )}
      {posts.data && posts.data.posts.length > 0 && (
        <AdminTable caption="Blog posts" columns={['Title', 'Status', 'Categories', 'Created', 'Published']}>
          {posts.data.posts.map((post) => (
            <tr key={post.id}>
              <th scope="row">{post.is_published ? <Link to={`/blog/${post.slug}`}>{post.title}</Link> : post.title}</th>
              <td>
                <Badge tone={post.is_published ? 'success' : 'neutral'}>{post.is_published ? 'Published' : 'Draft'}</Badge>
              </td>
              <td>{post.categories.map((category) => category.name).join(', ') || '—'}</td>
              <td>{formatDateTime(post.created_at)}</td>
              <td>{formatDateTime(post.published_at)}</td>
              <td className="row-actions">
                <EditDeleteButtons name={post.title} onEdit={() => edit(post)} onDelete={() => void confirmDelete(post)} deleting={remove.isPending} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {posts.data && <Pager label="Blog post pages" page={page} totalPages={posts.data.pagination.total_pages} onPage={setPage} />}
      {dialog}
    </section>
  );
}

function PostForm({ host, editing, categories, onDone, onCancel }: { host: Host; categories: BlogCategory[] } & EditorFormProps<AdminBlogPost>) {
  const [draft, setDraft] = useState<PostDraft>(() => (editing ? draftOfPost(editing) : emptyPost()));
  const [errors, setErrors] = useState<PostErrors>({});
  const save = useSave(
    host,
    editing !== null,
    (post: BlogPostInput) =>
      editing ? host.api.request('PUT', '/blog/admin/posts/:id', { params: { id: editing.id }, body: post }) : host.api.request('POST', '/blog/admin/posts', { body: post }),
    SAVE_TEXTS,
    onDone,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPost(draft);
    setErrors('errors' in checked ? checked.errors : {});
    if ('post' in checked) save.mutate(checked.post);
  };
  const toggleCategory = (id: string, on: boolean) =>
    setDraft({ ...draft, categories: on ? [...draft.categories, id] : draft.categories.filter((category) => category !== id) });
  const title = editing ? `Edit post: ${editing.title}` : 'New blog post';

  return (
    <form id="blog-post-form" className="form card admin-form" aria-label={title} onSubmit={submit} noValidate>
      <h3>{title}</h3>
      {errors.form && (
        <p className="form-message form-message-error" role="alert">
          {errors.form}
        </p>
      )}
      <FormField label="Title">
        {(control) => <input {...control} value={draft.title} maxLength={300} onChange={(event) => setDraft(withTitle(draft, event.target.value))} />}
      </FormField>
      <FormField label="Slug" hint={<>The post&apos;s address: /blog/{slugify(draft.slug) || '…'}</>}>
        {(control) => <input {...control} value={draft.slug} maxLength={100} onChange={(event) => setDraft({ ...draft, slug: event.target.value, slugEdited: true })} />}
      </FormField>
      <p>
        <button type="button" className="link-button" onClick={() => setDraft({ ...draft, slug: slugify(draft.title), slugEdited: false })}>
          Generate slug from title
        </button>
      </p>
      <FormField label="Content (HTML)">
        {(control) => <textarea {...control} rows={10} value={draft.content} onChange={(event) => setDraft({ ...draft, content: event.target.value })} />}
      </FormField>
      <FormField label="Excerpt (optional)" hint={`Empty: the first ${LIMITS.excerptFallbackLength} characters of the content.`}>
        {(control) => <textarea {...control} rows={2} maxLength={2000} value={draft.excerpt} onChange={(event) => setDraft({ ...draft, excerpt: event.target.value })} />}
      </FormField>
      <FormField label="Featured image URL (optional)" error={errors.featuredImage}>
        {(control) => <input {...control} type="url" value={draft.featuredImage} onChange={(event) => setDraft({ ...draft, featuredImage: event.target.value })} />}
      </FormField>
      <fieldset className="field">
        <legend>Categories</legend>
        {categories.length === 0 ? (
          <p className="muted">No categories yet: add one under Categories.</p>
        ) : (
          <div className="checkbox-row">
            {categories.map((category) => (
              <label key={category.id}>
                <input type="checkbox" checked={draft.categories.includes(category.id)} onChange={(event) => toggleCategory(category.id, event.target.checked)} /> {category.name}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <CheckboxField label="Published" checked={draft.isPublished} onChange={(isPublished) => setDraft({ ...draft, isPublished })} />
      <FormActions editing={editing !== null} busy={save.isPending} createLabel="Create post" updateLabel="Update post" onCancel={onCancel} />
    </form>
  );
}
