// Kept in the remote contract, shared by every remote's pages.
export { serverMessage } from '@planner/remote-contract';
