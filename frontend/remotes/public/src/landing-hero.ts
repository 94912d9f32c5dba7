/**
 * The landing page's hero text. It belongs to the landing page (LandingPage.tsx),
 * and it is this package's one export (`@planner/remote-public/landing-hero`):
 * the shell paints the same hero while the public remote loads, so the first
 * paint is the page's own headline rather than an empty screen. The shell takes
 * it at build time — a change of it shows in that placeholder once the shell is
 * rebuilt too.
 */
export const LANDING_HERO = {
  title: 'Plan, generate and publish your social media in one place',
  text: 'Organizations plan, generate with AI, review, approve, schedule and publish posts across every major platform.',
} as const;
