/** The product's display name in the public pages. */
export const PRODUCT = 'Social Planner';
