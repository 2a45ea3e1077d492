// The account page's calls (BFF README, "Account"): GET /api/account and PUT /api/account/pixel-privacy
// (bodies: `@tessera/api/account`).
import type { Account as AccountJson, AccountResponse, PixelPrivacyRequest } from '@tessera/api/account';
import type { ApiClient } from '../../api/client.js';
import { fieldsOf, readString } from '../../lib/json.js';

export interface Account {
  username: string | null;
  email: string;
  /** Pixel info names the user on the pixels they bought (else "Anonymous"). */
  showUsernameOnPixels: boolean;
}

export function toAccount(body: unknown): Account | null {
  const data = fieldsOf<AccountJson>(fieldsOf<AccountResponse>(body)?.data);
  const email = readString(data?.email);
  if (data === null || email === null || typeof data.show_username_on_pixels !== 'boolean') return null;
  return {
    username: readString(data.username),
    email,
    showUsernameOnPixels: data.show_username_on_pixels,
  };
}

function account(body: unknown): Account {
  const a = toAccount(body);
  if (!a) throw new Error('Failed to load your account');
  return a;
}

export const accountQueryKey = ['account'] as const;

export async function fetchAccount(api: ApiClient, signal?: AbortSignal): Promise<Account> {
  return account(await api.get<unknown>('/account', { signal }));
}

export async function setShowUsername(api: ApiClient, show: boolean): Promise<Account> {
  const body: PixelPrivacyRequest = { show_username_on_pixels: show };
  return account(await api.put<unknown>('/account/pixel-privacy', body));
}
