import { describe, expect, it } from 'vitest';
import { accountAfterReconnect } from '../src/domain/connections/reconnect.js';

const member = { specificData: { user_name: 'Ada', organization_name: null, person_id: 'p-1' }, url: null };
const onPage = { specificData: { user_name: 'Ada', organization_name: 'Bakery', organization_id: '55', person_id: 'p-1' }, url: 'https://www.linkedin.com/company/55/' };

describe('a reconnect', () => {
  it('of the same LinkedIn member keeps the page it posts as, with its link', () => {
    expect(accountAfterReconnect('linkedin', onPage, { ...member, specificData: { ...member.specificData, user_name: 'Ada B.' } })).toEqual({
      specificData: { user_name: 'Ada B.', organization_name: 'Bakery', organization_id: '55', person_id: 'p-1' },
      url: 'https://www.linkedin.com/company/55/',
    });
  });

  it('of another member, of a member without a page, with no account id, or of another platform starts afresh', () => {
    const other = { specificData: { user_name: 'Bo', organization_name: null, person_id: 'p-2' }, url: null };
    expect(accountAfterReconnect('linkedin', onPage, other)).toBe(other);
    expect(accountAfterReconnect('linkedin', member, member)).toBe(member);
    const sandbox = { specificData: {}, url: null };
    expect(accountAfterReconnect('linkedin', { specificData: { organization_id: '55' }, url: null }, sandbox)).toBe(sandbox);
    expect(accountAfterReconnect('x', onPage, member)).toBe(member);
    expect(accountAfterReconnect('linkedin', null, member)).toBe(member);
  });
});
