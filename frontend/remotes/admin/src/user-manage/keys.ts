/** The single-user page's queries, shared by its tabs so a change updates what they show. */
export const userKey = (userId: string) => ['admin-user', userId];
export const organizationsKey = (userId: string) => ['admin-user-organizations', userId];
/** The panel's user list (every search and page): a role changed here shows there too. */
export const usersListKey = ['admin-users'];
