import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PostMessages, type TikTokCreatorInfo } from '@planner/contracts';
import { DesignerPage } from '../src/DesignerPage.js';
import { choicesOf, TikTokWords, tiktokProblem } from '../src/post-form/platform-choices.js';
import { apiError, designerData, designerHost, formFields, ORG_ID, renderAt, type Call } from './support.js';

afterEach(cleanup);

/** What the scheduler answers for a Sandbox TikTok connection of an app TikTok has not audited. */
const creator: TikTokCreatorInfo = {
  sandbox: true,
  unaudited: true,
  creator_nickname: 'Acme Bakery',
  creator_username: 'acme_tiktok',
  privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
  comment_disabled: false,
  duet_disabled: true,
  stitch_disabled: false,
  max_video_post_duration_sec: 600,
};
/** The same account once TikTok has audited the app: branded content can be chosen. */
const audited: TikTokCreatorInfo = { ...creator, unaudited: false };
const CREATOR_PATH = `/publications/tiktok-creator-info?organization_id=${ORG_ID}`;
const video = () => new File([new Uint8Array(2000)], 'loaf.mp4', { type: 'video/mp4' });
const submits = (calls: Call[]) => calls.filter((call) => call.path.startsWith('/schedule_post/'));

/** The designer with TikTok and YouTube connected, one post written by hand for both, with a video. */
async function tiktokAndYouTube(creatorAnswer: () => unknown) {
  const test = designerHost({
    data: () => designerData({ connected: ['TikTok', 'YouTube'] }),
    respond: (call) => {
      if (call.path === CREATOR_PATH) return creatorAnswer();
      if (call.path === '/schedule_post/now') return { message: PostMessages.publishedTo('TikTok, YouTube'), posted_links: [] };
      return undefined;
    },
  });
  renderAt(DesignerPage, test.host);
  await userEvent.click(await screen.findByRole('button', { name: 'Write a post yourself' }));
  const post = screen.getByRole('listitem', { name: 'Post without a platform' });
  for (const name of ['TikTok', 'YouTube']) await userEvent.click(within(post).getByRole('checkbox', { name }));
  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
  await userEvent.click(screen.getByLabelText('Post text'));
  await userEvent.paste('Shaping a country loaf');
  await userEvent.upload(screen.getByLabelText(/^Upload/), video());
  return test;
}

describe('TikTok’s and YouTube’s choices in the post form (issue 29 §7, §8)', () => {
  it('asks TikTok’s choices from the creator’s settings, none made for the user, and YouTube’s visibility, Public selected; sends them', async () => {
    const { calls } = await tiktokAndYouTube(() => audited);
    const tiktok = await screen.findByRole('group', { name: 'TikTok' });
    expect(within(tiktok).getByText('Acme Bakery')).toBeTruthy();
    expect(within(tiktok).queryByText(TikTokWords.unaudited)).toBeNull();
    const privacy = within(tiktok).getByLabelText('Who can see this video') as HTMLSelectElement;
    expect(privacy.value).toBe('');
    expect([...privacy.options].filter((option) => !option.disabled).map((option) => option.text)).toEqual(['Everyone', 'Friends', 'Followers', 'Only me']);
    // Off by default; what the creator turned off stays off, and says so.
    for (const name of ['Allow comments', 'Allow Duet', 'Allow Stitch']) expect((within(tiktok).getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(false);
    const duet = within(tiktok).getByRole('checkbox', { name: 'Allow Duet' }) as HTMLInputElement;
    expect(duet.disabled).toBe(true);
    expect(duet.getAttribute('aria-describedby') && document.getElementById(duet.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Duets are turned off for this TikTok account.',
    );
    expect(within(tiktok).getByText(/By posting, you agree to TikTok's/).textContent).toBe("By posting, you agree to TikTok's Music Usage Confirmation.");
    const youtube = screen.getByRole('group', { name: 'YouTube' });
    expect((within(youtube).getByLabelText('YouTube visibility') as HTMLSelectElement).value).toBe('public');
    expect(within(youtube).getByRole('option', { name: 'Public', selected: true })).toBeTruthy();

    // No privacy level chosen: nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(PostMessages.tiktokPrivacyRequired);
    expect(submits(calls)).toEqual([]);

    await userEvent.selectOptions(privacy, 'Friends');
    await userEvent.click(within(tiktok).getByRole('checkbox', { name: 'Allow comments' }));
    await userEvent.click(within(tiktok).getByRole('switch', { name: 'Disclose commercial content' }));
    // The disclosure on without its kind cannot be sent.
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(TikTokWords.discloseKindRequired);
    await userEvent.click(within(tiktok).getByRole('checkbox', { name: 'Branded content' }));
    // Branded content cannot be seen only by the creator: Only me is offered no more, and the consent names the policy.
    expect((within(tiktok).getByRole('option', { name: 'Only me' }) as HTMLOptionElement).disabled).toBe(true);
    expect(within(tiktok).getAllByText(TikTokWords.brandedNotPrivate).length).toBeGreaterThan(0);
    expect(within(tiktok).getByText(TikTokWords.paidPartnership)).toBeTruthy();
    expect(within(tiktok).getByText(/By posting, you agree to TikTok's/).textContent).toBe(
      "By posting, you agree to TikTok's Branded Content Policy and Music Usage Confirmation.",
    );
    await userEvent.selectOptions(within(youtube).getByLabelText('YouTube visibility'), 'Unlisted');

    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    await waitFor(() => expect(submits(calls)).toHaveLength(1));
    const fields = Object.fromEntries(formFields(submits(calls)[0]!.body));
    expect(fields.platforms).toBe('YouTube,TikTok');
    expect(JSON.parse(fields.platform_options!)).toEqual({
      tiktok: { privacy_level: 'MUTUAL_FOLLOW_FRIENDS', allow_comment: true, allow_duet: false, allow_stitch: false, brand_organic: false, brand_content: true },
      youtube: { privacy_status: 'unlisted' },
    });
  });

  it('an app TikTok has not audited posts as Only me: Branded content is off and cannot be chosen, and says why (issue 30 follow-up)', async () => {
    await tiktokAndYouTube(() => creator);
    const tiktok = await screen.findByRole('group', { name: 'TikTok' });
    expect(within(tiktok).getByText(TikTokWords.unaudited)).toBeTruthy();
    await userEvent.click(within(tiktok).getByRole('switch', { name: 'Disclose commercial content' }));
    const branded = within(tiktok).getByRole('checkbox', { name: 'Branded content' }) as HTMLInputElement;
    expect(branded.disabled).toBe(true);
    expect(branded.checked).toBe(false);
    expect(document.getElementById(branded.getAttribute('aria-describedby')!)?.textContent).toBe(PostMessages.tiktokBrandedContentUnaudited);
    // Your brand still can.
    expect((within(tiktok).getByRole('checkbox', { name: 'Your brand' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('says TikTok’s choices could not be loaded and keeps the submit off while TikTok is chosen', async () => {
    await tiktokAndYouTube(() => {
      throw apiError(404, { message: 'Not Found' });
    });
    const tiktok = await screen.findByRole('group', { name: 'TikTok' });
    expect(await within(tiktok).findByRole('alert')).toHaveProperty('textContent', TikTokWords.unavailable);
    expect((screen.getByRole('button', { name: 'Publish Now' }) as HTMLButtonElement).disabled).toBe(true);
    // YouTube alone goes out.
    await userEvent.click(within(screen.getByRole('listitem', { name: /^Post for/ })).getByRole('checkbox', { name: 'TikTok' }));
    expect(screen.queryByRole('group', { name: 'TikTok' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Publish Now' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the TikTok part’s check', () => {
  const chosen = { ...choicesOf(undefined).tiktok, privacyLevel: 'PUBLIC_TO_EVERYONE' as const };
  it('wants the account’s choices, a privacy level it offers, a disclosure’s kind, branded content others see, a video within the longest', () => {
    expect(tiktokProblem(null, chosen, null)).toBe(TikTokWords.unavailable);
    expect(tiktokProblem(creator, choicesOf(undefined).tiktok, null)).toBe(PostMessages.tiktokPrivacyRequired);
    expect(tiktokProblem({ ...creator, privacy_level_options: ['SELF_ONLY'] }, chosen, null)).toBe(PostMessages.tiktokPrivacyRequired);
    expect(tiktokProblem(creator, { ...chosen, disclose: true }, null)).toBe(TikTokWords.discloseKindRequired);
    expect(tiktokProblem(creator, { ...chosen, disclose: true, brandContent: true, privacyLevel: 'SELF_ONLY' }, null)).toBe(TikTokWords.brandedNotPrivate);
    // An edited post's stored branded content, from an app TikTok has not audited; audited, it goes.
    expect(tiktokProblem(creator, { ...chosen, disclose: true, brandContent: true }, null)).toBe(PostMessages.tiktokBrandedContentUnaudited);
    expect(tiktokProblem(audited, { ...chosen, disclose: true, brandContent: true }, null)).toBeNull();
    expect(tiktokProblem(creator, chosen, 600)).toBeNull();
    expect(tiktokProblem(creator, chosen, 600.4)).toBe(TikTokWords.tooLong(601, 600));
    expect(tiktokProblem({ ...creator, max_video_post_duration_sec: null }, chosen, 9999)).toBeNull();
  });
});
