import type { BlogCategory, Host } from '@planner/remote-contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useConfirm } from '../Confirm.js';
import { useRowAction } from '../editing.js';
import { failureText } from '../errors.js';
import { FormField } from '../forms.js';
import { AdminMessages } from '../messages.js';
import { checkCategory, emptyCategory, withCategoryName, type CategoryDraft } from './blog-rules.js';

/** The blog's category manager (part 1 §2, §5): the categories, a new one with its slug derived from the name, delete after confirmation. */
export function BlogCategories({ host, categories, onChange }: { host: Host; categories: BlogCategory[]; onChange: () => void }) {
  const { dialog, ask } = useConfirm();
  const [draft, setDraft] = useState<CategoryDraft>(emptyCategory);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: { name: string; slug: string; description: string | null }) => host.api.request('POST', '/blog/admin/categories', { body }),
    onSuccess: () => {
      host.toast({ kind: 'success', message: AdminMessages.categoryCreated });
      setDraft(emptyCategory());
      onChange();
    },
    onError: (failure) => host.toast({ kind: 'error', message: failureText(failure, AdminMessages.categoryCreateFailed) }),
  });
  const remove = useRowAction(
    host,
    (category: BlogCategory) => host.api.request('DELETE', '/blog/admin/categories/:id', { params: { id: category.id } }),
    { done: (answer) => answer.message, failed: AdminMessages.categoryDeleteFailed },
    onChange,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCategory(draft);
    setError('error' in checked ? checked.error : null);
    if ('category' in checked) create.mutate(checked.category);
  };
  const confirmDelete = async (category: BlogCategory) => {
    if (await ask({ title: `Delete ${category.name}?`, message: AdminMessages.confirmDeleteCategory, confirmLabel: 'Delete' })) remove.mutate(category);
  };

  return (
    <section className="card" aria-labelledby="categories-title">
      <h3 id="categories-title">Categories</h3>
      {categories.length === 0 ? (
        <p>No categories yet.</p>
      ) : (
        <ul className="category-list" aria-label="Blog categories">
          {categories.map((category) => (
            <li key={category.id}>
              <span>
                {category.name} <span className="muted">/{category.slug}</span>
              </span>
              <button type="button" className="button button-danger" aria-label={`Delete category ${category.name}`} disabled={remove.isPending} onClick={() => void confirmDelete(category)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="form admin-form" aria-label="New category" onSubmit={submit} noValidate>
        {error && (
          <p className="form-message form-message-error" role="alert">
            {error}
          </p>
        )}
        <FormField label="Category name">
          {(control) => <input {...control} value={draft.name} maxLength={200} onChange={(event) => setDraft(withCategoryName(draft, event.target.value))} />}
        </FormField>
        <FormField label="Category slug" hint="Made from the name; change it if you like.">
          {(control) => <input {...control} value={draft.slug} maxLength={100} onChange={(event) => setDraft({ ...draft, slug: event.target.value, slugEdited: true })} />}
        </FormField>
        <FormField label="Description (optional)">
          {(control) => <input {...control} value={draft.description} maxLength={2000} onChange={(event) => setDraft({ ...draft, description: event.target.value })} />}
        </FormField>
        <button type="submit" className="button" disabled={create.isPending}>
          Add category
        </button>
      </form>
      {dialog}
    </section>
  );
}
