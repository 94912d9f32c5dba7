import { describe, expect, it } from 'vitest';
import { OrganizationMessages, PostMessages, type TemplateValues } from '@planner/contracts';
import { codePointLength, xTextLength } from '@planner/contracts/text-length';
import { SandboxContentGenerator } from '../src/adapters/sandbox-generators.js';
import {
  editFits,
  editLimit,
  fitToLimit,
  generationBrief,
  parseEditReply,
  parsePostsReply,
  postsPrompt,
  postsReplyJsonSchema,
  within,
  withTemplate,
  type GenerationBrief,
  type GenerationInput,
} from '../src/domain/generation.js';

const input = (overrides: Partial<GenerationInput> = {}): GenerationInput => ({
  business_name: 'Fjord Bakery',
  business_data: 'Sourdough and cinnamon buns baked every morning in Bergen.',
  content_type: 'promotion',
  topic: 'Autumn cinnamon buns',
  context: 'Two for one on Saturdays',
  time_of_year: 'autumn',
  event_details: 'Saturday 10:00 at the harbour',
  platform: '',
  platforms: ['X', 'LinkedIn'],
  media_type: 'text',
  ...overrides,
});

function brief(overrides: Partial<GenerationInput> = {}, defaults: { language?: string } = {}): GenerationBrief {
  const result = generationBrief(input(overrides), defaults);
  if ('problem' in result) throw new Error(result.problem);
  return result.brief;
}
const problem = (overrides: Partial<GenerationInput>) => {
  const result = generationBrief(input(overrides));
  return 'problem' in result ? result.problem : null;
};

describe('checking a generation request (part 2 §5, the spec’s messages)', () => {
  it('needs a business name and a content type among the offered ones', () => {
    expect(problem({ business_name: '  ' })).toBe(PostMessages.businessNameRequired);
    expect(problem({ content_type: '' })).toBe(PostMessages.contentTypeRequired);
    expect(problem({ content_type: 'advert' })).toBe(OrganizationMessages.unknownOption('content_type'));
  });

  it('takes character limit and target from 1 to 5000, whole numbers, the target not above the limit', () => {
    expect(problem({ character_limit: 0 })).toBe(OrganizationMessages.characterRange('Character limit'));
    expect(problem({ character_limit: 5001 })).toBe(OrganizationMessages.characterRange('Character limit'));
    expect(problem({ character_limit: 12.5 })).toBe(OrganizationMessages.characterRange('Character limit'));
    expect(problem({ target_character_count: 0 })).toBe(OrganizationMessages.characterRange('Target character count'));
    expect(problem({ character_limit: 100, target_character_count: 101 })).toBe('Target character count cannot exceed character limit');
    expect(problem({ character_limit: 5000, target_character_count: 1 })).toBeNull();
  });

  it('needs at least one platform and refuses names that are not platforms; the single platform field counts when the list is empty', () => {
    expect(problem({ platforms: [] })).toBe('Please select at least one platform.');
    expect(problem({ platforms: ['X', 'MySpace'] })).toBe(PostMessages.unknownPlatform('MySpace'));
    expect(brief({ platforms: [], platform: 'twitter' }).platforms.map((p) => p.name)).toEqual(['X']);
  });

  it('refuses unknown tones, moods and languages', () => {
    expect(problem({ tone: 'grumpy' })).toBe(OrganizationMessages.unknownOption('tone'));
    expect(problem({ mood: 'sad' })).toBe(OrganizationMessages.unknownOption('mood'));
    expect(problem({ language: 'xx-XX' })).toBe(OrganizationMessages.unknownLanguage);
  });

  it('limits each platform to the lower of its real limit and the requested one, the target never above it, in the order asked, each once', () => {
    const b = brief({ platforms: ['LinkedIn', 'x', 'Telegram', 'LINKEDIN'], character_limit: 1000, target_character_count: 600 });
    expect(b.platforms).toEqual([
      { platform: 'linkedin', name: 'LinkedIn', limit: 1000, target: 600 },
      { platform: 'x', name: 'X', limit: 280, target: 280 },
      { platform: 'telegram', name: 'Telegram', limit: 1000, target: 600 },
    ]);
    expect(brief({ platforms: ['Telegram'], media_type: 'image' }).platforms[0]).toMatchObject({ limit: 1024, target: null });
  });

  it('defaults tone, mood and the organization’s language; event details only for events', () => {
    const b = brief({}, { language: 'de-DE' });
    expect([b.tone, b.mood, b.language, b.eventDetails]).toEqual(['casual', 'positive', 'de-DE', '']);
    expect(brief({ content_type: 'Event' }).eventDetails).toBe('Saturday 10:00 at the harbour');
  });

  it('a template fills only the fields left empty', () => {
    const template: TemplateValues = {
      id: '00000000-0000-4000-8000-000000000001',
      template_name: 'Autumn',
      data: 'From the template',
      content_type: 'news',
      topic: 'Template topic',
      context: null,
      time_of_year: 'winter',
      event_details: null,
      tone: 'formal',
      mood: 'serious',
      language: 'fr-FR',
      character_limit: 200,
      target_character_count: 150,
    };
    const filled = withTemplate(input({ business_data: '', topic: 'Own topic', tone: 'humorous' }), template);
    expect(filled).toMatchObject({ business_data: 'From the template', topic: 'Own topic', content_type: 'promotion', tone: 'humorous', mood: 'serious', language: 'fr-FR', character_limit: 200 });
  });
});

describe('the prompt', () => {
  it('carries the brand voice, the inputs, the language in words and each platform’s limit and target', () => {
    const { system, user } = postsPrompt(brief({ tone: 'formal', mood: 'confident', language: 'fr-FR', content_type: 'event', character_limit: 250, target_character_count: 200 }));
    expect(system).toContain('"Fjord Bakery"');
    expect(system).toContain('French (France) (fr-FR)');
    expect(system).toContain('Tone: formal. Mood: confident.');
    expect(system).toContain('- X: at most 250 characters (X counts a link as 23 characters, and CJK characters and emoji as 2), aim for about 200 characters');
    expect(system).toContain('- LinkedIn: at most 250 characters, aim for about 200 characters');
    for (const line of ['Business name: Fjord Bakery', 'About the business: Sourdough', 'Post type: event', 'Topic: Autumn cinnamon buns', 'Context: Two for one', 'Time of year: autumn', 'Event details: Saturday 10:00']) {
      expect(user).toContain(line);
    }
    expect(postsPrompt(brief()).user).not.toContain('Event details');
  });

  it('asks for a strict schema with one required string per platform', () => {
    const schema = postsReplyJsonSchema(brief().platforms) as { properties: { posts: { required: string[]; additionalProperties: boolean } } };
    expect(schema.properties.posts.required).toEqual(['x', 'linkedin']);
    expect(schema.properties.posts.additionalProperties).toBe(false);
  });
});

describe('reading the reply', () => {
  const platforms = brief().platforms;
  it('parses the posts of every platform asked', () => {
    expect(parsePostsReply(JSON.stringify({ posts: { x: 'Short', linkedin: 'Longer' } }), platforms)).toEqual(new Map([['x', 'Short'], ['linkedin', 'Longer']]));
  });
  it('finds malformed replies: not JSON, a platform missing, an empty post, the wrong shape', () => {
    for (const reply of ['string', '{"posts":{"x":"only X"}}', '{"posts":{"x":"","linkedin":"a"}}', '{"x":"a","linkedin":"b"}', '', null]) {
      expect(parsePostsReply(reply, platforms)).toBeNull();
    }
    expect(parseEditReply('{"post":"Edited"}')).toBe('Edited');
    expect(parseEditReply('{"text":"Edited"}')).toBeNull();
  });
});

describe('fitting a post to its limit', () => {
  it('keeps a post within its limit, cut at the last word boundary', () => {
    expect(fitToLimit('one two three', within(13))).toBe('one two three');
    expect(fitToLimit('one two three', within(12))).toBe('one two');
    expect(fitToLimit('one two three', within(7))).toBe('one two');
    expect(fitToLimit('one two\nthree', within(9))).toBe('one two');
  });
  it('cuts a single over-long word, counts emoji as one character and never splits one', () => {
    expect(fitToLimit('abcdefghij', within(4))).toBe('abcd');
    expect(fitToLimit('🎉🎉🎉 party', within(4))).toBe('🎉🎉🎉');
    expect(codePointLength('🎉🎉🎉')).toBe(3);
  });
  it('drops NUL characters and surrounding space', () => {
    expect(fitToLimit('  a\u0000b  ', within(10))).toBe('ab');
  });
  it('counts X as X does: a long link fits as 23, CJK and emoji take 2 each', () => {
    const link = `https://example.com/${'long-path/'.repeat(10)}`;
    const withLink = `${'word '.repeat(50)}${link}`;
    expect(codePointLength(withLink)).toBeGreaterThan(280);
    expect(fitToLimit(withLink, within(280, 'x'))).toBe(withLink);
    expect(fitToLimit(withLink, within(280, 'linkedin'))).not.toContain('https');

    const japanese = 'パン '.repeat(100).trim();
    const cut = fitToLimit(japanese, within(280, 'x'));
    expect(xTextLength(cut)).toBeLessThanOrEqual(280);
    expect(xTextLength(cut)).toBeGreaterThan(270);
    expect(japanese.startsWith(cut) && japanese[cut.length] === ' ').toBe(true);
    expect(fitToLimit(japanese, within(280, 'threads'))).toHaveLength(278);

    const party = '🎉'.repeat(200);
    expect(fitToLimit(party, within(280, 'x'))).toBe('🎉'.repeat(140));
    expect(fitToLimit('日本'.repeat(200), within(5, 'x'))).toBe('日本');
  });
  it('cuts after a link, which counts 23 whole', () => {
    const text = `Bread ${'https://example.com/' + 'x'.repeat(40)} today`;
    const cut = fitToLimit(text, within(30, 'x'));
    expect(xTextLength(cut)).toBeLessThanOrEqual(30);
    expect(cut).toBe(text.slice(0, text.lastIndexOf(' ')));
  });
  it('a magic edit keeps the lowest limit of the post’s platforms, else 5000, each counted its platform’s way', () => {
    expect(editLimit(['LinkedIn', 'X'])).toBe(280);
    expect(editLimit([])).toBe(5000);
    expect(editFits(['LinkedIn', 'X'])('日'.repeat(141))).toBe(false);
    expect(editFits(['LinkedIn'])('日'.repeat(141))).toBe(true);
    expect(editFits(['X'])(`${'a'.repeat(200)} https://example.com/${'p'.repeat(100)}`)).toBe(true);
    expect(editFits(['X', 'Threads'])(`${'https://example.com/' + 'p'.repeat(200)} `.repeat(3))).toBe(false);
    expect(editFits([])('a'.repeat(5001))).toBe(false);
  });
});

describe('the sandbox generator', () => {
  it('writes a draft per platform from the inputs, within every limit and target', async () => {
    const b = brief({ platforms: ['X', 'LinkedIn', 'Threads'], character_limit: 300, target_character_count: 120, business_data: 'word '.repeat(400) });
    const posts = await new SandboxContentGenerator().writePosts(b);
    expect([...posts.keys()]).toEqual(['x', 'linkedin', 'threads']);
    for (const text of posts.values()) {
      expect(codePointLength(text)).toBeLessThanOrEqual(120);
      expect(text).toContain('Fjord Bakery');
    }
    const long = await new SandboxContentGenerator().writePosts(brief({ platforms: ['X'], business_data: 'word '.repeat(400) }));
    expect(xTextLength(long.get('x')!)).toBeLessThanOrEqual(280);
    const cjk = await new SandboxContentGenerator().writePosts(brief({ platforms: ['X', 'Threads'], business_name: '札幌ベーカリー', business_data: '毎朝焼きたてのパン。 '.repeat(60) }));
    expect(xTextLength(cjk.get('x')!)).toBeLessThanOrEqual(280);
    expect(codePointLength(cjk.get('x')!)).toBeLessThan(200);
    expect(codePointLength(cjk.get('threads')!)).toBeGreaterThan(280);
  });
});
