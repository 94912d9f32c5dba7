/** The single-user page's queries, shared by its tabs so a change updates what they show. */
export const userKey = (userId: string) => ['admin-user', userId];
export const organizationsKey = (userId: string) => ['admin-user-organizations', userId];
