import { describe, expect, it, onTestFinished } from 'vitest';
import { forSuite } from '@tessera/kit/testing';
import { HOURLY_LIMIT } from '../security/throttle.js';
import { scryptHasher } from '../setup.js';
import { FAST_SCRYPT, failureOf, newAccount, startHarness } from '../test/harness.js';

const h = forSuite(startHarness);

describe('registration', () => {
  it('creates the user and a session', async () => {
    const a = newAccount();
    const { session } = await h.client.register({ ...a, email: `  ${a.email.toUpperCase()} ` });
    expect(session).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });
    expect(session!.user).toMatchObject({
      username: a.username,
      email: a.email,
      needsUsernameSelection: false,
    });
    expect(session!.accessToken.split('.')).toHaveLength(3);
    expect(Buffer.from(session!.refreshToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    const { user } = await h.client.getUser({ userId: session!.user!.id });
    expect(user).toMatchObject({ id: session!.user!.id, username: a.username });
  });

  it('refuses a taken e-mail and a username taken in another case', async () => {
    const a = newAccount();
    await h.client.register(a);
    const b = newAccount();
    expect(await failureOf(h.client.register({ ...b, email: a.email.toUpperCase() }))).toMatchObject({
      code: 'EMAIL_ALREADY_EXISTS',
      field: 'email',
    });
    expect(await failureOf(h.client.register({ ...b, username: a.username.toUpperCase() }))).toMatchObject({
      code: 'USERNAME_ALREADY_EXISTS',
      field: 'username',
    });
  });

  it('allows one of two racing registrations of the same e-mail', async () => {
    const a = newAccount();
    const results = await Promise.allSettled([
      h.client.register(a),
      h.client.register({ ...newAccount(), email: a.email }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('checks the input with the spec codes', async () => {
    const a = newAccount();
    expect((await failureOf(h.client.register({ ...a, username: 'ab' }))).code).toBe('INVALID_USERNAME');
    expect((await failureOf(h.client.register({ ...a, username: 'bad name' }))).message).toBe(
      'Username can only contain letters, numbers, and underscores',
    );
    expect((await failureOf(h.client.register({ ...a, username: 'x'.repeat(50) }))).code).toBe(
      'INVALID_USERNAME',
    );
    expect((await failureOf(h.client.register({ ...a, username: '' }))).code).toBe('MISSING_FIELD');
    expect((await failureOf(h.client.register({ ...a, email: 'nope' }))).code).toBe('INVALID_EMAIL');
    expect((await failureOf(h.client.register({ ...a, email: 'a'.repeat(100_000) }))).code).toBe(
      'INVALID_EMAIL',
    );
    expect((await failureOf(h.client.register({ ...a, password: 'short' }))).code).toBe('INVALID_PASSWORD');
    expect((await failureOf(h.client.register({ ...a, password: 'p'.repeat(300) }))).code).toBe(
      'INVALID_PASSWORD',
    );
  });
});

describe('sign-in', () => {
  it('signs in with the password; unknown e-mail and wrong password get the same answer', async () => {
    const a = newAccount();
    await h.client.register(a);
    const ok = await h.client.login({ email: a.email.toUpperCase(), password: a.password });
    expect(ok.session!.user!.email).toBe(a.email);
    const wrong = await failureOf(h.client.login({ email: a.email, password: 'Wrong-Passw0rd!' }));
    const unknown = await failureOf(h.client.login({ email: `x${a.email}`, password: a.password }));
    expect(wrong).toEqual(unknown);
    expect(wrong.code).toBe('INVALID_CREDENTIALS');
    const huge = await failureOf(h.client.login({ email: a.email, password: 'p'.repeat(5000) }));
    expect(huge.code).toBe('INVALID_CREDENTIALS');
  });

  it('slows down repeated failures, then refuses after 100 in an hour', async () => {
    const a = newAccount();
    await h.client.register(a);
    h.clock.freeze();
    onTestFinished(() => h.clock.resume());
    const bad = { email: a.email, password: 'Wrong-Passw0rd!' };
    for (let i = 0; i < 5; i++)
      expect((await failureOf(h.client.login(bad))).code).toBe('INVALID_CREDENTIALS');
    const slowed = await failureOf(h.client.login({ email: a.email, password: a.password }));
    expect(slowed.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(slowed.message).toMatch(/wait \d+ seconds/);
    h.clock.advance(60_000);
    expect((await h.client.login({ email: a.email, password: a.password })).session).toBeDefined();
    // success clears the failures; 100 failed or refused attempts within an hour lock the account
    for (let i = 0; i < HOURLY_LIMIT; i++) await failureOf(h.client.login(bad));
    h.clock.advance(20 * 60_000);
    const locked = await failureOf(h.client.login({ email: a.email, password: a.password }));
    expect(locked.code).toBe('ACCOUNT_LOCKED');
    expect(locked.message).toMatch(/temporarily locked/);
    h.clock.advance(2 * 3600_000);
    expect((await h.client.login({ email: a.email, password: a.password })).session).toBeDefined();
  });
});

describe('sign-in with an unregistered e-mail', () => {
  it('gets the same answers, the same throttling and the same password check as a registered one', async () => {
    const fast = scryptHasher(FAST_SCRYPT);
    const checked: string[] = [];
    const c = await startHarness({
      hasher: {
        hash: (pw) => fast.hash(pw),
        verify: (pw, stored) => {
          checked.push(stored);
          return fast.verify(pw, stored);
        },
      },
    });
    onTestFinished(() => c.close());
    c.clock.freeze();
    const a = newAccount();
    await c.client.register(a);
    const nobody = `nobody.${Date.now()}@example.com`;
    const answers: string[] = [];
    for (let i = 0; i < 7; i++) {
      const known = await failureOf(c.client.login({ email: a.email, password: 'Wrong-Passw0rd!' }));
      expect(await failureOf(c.client.login({ email: nobody, password: 'Wrong-Passw0rd!' }))).toEqual(known);
      answers.push(known.code);
    }
    expect(answers).toEqual([
      ...Array<string>(5).fill('INVALID_CREDENTIALS'),
      ...Array<string>(2).fill('RATE_LIMIT_EXCEEDED'),
    ]);
    // every attempt the throttle let through cost one password check with the same parameters
    expect(checked).toHaveLength(10);
    expect(new Set(checked.map((stored) => stored.split('$').slice(0, 4).join('$')))).toEqual(
      new Set([`scrypt$${FAST_SCRYPT.N}$${FAST_SCRYPT.r}$${FAST_SCRYPT.p}`]),
    );
  });
});

describe('users and usernames', () => {
  it('answers public profiles and USER_NOT_FOUND', async () => {
    const a = await h.client.register(newAccount());
    const id = a.session!.user!.id;
    const { users } = await h.client.getUsers({ userIds: [id, id, 'missing'] });
    expect(users).toEqual([expect.objectContaining({ id, username: a.session!.user!.username })]);
    expect((await failureOf(h.client.getUser({ userId: 'missing' }))).code).toBe('USER_NOT_FOUND');
    expect((await failureOf(h.client.getUser({ userId: '' }))).code).toBe('MISSING_FIELD');
    expect(
      (await failureOf(h.client.getUsers({ userIds: Array.from({ length: 201 }, (_, i) => `u${i}`) }))).code,
    ).toBe('VALIDATION_ERROR');
  });

  it('lets a registered user keep the username (set once)', async () => {
    const a = await h.client.register(newAccount());
    const r = await failureOf(
      h.client.updateUsername({ userId: a.session!.user!.id, username: 'another_name' }),
    );
    expect(r.code).toBe('CONFLICT');
  });
});

describe('appearing as anonymous on pixels', () => {
  it('is shown by default, and the choice is kept, answered and given in public profiles', async () => {
    const a = await h.client.register(newAccount());
    const id = a.session!.user!.id;
    expect(a.session!.user!.pixelsAnonymous).toBe(false);
    expect((await h.client.getUsers({ userIds: [id] })).users[0]!.pixelsAnonymous).toBe(false);

    const set = await h.client.setPixelPrivacy({ userId: id, pixelsAnonymous: true });
    expect(set.user).toMatchObject({ id, pixelsAnonymous: true });
    expect((await h.client.getUser({ userId: id })).user!.pixelsAnonymous).toBe(true);
    expect((await h.client.getUsers({ userIds: [id] })).users[0]).toMatchObject({
      id,
      username: a.session!.user!.username,
      pixelsAnonymous: true,
    });

    await h.client.setPixelPrivacy({ userId: id, pixelsAnonymous: false });
    expect((await h.client.getUsers({ userIds: [id] })).users[0]!.pixelsAnonymous).toBe(false);
  });

  it('refuses an unknown or missing user', async () => {
    expect(
      (await failureOf(h.client.setPixelPrivacy({ userId: 'missing', pixelsAnonymous: true }))).code,
    ).toBe('USER_NOT_FOUND');
    expect((await failureOf(h.client.setPixelPrivacy({ userId: '', pixelsAnonymous: true }))).code).toBe(
      'MISSING_FIELD',
    );
  });
});
