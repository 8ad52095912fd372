/** New profiles from sign-in data, and one rule for names from sign-in as from PATCH /api/me. */
import { describe, expect, it } from 'vitest';
import { newUserItem, profileDefaults, toProfile } from '#lambdas/domain/users.ts';
import { googleProfileDefaults } from '#web/features/auth/google-profile.ts';
import fc from 'fast-check';
import { ProfilePatchSchema, UserProfileSchema } from '#shared/schemas.ts';
import { personNameFromSignIn, splitDisplayName, usernameFromSignIn } from '#shared/names.ts';

describe('splitDisplayName', () => {
  it('splits at the first space; the rest is the last name', () => {
    expect(splitDisplayName('Ana Maria Lopez')).toEqual({ firstName: 'Ana', lastName: 'Maria Lopez' });
    expect(splitDisplayName('Cher')).toEqual({ firstName: 'Cher', lastName: null });
    expect(splitDisplayName('  ')).toEqual({ firstName: null, lastName: null });
    expect(splitDisplayName(undefined)).toEqual({ firstName: null, lastName: null });
  });
});

describe('profileDefaults', () => {
  it('Google users: display name, else e-mail local part, else User', () => {
    const base = { userId: 'u', federated: true };
    expect(profileDefaults({ ...base, name: 'Jane Q Public', email: 'jane@x.io' })).toEqual({
      username: 'Jane Q Public',
      email: 'jane@x.io',
      firstName: 'Jane',
      lastName: 'Q Public',
    });
    expect(profileDefaults({ ...base, email: 'jq@x.io' })).toMatchObject({
      username: 'jq',
      firstName: null,
      lastName: null,
    });
    expect(profileDefaults({ ...base })).toMatchObject({ username: 'User', email: '' });
  });
  it('password users keep their chosen username', () => {
    expect(profileDefaults({ userId: 'u', federated: false, cognitoUsername: 'bob', email: 'b@x.io' }).username).toBe(
      'bob',
    );
    expect(
      profileDefaults({ userId: 'u', federated: false, cognitoUsername: '9f1c-uuid', preferredUsername: 'bobby' })
        .username,
    ).toBe('bobby');
  });
  it('a new profile matches the wire schema with 0 credits', () => {
    const item = newUserItem(
      'u1',
      profileDefaults({ userId: 'u1', federated: false, cognitoUsername: 'x' }),
      new Date('2026-01-01T00:00:00Z'),
    );
    const profile = UserProfileSchema.parse(toProfile(item));
    expect(profile).toMatchObject({
      id: 'u1',
      credits: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      stripeCustomerId: null,
    });
  });
});

describe('one rule for names, from sign-in data as from PATCH /api/me', () => {
  const patchAccepts = (field: 'username' | 'firstName' | 'lastName', value: string | null) =>
    ProfilePatchSchema.safeParse({ [field]: value }).success;

  it('brings any sign-in name into the rule PATCH enforces (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'binary' }), (raw) => {
        const username = usernameFromSignIn(raw);
        if (username !== undefined) expect(patchAccepts('username', username), JSON.stringify(username)).toBe(true);
        const name = personNameFromSignIn(raw);
        if (name !== null) expect(patchAccepts('firstName', name), JSON.stringify(name)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('drops markup, control and direction characters and cuts long names, for Cognito and Google users alike', () => {
    const long = 'A'.repeat(2048);
    const cognito = profileDefaults({
      userId: 'u',
      cognitoUsername: '<img src=x>\u202Eadmin\u0007',
      givenName: `<b>Ana</b>\u0000`,
      familyName: long,
      federated: false,
    } as never);
    expect(cognito.username).toBe('img srcxadmin');
    expect(cognito.firstName).toBe('bAna/b');
    expect(cognito.lastName).toHaveLength(60);
    const google = profileDefaults({
      userId: 'u',
      name: `Ana <script>alert(1)</script> ${long}`,
      email: 'ana@example.com',
      federated: true,
    } as never);
    expect(google.username!.length).toBeLessThanOrEqual(40);
    expect(patchAccepts('username', google.username!)).toBe(true);
    expect(google.firstName).toBe('Ana');
    expect(patchAccepts('lastName', google.lastName)).toBe(true);
    expect(profileDefaults({ userId: 'u', cognitoUsername: '\u0007<>', federated: false } as never).username).toBe(
      'User',
    );
  });

  it('PATCH refuses markup and control characters in first and last names', () => {
    expect(patchAccepts('firstName', 'Ana <b>')).toBe(false);
    expect(patchAccepts('lastName', 'Lopez\u202E')).toBe(false);
    expect(patchAccepts('firstName', 'Ana-María O’Neil')).toBe(true);
  });
});

describe('Google profile defaults: one rule for the server and the web app', () => {
  it('the web app PATCHes exactly what the server would have made, and PATCH accepts it', () => {
    const cases: [string | null, string | null][] = [
      ['Ada Lovelace King', 'ada@x.com'],
      [null, 'grace.hopper@x.com'],
      ['', null],
      ['Cher', null],
      ['Ana <b>Maria</b>\u202E Lopez', 'ana@x.com'],
      ['  ', ' @x.com'],
    ];
    for (const [name, email] of cases) {
      const server = profileDefaults({
        userId: 'u',
        federated: true,
        ...(name !== null ? { name } : {}),
        ...(email !== null ? { email } : {}),
      });
      const web = googleProfileDefaults(name, email);
      expect(web, JSON.stringify([name, email])).toEqual({
        username: server.username,
        firstName: server.firstName,
        lastName: server.lastName,
      });
      expect(ProfilePatchSchema.safeParse(web).success, JSON.stringify(web)).toBe(true);
    }
  });
});
