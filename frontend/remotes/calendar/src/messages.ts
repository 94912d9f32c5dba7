/** Part 2 §8 (post actions): a post whose change failed without the server's words. */
export const UPDATE_FAILED = 'Failed to update post. Please try again.';
/** Part 2 §8 (calendar): the load error is shown with Retry; without the server's words, this. */
export const LOAD_FAILED = 'The calendar could not be loaded.';
