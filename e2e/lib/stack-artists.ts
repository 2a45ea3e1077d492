// Artists for browser tests on the real stack, driven through the BFF's /api from outside the
// browser (playwright's request context keeps each one's cookies): sign up, then submit artwork the
// way the page does it (spec section 7): the upload URL, the direct multipart POST of its fields and
// the file (no token, no CSRF header), then the create call.
import { request, type APIRequestContext, type APIResponse } from 'playwright-core';
import type { UploadTarget } from '@tessera/facts/submissions';
import type { Account } from './full-stack.js';

export interface CreatedSubmission {
  id: string;
  title: string;
  imageUrl: string;
  userId: string;
}

async function json(res: APIResponse, what: string): Promise<Record<string, unknown>> {
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok() || body === null) {
    throw new Error(`${what}: ${res.status()} ${JSON.stringify(body)}`);
  }
  return body;
}

export class StackArtist {
  private constructor(
    private readonly http: APIRequestContext,
    private accessToken: string,
    readonly account: Account,
  ) {}

  /** Registers a new account (POST /api/auth/register with a CSRF token of its own session). */
  static async signUp(baseUrl: string, account: Account): Promise<StackArtist> {
    const http = await request.newContext({ baseURL: baseUrl });
    const csrf = await json(await http.get('/api/csrf/csrf-token'), 'csrf token');
    const token = (csrf.data as { csrfToken: string }).csrfToken;
    const registered = await json(
      await http.post('/api/auth/register', {
        data: { username: account.username, email: account.email, password: account.password },
        headers: { 'X-CSRF-Token': token },
      }),
      `register ${account.username}`,
    );
    return new StackArtist(http, String(registered.access_token), account);
  }

  private async csrf(): Promise<string> {
    const body = await json(
      await this.http.get('/api/csrf/csrf-token-secure', {
        headers: { Authorization: `Bearer ${this.accessToken}` },
      }),
      'csrf token (secure)',
    );
    return (body.data as { csrfToken: string }).csrfToken;
  }

  private async call(
    method: 'POST' | 'DELETE',
    path: string,
    data?: unknown,
  ): Promise<Record<string, unknown>> {
    const headers = { Authorization: `Bearer ${this.accessToken}`, 'X-CSRF-Token': await this.csrf() };
    const res = await this.http.fetch(path, { method, data, headers });
    return json(res, `${method} ${path}`);
  }

  /** Uploads the PNG and creates the submission; returns it as the server answered. */
  async submit(title: string, description: string, png: Buffer): Promise<CreatedSubmission> {
    const asked = await this.call('POST', '/api/artist-selection/upload-url', {
      filename: 'artwork.png',
      contentType: 'image/png',
      fileSize: png.length,
    });
    const target = asked.data as UploadTarget;
    const upload = await this.http.post(target.uploadUrl, {
      multipart: { ...target.fields, file: { name: 'artwork.png', mimeType: 'image/png', buffer: png } },
    });
    if (!upload.ok()) throw new Error(`upload: ${upload.status()} ${await upload.text()}`);
    const created = await this.call('POST', '/api/artist-selection/submissions', {
      title,
      description,
      imageUrl: target.imageUrl,
    });
    return created.data as CreatedSubmission;
  }

  async dispose(): Promise<void> {
    await this.http.dispose();
  }
}
