/**
 * What a user does through the BFF of a real stack, as browsers do: sign up and in, upload an
 * artwork with the signed form and submit it, vote, and the user's calls with which
 * testing/purchase-flow.mjs buys pixels (lock, intent, sandbox payment, save). Plus the artworks a
 * test submits and the operator CLI. Used by integration/iteration/hand-over.test.ts, other
 * integration tests and the browser tests that run their own stack (e2e/*-stack.e2e.ts).
 */
import path from 'node:path';
import { expect } from 'vitest';
import { eventually } from '@tessera/kit/testing';
import sharp from 'sharp';
import type { IMAGE_TYPES } from '@tessera/facts/artwork';
import { SERVICES } from '@tessera/facts/ports';
import { newAccount, newestResetMail, codeInVerificationMail } from '@tessera/identity/testing';
import { runCli } from '../ops/src/cli.js';
import { registerUser } from '../bff/src/auth/test/browser.js';
import type { SignedInApi } from './purchase-flow.mjs';
import { RawBrowser, type Got } from './raw-http.js';
import type { TrustStack } from './trust-stack.js';

export type Rgb = [number, number, number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = (r: Got) => r.json as Record<string, any>;

/** A signed-in browser of one user. */
export interface User {
  http: RawBrowser;
  auth: Record<string, string>;
  userId: string;
  username: string;
  email: string;
  password: string;
}

/** Signs up a new user named after `name` (newAccount) in a fresh browser on `base`. */
export async function register(base: string, name: string): Promise<User> {
  const http = new RawBrowser(base);
  const { user, token } = await registerUser(http, newAccount(name));
  const { id, ...account } = user;
  return { http, auth: { authorization: `Bearer ${token}` }, userId: id, ...account };
}

/** Signs `user` in again through `POST /api/auth/login` on another BFF (a restarted stack). */
export async function login(base: string, user: User): Promise<User> {
  const http = new RawBrowser(base);
  const res = await http.post('/api/auth/login', { email: user.email, password: user.password });
  expect(res.status, res.text).toBe(200);
  return { ...user, http, auth: { authorization: `Bearer ${json(res).access_token}` } };
}

/**
 * The artist-selection flow: a signed upload form (`POST /api/artist-selection/upload-url`), the
 * browser's direct multipart upload to its `uploadUrl`, then `POST /api/artist-selection/submissions`.
 * Answers the new submission's id.
 */
export async function submit(
  user: User,
  art: { title: string; description: string } & ImageFile,
): Promise<string> {
  const form = await user.http.post(
    '/api/artist-selection/upload-url',
    { filename: art.filename, contentType: art.contentType, fileSize: art.image.length },
    user.auth,
  );
  expect(form.status, form.text).toBe(200);
  const { uploadUrl, fields, imageUrl } = json(form).data as {
    uploadUrl: string;
    fields: Record<string, string>;
    imageUrl: string;
  };
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', new Blob([new Uint8Array(art.image)], { type: art.contentType }), art.filename);
  const up = await fetch(`${user.http.base}${uploadUrl}`, { method: 'POST', body });
  expect(up.status, await up.clone().text()).toBe(201);
  const created = await user.http.post(
    '/api/artist-selection/submissions',
    { title: art.title, description: art.description, imageUrl },
    user.auth,
  );
  expect(created.status, created.text).toBe(201);
  return json(created).data.id as string;
}

/**
 * Verifies `user`'s e-mail address as a visitor does before voting (who may vote:
 * @tessera/facts/eligibility): asks for the code, reads it from the stack's identity outbox
 * (`<dataDir>/identity`), confirms it.
 */
export async function verifyEmail(user: User, dataDir: string): Promise<void> {
  const since = Date.now() - 1000;
  const sent = await user.http.post('/api/auth/email-verification', {}, user.auth);
  expect(sent.status, sent.text).toBe(200);
  const mail = await eventually(
    () => newestResetMail(path.join(dataDir, 'identity'), user.email, since, codeInVerificationMail),
    10_000,
  );
  const confirmed = await user.http.post(
    '/api/auth/email-verification/confirm',
    { code: mail.code },
    user.auth,
  );
  expect(confirmed.status, confirmed.text).toBe(200);
}

export async function vote(user: User, submissionId: string, voteType: 1 | -1): Promise<number> {
  const res = await user.http.post(
    `/api/artist-selection/submissions/${submissionId}/vote`,
    { voteType },
    user.auth,
  );
  expect(res.status, res.text).toBe(200);
  return json(res).data.netScore as number;
}

/** The submissions in the vote, hot first (`GET /api/artist-selection/submissions`). */
export async function listed(http: RawBrowser): Promise<{ id: string; netScore: number; title: string }[]> {
  const res = await http.get('/api/artist-selection/submissions?sort=hot&limit=50');
  expect(res.status, res.text).toBe(200);
  return json(res).data as { id: string; netScore: number; title: string }[];
}

/** The user's POSTs through the BFF, as testing/purchase-flow.mjs `buyPixels` buys with them. */
export function apiOf(user: User): SignedInApi {
  return {
    post: async (path, body) => {
      const res = await user.http.post(path, body, user.auth);
      return { status: res.status, json: res.json };
    },
  };
}

/** An image file to upload: its bytes, and the type and name a browser sends with them. */
export interface ImageFile {
  image: Buffer;
  contentType: string;
  filename: string;
}

/** A type the artist selection takes (@tessera/facts/artwork), and its subtype as a file extension. */
type ImageType = (typeof IMAGE_TYPES)[number];
type ImageExtension = ImageType extends `image/${infer E}` ? E : never;

/** The file `filename` (its extension names the type) of `w` x `h` pixels, coloured by `color`. */
export async function imageFile(
  filename: `${string}.${ImageExtension}`,
  w: number,
  h: number,
  color: (x: number, y: number) => Rgb,
): Promise<ImageFile> {
  const format = filename.slice(filename.lastIndexOf('.') + 1) as ImageExtension;
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(color(x, y), (y * w + x) * 3);
  const img = sharp(raw, { raw: { width: w, height: h, channels: 3 } });
  const image =
    format === 'png'
      ? await img.png().toBuffer()
      : format === 'jpeg'
        ? await img.jpeg({ quality: 90 }).toBuffer()
        : await img.webp({ lossless: true }).toBuffer();
  const contentType: ImageType = `image/${format}`;
  return { image, contentType, filename };
}

/** The operator CLI against the running stack, as `npm run ops` calls it (signed as `ops`, by maria). */
export async function runOps(stack: TrustStack, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, stack.url(s)]));
  const code = await runCli(argv, {
    env: { ...env, USER: 'maria' },
    identity: () => stack.as('ops'),
    out: (t) => out.push(t),
    err: (t) => err.push(t),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
