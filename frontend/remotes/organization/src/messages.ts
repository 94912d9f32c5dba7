/** Part 2 §8 (templates/config) texts of this page; a failed call's text is @planner/ui/error-text's. */
export const UPDATED = 'Updated successfully!';
export const NO_TEMPLATES = 'No templates found. Create one to get started.';
