import { PLATFORM_DISPLAY_NAMES, type ConnectionPlatform, type MediaType } from '@planner/contracts';
import type { DesignerRouteState } from '@planner/remote-contract';
import type { PreviewAccount } from '../post-form/PlatformPreview.js';
import type { Illustration } from './illustrations.js';

/**
 * An example post of /examples (issue 36): what the generator writes for a
 * platform and post type, from the settings shown with it. Written for this
 * page (sample businesses, no real accounts); each fits its platform's limit.
 */
export interface Example {
  id: string;
  platform: ConnectionPlatform;
  mediaType: MediaType;
  account: PreviewAccount;
  text: string;
  media: Illustration[];
  settings: { contentType: string; topic: string; tone: string; mood: string };
}

const bakery: PreviewAccount = { name: 'Fjord Bakery', handle: 'fjordbakery' };
const bikes: PreviewAccount = { name: 'Spoke & Chain Cycles', handle: 'spokeandchain' };
const yoga: PreviewAccount = { name: 'Stillwater Yoga', handle: 'stillwater.yoga' };
const software: PreviewAccount = { name: 'Ledgerly', handle: 'ledgerly' };
const cafe: PreviewAccount = { name: 'Corner Roast Café', handle: 'cornerroast' };

export const EXAMPLES: readonly Example[] = [
  {
    id: 'x-text',
    platform: 'x',
    mediaType: 'text',
    account: bakery,
    text: 'The cinnamon buns are back 🍂 Baked at 6 every morning until they run out (usually by 10). Come early, bring a friend, and tell us: icing or no icing? #Bergen #FreshBaked',
    media: [],
    settings: { contentType: 'promotion', topic: 'Autumn cinnamon buns', tone: 'friendly', mood: 'excited' },
  },
  {
    id: 'x-image',
    platform: 'x',
    mediaType: 'image',
    account: bikes,
    text: 'Free bike check this Saturday, 9–13 🚲 Brakes, gears, tyres: we look them over while you have a coffee. No booking needed. #BikeSafety',
    media: [{ scene: 'bike', alt: 'A red road bike drawn on a pale blue background', background: '#d6e9f8', shape: 'square' }],
    settings: { contentType: 'event', topic: 'Free Saturday bike check', tone: 'casual', mood: 'energetic' },
  },
  {
    id: 'linkedin-text',
    platform: 'linkedin',
    mediaType: 'text',
    account: software,
    text: 'Closing the books used to take our customers five days. Last quarter the median was under two.\n\nThree things made the difference:\n1. Bank feeds matched as they arrive, not at month end\n2. Approvals on a phone, so nothing waits for a desk\n3. One place for every receipt\n\nWhat slows your close down the most? #Finance #Accounting',
    media: [],
    settings: { contentType: 'educational', topic: 'Faster month-end close', tone: 'professional', mood: 'confident' },
  },
  {
    id: 'linkedin-image',
    platform: 'linkedin',
    mediaType: 'image',
    account: software,
    text: 'We have published our 2026 State of Small Business Finance report: 1,200 owners on cash flow, late invoices and the tools they trust. The short version: those who reconcile weekly are paid 9 days sooner. Full report in the comments.',
    media: [{ scene: 'chart', alt: 'A bar chart rising to the right drawn on a deep blue background', background: '#1e3a5f', shape: 'landscape' }],
    settings: { contentType: 'news', topic: 'Annual finance report', tone: 'authoritative', mood: 'thoughtful' },
  },
  {
    id: 'facebook-image',
    platform: 'facebook',
    mediaType: 'image',
    account: cafe,
    text: 'New on the menu: the maple oat latte ☕ Made with our own house-roasted beans and a touch of real Canadian maple. Try it this week and get a second one half price. See you at the corner!',
    media: [{ scene: 'coffee', alt: 'A white coffee cup with steam drawn on a warm brown background', background: '#a9744f', shape: 'square' }],
    settings: { contentType: 'promotion', topic: 'Maple oat latte launch', tone: 'friendly', mood: 'positive' },
  },
  {
    id: 'facebook-carousel',
    platform: 'facebook',
    mediaType: 'carousel',
    account: bakery,
    text: 'From dough to shelf in 18 hours: swipe through a day in our bakery. Our sourdough rests overnight, goes in the oven at 5, and is on your table by breakfast. 🥖',
    media: [
      { scene: 'bread', alt: 'A sourdough loaf drawn on a cream background', background: '#f6ead8', shape: 'square' },
      { scene: 'croissant', alt: 'A golden croissant drawn on a soft yellow background', background: '#fbe7a1', shape: 'square' },
    ],
    settings: { contentType: 'engagement', topic: 'A day in the bakery', tone: 'casual', mood: 'relaxed' },
  },
  {
    id: 'instagram-image',
    platform: 'instagram',
    mediaType: 'image',
    account: yoga,
    text: 'Sunday slow flow is back 🌿 60 minutes of gentle stretching and breath, all levels welcome. Mats provided. Book through the link in our bio.\n\n#yoga #slowflow #selfcare',
    media: [{ scene: 'yoga', alt: 'A person in a yoga pose drawn on a sage green background', background: '#dcebdd', shape: 'square' }],
    settings: { contentType: 'promotion', topic: 'Sunday slow flow class', tone: 'empathetic', mood: 'relaxed' },
  },
  {
    id: 'instagram-carousel',
    platform: 'instagram',
    mediaType: 'carousel',
    account: cafe,
    text: 'Two ways to start your morning. Which one are you? ☕🥐 Tell us in the comments.\n\n#coffee #breakfast #cornerroast',
    media: [
      { scene: 'coffee', alt: 'A coffee cup drawn on a brown background', background: '#a9744f', shape: 'square' },
      { scene: 'croissant', alt: 'A croissant drawn on a yellow background', background: '#fbe7a1', shape: 'square' },
    ],
    settings: { contentType: 'engagement', topic: 'Coffee or pastry poll', tone: 'humorous', mood: 'playful' },
  },
  {
    id: 'instagram-story',
    platform: 'instagram',
    mediaType: 'story',
    account: bikes,
    text: '',
    media: [{ scene: 'bike', alt: 'A red bike drawn upright on an orange background for a story', background: '#f7c59f', shape: 'portrait' }],
    settings: { contentType: 'event', topic: 'Saturday group ride', tone: 'enthusiastic', mood: 'energetic' },
  },
  {
    id: 'threads-text',
    platform: 'threads',
    mediaType: 'text',
    account: yoga,
    text: 'Small reminder for a busy Monday: three slow breaths before you open your inbox. In for four, hold for four, out for six. Your shoulders will thank you.',
    media: [],
    settings: { contentType: 'inspirational', topic: 'Breathing for busy days', tone: 'inspirational', mood: 'positive' },
  },
  {
    id: 'tiktok-short',
    platform: 'tiktok',
    mediaType: 'short',
    account: bakery,
    text: 'How we shape 400 croissants before sunrise 🥐⏰ #bakerytok #croissant #behindthescenes',
    media: [{ scene: 'croissant', alt: 'A croissant drawn on a yellow background, the first frame of a vertical video', background: '#fbe7a1', shape: 'portrait' }],
    settings: { contentType: 'entertainment', topic: 'Croissant shaping time-lapse', tone: 'casual', mood: 'playful' },
  },
  {
    id: 'youtube-video',
    platform: 'youtube',
    mediaType: 'video',
    account: bikes,
    text: 'Fix a flat in 5 minutes: tyre levers, a spare tube and these six steps. Chapters: 0:00 tools, 0:45 wheel off, 2:10 new tube, 4:00 pump and check.',
    media: [{ scene: 'bike', alt: 'A bike drawn on a light blue background, the first frame of a video', background: '#d6e9f8', shape: 'landscape' }],
    settings: { contentType: 'educational', topic: 'Fixing a flat tyre', tone: 'informative', mood: 'confident' },
  },
  {
    id: 'telegram-text',
    platform: 'telegram',
    mediaType: 'text',
    account: software,
    text: 'Release 4.2 is out:\n• Invoices in 12 new currencies\n• Reminders you can schedule per customer\n• 30% faster bank sync\n\nUpdate from the app, or read the notes: https://ledgerly.example/releases/4-2',
    media: [],
    settings: { contentType: 'news', topic: 'Release 4.2', tone: 'informative', mood: 'neutral' },
  },
];

/** The designer opened with the example: its text for its platform, its post type, and the settings it came from. */
export function exampleState(example: Example): DesignerRouteState {
  const name = PLATFORM_DISPLAY_NAMES[example.platform];
  return {
    prefill: {
      posts: [{ platforms: [name], text: example.text }],
      form: { ...example.settings },
      mediaType: example.mediaType,
    },
  };
}
