// The /login screen in a real browser with the API scripted (page.route): sign-up, sign-in errors, the
// forgot-password flow, and screenshots of /login in every mode at desktop and phone widths.
import { describe, expect, it } from 'vitest';
import { SIZES, VIEWPORTS, screenshot, sharedBrowser, status, withSignedOutPage } from './lib/browser.js';
import {
  INVALID_CREDENTIALS_TEXT,
  expectSignUpSuccess,
  field,
  fillSignUp,
  grant,
  openLogin,
  scriptAuthApi,
} from './lib/scripted-auth.js';

const session = sharedBrowser();

describe('sign up and sign in', () => {
  it('signs up and lands on /canvas signed in after the success message', async () => {
    await withSignedOutPage(session, VIEWPORTS.desktop, async (page) => {
      const api = await scriptAuthApi(page, {
        'POST /api/auth/register': () => ({ ...grant(), status: 201 }),
      });
      await openLogin(page);
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      const create = page.getByRole('button', { name: 'Create Account' });
      await field(page, 'username').fill('ada');
      await field(page, 'email').fill('ada@example.com');
      await field(page, 'password').fill('Short1!');
      expect(await create.isDisabled()).toBe(true);
      expect(await page.locator('.strength__label').innerText()).toBe('Strength: Good');
      await field(page, 'password').fill('Longer-Passw0rd');
      expect(await page.locator('.strength__label').innerText()).toBe('Strength: Very Strong');
      expect(await create.isDisabled()).toBe(false);
      await field(page, 'confirmPassword').fill('Longer-Passw0rd');
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await field(page, 'password').getAttribute('type')).toBe('text');
      await field(page, 'confirmPassword').press('Enter');
      await expectSignUpSuccess(page);
      await page.locator('.site-header__account').getByText('Welcome, ada').waitFor();
      const register = api.requests.find((r) => r.path === 'POST /api/auth/register');
      expect(register?.body).toEqual({
        username: 'ada',
        email: 'ada@example.com',
        password: 'Longer-Passw0rd',
      });
      expect(register?.headers['x-csrf-token']).toBe('csrf-e2e');
    });
  });

  it('validates the sign-up form with the spec texts', async () => {
    await withSignedOutPage(session, VIEWPORTS.mobile, async (page) => {
      await scriptAuthApi(page);
      await fillSignUp(page, {
        username: 'ab',
        email: 'not-an-email',
        password: 'abcdefgh',
        confirmPassword: 'abcdefgX',
      });
      await page.getByRole('button', { name: 'Create Account' }).click();
      const errors = await page.locator('.field__error').allInnerTexts();
      expect(errors).toEqual([
        'Username must be at least 3 characters',
        'Please enter a valid email address',
        'Passwords do not match',
      ]);
    });
  });

  it('shows INVALID_CREDENTIALS with both fields flagged', async () => {
    await withSignedOutPage(
      session,
      VIEWPORTS.desktop,
      async (page) => {
        const api = await scriptAuthApi(page, {
          'POST /api/auth/login': () => ({
            status: 401,
            body: { success: false, error: 'INVALID_CREDENTIALS', message: 'nope', statusCode: 401 },
          }),
        });
        await openLogin(page);
        await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
        expect(await page.locator('.field__error').allInnerTexts()).toEqual([
          'Please enter a valid email address',
          'Password is required',
        ]);
        await field(page, 'email').fill('ada@example.com');
        await field(page, 'password').fill('wrong-password');
        await field(page, 'password').press('Enter');
        await page.getByRole('alert').getByText(INVALID_CREDENTIALS_TEXT).waitFor();
        expect(await field(page, 'email').getAttribute('aria-invalid')).toBe('true');
        expect(await field(page, 'password').getAttribute('aria-invalid')).toBe('true');
        expect(api.requests.filter((r) => r.path === 'POST /api/auth/login')).toHaveLength(1);
        expect(new URL(page.url()).pathname).toBe('/login');
        await screenshot(page, 'login-invalid-credentials-desktop');
      },
      [status(401)],
    );
  });

  it('says when Google sign-in is not configured', async () => {
    await withSignedOutPage(session, VIEWPORTS.desktop, async (page) => {
      await scriptAuthApi(page, {
        'GET /api/auth/providers': () => ({
          status: 200,
          body: {
            success: true,
            data: [{ id: 'google', name: 'Google', configured: false, url: '/api/auth/google' }],
          },
        }),
      });
      await openLogin(page, '?error=oauth_failed');
      await page.getByRole('alert').getByText('did not complete').waitFor();
      const button = page.getByRole('button', { name: 'Google sign-in is not configured' });
      await button.waitFor();
      expect(await button.isDisabled()).toBe(true);
    });
  });
});

describe('forgot password', () => {
  it('sends a code, resets the password with it and returns to Sign In', async () => {
    await withSignedOutPage(
      session,
      VIEWPORTS.desktop,
      async (page) => {
        let resets = 0;
        const api = await scriptAuthApi(page, {
          'POST /api/auth/reset-password-email': () => ({
            status: 200,
            body: {
              success: true,
              message: 'If an account exists with this email, a reset code has been sent.',
            },
          }),
          'POST /api/auth/reset-password-logic': () =>
            ++resets === 1
              ? { status: 400, body: { success: false, error: 'INVALID_OTP', message: 'bad', field: 'otp' } }
              : { status: 200, body: { success: true, message: 'Password has been reset successfully!' } },
        });
        await openLogin(page);
        await field(page, 'email').fill('ada@example.com');
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await page.getByRole('button', { name: 'Send Reset Code' }).waitFor();
        expect(await field(page, 'email').inputValue()).toBe('ada@example.com');
        await page.getByRole('button', { name: 'Send Reset Code' }).click();

        await page.getByText('If an account exists with this email, a reset code has been sent.').waitFor();
        expect(await page.locator('.auth-form__intro').innerText()).toContain(
          'The code expires in 5 minutes.',
        );
        const resend = page.locator('.auth-form__resend button');
        expect(await resend.innerText()).toMatch(/^Resend code in (60|59)s$/);
        expect(await resend.isDisabled()).toBe(true);
        const emailCall = api.requests.find((r) => r.path === 'POST /api/auth/reset-password-email');
        expect(emailCall?.body).toEqual({ email: 'ada@example.com' });
        expect(emailCall?.headers['x-csrf-token']).toBeUndefined();

        await page.getByRole('button', { name: 'Reset Password' }).click();
        expect(await page.locator('.field__error').allInnerTexts()).toEqual([
          'Please enter the 6-digit code',
          'Password must be at least 8 characters long',
        ]);
        await field(page, 'code').fill('12a3-45 678');
        expect(await field(page, 'code').inputValue()).toBe('123456');
        await field(page, 'newPassword').fill('Brand-new-passw0rd');
        await page.getByRole('button', { name: 'Reset Password' }).click();
        await page.locator('.field__error').getByText("That reset code doesn't match").waitFor();

        await field(page, 'code').fill('654321');
        await field(page, 'newPassword').press('Enter');
        await page.getByText('Password has been reset successfully!').waitFor();
        const reset = api.requests.filter((r) => r.path === 'POST /api/auth/reset-password-logic').at(-1);
        expect(reset?.body).toEqual({
          email: 'ada@example.com',
          otp: '654321',
          newPassword: 'Brand-new-passw0rd',
        });
        expect(reset?.headers['x-csrf-token']).toBe('csrf-e2e');

        await page.getByRole('tab', { name: 'Sign In', selected: true }).waitFor({ timeout: 4000 });
        expect(await field(page, 'email').inputValue()).toBe('ada@example.com');
        expect(await field(page, 'password').inputValue()).toBe('');
      },
      [status(400)],
    );
  });

  it('goes back to the email entry and to Sign In', async () => {
    await withSignedOutPage(session, VIEWPORTS.mobile, async (page) => {
      await scriptAuthApi(page, {
        'POST /api/auth/reset-password-email': () => ({ status: 200, body: { success: true } }),
      });
      await openLogin(page);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('button', { name: 'Send Reset Code' }).click();
      expect(await page.locator('.field__error').innerText()).toBe('Please enter a valid email address');
      await field(page, 'email').fill('grace@example.com');
      await page.getByRole('button', { name: 'Send Reset Code' }).click();
      await page.getByRole('button', { name: 'Back to email entry' }).click();
      expect(await field(page, 'email').inputValue()).toBe('grace@example.com');
      await page.getByRole('button', { name: 'Back to Sign In' }).click();
      await page.getByRole('tab', { name: 'Sign In', selected: true }).waitFor();
    });
  });
});

describe('screenshots of /login', () => {
  for (const [label, viewport] of SIZES) {
    it(`captures every mode at ${label} width`, async () => {
      await withSignedOutPage(session, viewport, async (page) => {
        await scriptAuthApi(page, {
          'POST /api/auth/reset-password-email': () => ({ status: 200, body: { success: true } }),
        });
        await openLogin(page);
        await screenshot(page, `login-signin-${label}`);
        await page.getByRole('tab', { name: 'Sign Up' }).click();
        await field(page, 'password').fill('Tessera-2026');
        await screenshot(page, `login-signup-${label}`);
        await page.getByRole('tab', { name: 'Sign In' }).click();
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await screenshot(page, `login-forgot-email-${label}`);
        await field(page, 'email').fill('ada@example.com');
        await page.getByRole('button', { name: 'Send Reset Code' }).click();
        await page.getByRole('button', { name: 'Reset Password' }).waitFor();
        await screenshot(page, `login-forgot-code-${label}`);
      });
    });
  }
});
