/**
 * The @tanstack/react-query the shell shares (SLIM_SHARES): the exports the shell
 * and the remotes use. '#tanstack/react-query' (package.json "imports") is the
 * package itself; '@tanstack/react-query' here would be the share this module defines.
 */
export { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from '#tanstack/react-query';
