import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DesignerPage } from '../src/DesignerPage.js';
import { designerData, designerHost, renderAt } from './support.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const file = (name: string, type: string, size = 2000) => new File([new Uint8Array(size)], name, { type });
const upload = () => screen.getByLabelText(/^Upload/) as HTMLInputElement;
const fitList = () => screen.findByRole('region', { name: 'Platform fit' });
const thumbnail = (name: string) => within(screen.getByRole('list', { name: 'Chosen media' })).getByText(name, { exact: false, selector: '.media-name' }).closest('li')!;

/** The designer with one post written by hand ("Fresh bread"), for `platforms`. */
async function postFor(platforms: string[], connected = platforms) {
  const test = designerHost({ data: () => designerData({ connected }) });
  renderAt(DesignerPage, test.host);
  await userEvent.click(await screen.findByRole('button', { name: 'Write a post yourself' }));
  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
  await userEvent.click(screen.getByLabelText('Post text'));
  await userEvent.paste('Fresh bread');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  const post = screen.getByRole('listitem', { name: /^Post / });
  for (const name of platforms) {
    const box = within(post).getByRole('checkbox', { name }) as HTMLInputElement;
    if (!box.checked) await userEvent.click(box);
  }
  return test;
}

describe("each chosen platform's fit, before submit (issue 30 §2)", () => {
  it('flags at once the file a chosen platform will refuse, in its rule’s words, and lists each platform, as files and platforms change', async () => {
    await postFor(['X', 'Telegram']);
    await userEvent.click(screen.getByRole('radio', { name: /^Image/ }));
    await userEvent.upload(upload(), [file('loaf.jpg', 'image/jpeg'), file('crumb.bmp', 'image/bmp')]);

    const fit = await fitList();
    await waitFor(() => expect(within(fit).getByText(/X will refuse this post/)).toBeTruthy());
    expect(within(fit).getByText('X takes JPEG, PNG, GIF and WEBP images.')).toBeTruthy();
    expect(within(fit).getByText('Telegram takes JPEG, PNG or WebP photos and MP4 videos, not image/bmp.')).toBeTruthy();
    // On the file it is about, with an icon and words, never on the file they take.
    expect(within(thumbnail('crumb.bmp')).getByText(/X will refuse it: X takes JPEG, PNG, GIF and WEBP images\./)).toBeTruthy();
    expect(within(thumbnail('crumb.bmp')).getByText(/Telegram will refuse it:/).textContent).toMatch(/^⚠ /);
    expect(within(thumbnail('loaf.jpg')).queryByText(/will refuse it/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove crumb.bmp' }));
    expect(within(fit).getByText('X takes this post.')).toBeTruthy();
    expect(within(fit).getByText('Telegram takes this post.')).toBeTruthy();

    // Five images: more than X takes, which is about the post, not one file.
    await userEvent.upload(upload(), ['b', 'c', 'd', 'e'].map((name) => file(`${name}.png`, 'image/png')));
    expect(within(fit).getByText('X takes at most 4 images per post.')).toBeTruthy();
    expect(within(fit).getByText('Telegram takes this post.')).toBeTruthy();
    expect(screen.queryAllByText(/will refuse it/)).toEqual([]);
    // A platform no longer chosen is no longer listed.
    await userEvent.click(within(screen.getByRole('listitem', { name: /^Post for/ })).getByRole('checkbox', { name: 'X' }));
    expect(within(fit).queryByText(/^X /)).toBeNull();
    expect(within(fit).getByText('Telegram takes this post.')).toBeTruthy();
  });

  it('changes with the media type: a GIF beside other images is refused by X as a carousel, alone it is taken', async () => {
    await postFor(['X']);
    await userEvent.click(screen.getByRole('radio', { name: /^Carousel/ }));
    await userEvent.upload(upload(), [file('a.gif', 'image/gif'), file('b.jpg', 'image/jpeg')]);
    const fit = await fitList();
    await waitFor(() => expect(within(fit).getByText('An animated GIF goes alone on X: a post takes up to 4 images or one GIF.')).toBeTruthy());
    await userEvent.click(screen.getByRole('radio', { name: /^Image/ }));
    // Leaving carousel clears the media (part 2 §4).
    await userEvent.upload(upload(), file('a.gif', 'image/gif'));
    expect(within(fit).getByText('X takes this post.')).toBeTruthy();
  });

  it('blocks the submit with the platforms that will refuse the post and why, and sends nothing', async () => {
    const { calls } = await postFor(['X', 'LinkedIn']);
    await userEvent.click(screen.getByRole('radio', { name: /^Image/ }));
    await userEvent.upload(upload(), file('crumb.webp', 'image/webp'));
    await fitList();
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toContain(
      'LinkedIn will refuse this post: LinkedIn takes JPEG, PNG or GIF images and MP4 videos, not image/webp.',
    );
    expect(calls.filter((call) => call.path.startsWith('/schedule_post/'))).toEqual([]);
  });

  it("reads a chosen video's length and shape in the browser, so YouTube's Short rules apply before upload", async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:clip');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(200);
    // jsdom's video elements have no size.
    for (const [side, pixels] of [['videoWidth', 1080], ['videoHeight', 1920]] as const) {
      Object.defineProperty(HTMLVideoElement.prototype, side, { get: () => pixels, configurable: true });
      onTestFinished(() => void Reflect.deleteProperty(HTMLVideoElement.prototype, side));
    }
    // jsdom loads no media: the metadata is "read" as soon as the element is given the file.
    vi.spyOn(HTMLMediaElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLMediaElement) {
      queueMicrotask(() => this.onloadedmetadata?.(new Event('loadedmetadata')));
    });
    await postFor(['YouTube']);
    await userEvent.click(screen.getByRole('radio', { name: /^Short/ }));
    await userEvent.upload(upload(), file('reel.mp4', 'video/mp4'));
    const fit = await fitList();
    await waitFor(() => expect(within(fit).getByText('YouTube Shorts are at most 3 minutes long; this video lasts 3:20.')).toBeTruthy());
    expect(within(thumbnail('reel.mp4')).getByText(/YouTube will refuse it: YouTube Shorts are at most 3 minutes long/)).toBeTruthy();
  });
});
