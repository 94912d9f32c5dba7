/**
 * The admin screens' own texts: part 1 §5, §8 and part 2 §8 word for word
 * where the spec words them (the rules the services share are in
 * @planner/contracts; the newsletters' are in newsletter/messages.ts); those
 * marked are not worded by the spec.
 */
export const AdminMessages = {
  loadUserFailed: 'Failed to load user data',
  roleUpdateFailed: 'Failed to update user role',
  roleResetFailed: 'Failed to reset user role',
  banFailed: 'Failed to ban user',
  unbanFailed: 'Failed to unban user',
  activateFailed: 'Failed to activate organization',
  deactivateFailed: 'Failed to deactivate organization',
  subscriptionFailed: 'Failed to update subscription',
  /** Not worded by the spec. */
  roleUpdated: (role: string) => `Role changed to ${role}.`,
  roleReset: (role: string) => `Role reset to ${role}.`,
  banned: (username: string) => `${username} is banned.`,
  unbanned: (username: string) => `${username} is no longer banned.`,
  activated: (name: string) => `${name} is active again.`,
  deactivated: (name: string) => `${name} is deactivated.`,

  platformCreated: 'Platform created successfully!',
  /** Not worded by the spec (part 2 §8: the server's message, else these). */
  platformUpdated: 'Platform updated successfully!',
  platformDeleted: 'Platform deleted successfully!',
  platformsLoadFailed: 'Failed to fetch platforms',
  platformCreateFailed: 'Failed to create platform',
  platformUpdateFailed: 'Failed to update platform',
  platformDeleteFailed: 'Failed to delete platform',
  mediaTypesRequired: 'Please choose at least one media type.',
  credentialsNotJson: 'Other credentials must be a JSON object, e.g. {"client_id": "…"}.',

  systemMessagesLoadFailed: 'Failed to fetch system messages',
  systemMessageCreateFailed: 'Failed to create system message',
  systemMessageUpdateFailed: 'Failed to update system message',
  systemMessageDeleteFailed: 'Failed to delete system message',
  /** Not worded by the spec. */
  systemMessageCreated: 'System message created.',
  systemMessageUpdated: 'System message updated.',
  systemMessageDeleted: 'System message deleted.',
  confirmDeleteSystemMessage: 'Are you sure you want to delete this system message? This cannot be undone.',

  postCreateFailed: 'Failed to create blog post',
  postUpdateFailed: 'Failed to update blog post',
  postDeleteFailed: 'Failed to delete blog post',
  categoryCreateFailed: 'Failed to create category',
  categoryDeleteFailed: 'Failed to delete category',
  confirmDeletePost: 'Are you sure you want to delete this blog post? This cannot be undone.',
  confirmDeleteCategory: 'Are you sure you want to delete this category? This may affect associated blog posts.',
  /** Not worded by the spec. */
  postsLoadFailed: 'Failed to load blog posts',
  categoriesLoadFailed: 'Failed to load blog categories',
  postCreated: 'Blog post created.',
  postUpdated: 'Blog post updated.',
  categoryCreated: 'Category created.',
} as const;
