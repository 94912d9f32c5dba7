/** The product's display name, used in titles and headings. */
export const PRODUCT_NAME = 'Social Planner';
