// A scripted artist-selection backend for browser tests (page.route), answering the spec's calls
// (section 7) the way the BFF does: the list (hot or new, search, pages of 10, the viewer's vote),
// create (one active per user, checks, moderation), delete (owner only), votes (set, remove, switch,
// removal at -10), the upload URL, the direct multipart upload (kept and served back) and the images.
// Where the service has a rule, the fake applies the same one from @tessera/facts.
// It keeps its state across calls, records every request, and can fail or hold the next answer of a
// call to show the page's error and busy states.
import type { Page, Route } from 'playwright-core';
import {
  artworkTextsProblem,
  IMAGE_MESSAGES,
  IMAGE_PATH_PREFIX,
  imageProblem,
  imageUrlOf,
  UPLOAD_PATH,
} from '@tessera/facts/artwork';
import {
  applyVote,
  compareSubmissions,
  DEFAULT_SORT,
  isRemovedByVotes,
  isSortOrder,
  isVoteType,
  PAGE_SIZE,
  pageOf,
  paginationJson,
  searchTerm,
  SUBMISSION_MESSAGES,
  type SubmissionFields,
} from '@tessera/facts/submissions';
import { submissionJson } from '@tessera/api/submissions';
import { artworkPng } from './png.js';
import { errorReply } from './scripted-auth.js';

export interface FakeUser {
  id: string;
  username: string;
}

export interface FakeSubmission extends SubmissionFields {
  /** Epoch milliseconds. */
  createdAt: number;
  votes: Map<string, 1 | -1>;
  isVerifiedContributor: boolean;
}

export interface Call {
  method: string;
  /** "METHOD /api/path" */
  key: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  json: unknown;
  at: number;
}

/** An answer (errors: errorReply of scripted-auth.ts); without a body for 204. */
export interface Reply {
  status: number;
  body?: unknown;
}

/** What to do instead of the normal answer: another reply, a dropped connection, or either later. */
export type Override = Reply | 'abort';

interface Pending {
  key: string;
  override: Override | null;
  release: Promise<void> | null;
}

/** The part after the headers of the multipart field `name`, or null. */
function multipartPart(body: Buffer, contentType: string, name: string): Buffer | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const marker = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ''}`);
  let at = body.indexOf(marker);
  while (at >= 0) {
    const next = body.indexOf(marker, at + marker.length);
    if (next < 0) break;
    const part = body.subarray(at + marker.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split >= 0 && part.subarray(0, split).toString('latin1').includes(`name="${name}"`)) {
      return part.subarray(split + 4);
    }
    at = next;
  }
  return null;
}

export class FakeArtistSelection {
  readonly submissions: FakeSubmission[] = [];
  readonly images = new Map<string, Buffer>();
  readonly calls: Call[] = [];
  private readonly tokens = new Map<string, FakeUser>();
  private readonly pending: Pending[] = [];
  private nextId = 1;

  constructor(users: Record<string, FakeUser> = {}) {
    for (const [token, user] of Object.entries(users)) this.tokens.set(token, user);
  }

  /** Adds a submission (its image served by the fake), newest last; returns it. */
  add(
    fields: Partial<Omit<FakeSubmission, 'votes'>> & { score?: number; myVote?: [string, 1 | -1] },
  ): FakeSubmission {
    const n = this.nextId++;
    const id = fields.id ?? `sub-${n}`;
    const key = `seed-${n}.png`;
    this.images.set(key, artworkPng(n));
    const votes = new Map<string, 1 | -1>();
    // A score is made of votes by anonymous voters, so the viewer's own vote can be added on top.
    const score = fields.score ?? 0;
    for (let i = 0; i < Math.abs(score); i++) votes.set(`voter-${n}-${i}`, score > 0 ? 1 : -1);
    if (fields.myVote) votes.set(fields.myVote[0], fields.myVote[1]);
    const submission: FakeSubmission = {
      id,
      userId: fields.userId ?? `artist-${n}`,
      username: fields.username ?? `artist_${n}`,
      title: fields.title ?? `Artwork ${n}`,
      description: fields.description ?? `A study in colour number ${n}, made for the next canvas.`,
      imageUrl: fields.imageUrl ?? imageUrlOf(key),
      createdAt: fields.createdAt ?? Date.now() - (1000 - n) * 60_000,
      votes,
      isVerifiedContributor: fields.isVerifiedContributor ?? false,
    };
    this.submissions.push(submission);
    return submission;
  }

  /** The next call to `key` ("METHOD /api/path") gets `override` instead of the normal answer. */
  failNext(key: string, override: Override): void {
    this.pending.push({ key, override, release: null });
  }

  /**
   * The next call to `key` waits until the returned function is called, then gets the normal answer
   * (or `override`).
   */
  holdNext(key: string, override: Override | null = null): () => void {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.pending.push({ key, override, release: released });
    return release;
  }

  callsTo(key: string): Call[] {
    return this.calls.filter((c) => c.key === key);
  }

  listCalls(): Call[] {
    return this.callsTo('GET /api/artist-selection/submissions');
  }

  /** Answers /api/artist-selection/* on the page (register after any catch-all /api route). */
  async install(page: Page): Promise<void> {
    await page.route('**/api/artist-selection/**', (route) => this.handle(route));
  }

  private async handle(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    const method = request.method();
    const key = `${method} ${url.pathname}`;
    const raw = request.postDataBuffer();
    const headers = request.headers();
    let json: unknown = undefined;
    if (raw && (headers['content-type'] ?? '').includes('application/json')) {
      try {
        json = JSON.parse(raw.toString('utf8')) as unknown;
      } catch {
        json = null;
      }
    }
    this.calls.push({
      method,
      key,
      path: url.pathname,
      query: url.searchParams,
      headers,
      json,
      at: Date.now(),
    });

    const index = this.pending.findIndex((p) => p.key === key);
    const pending = index >= 0 ? this.pending.splice(index, 1)[0] : undefined;
    if (pending?.release) await pending.release;
    if (pending?.override === 'abort') {
      await route.abort('failed');
      return;
    }
    if (pending?.override) {
      await this.send(route, pending.override);
      return;
    }
    if (method === 'GET' && url.pathname.startsWith(IMAGE_PATH_PREFIX)) {
      const image = this.images.get(url.pathname.slice(IMAGE_PATH_PREFIX.length));
      if (!image) await this.send(route, errorReply(404, 'NOT_FOUND', IMAGE_MESSAGES.api.notFound));
      else await route.fulfill({ status: 200, contentType: 'image/png', body: image });
      return;
    }
    await this.send(route, this.answer(method, url, headers, json, raw));
  }

  private async send(route: Route, reply: Reply): Promise<void> {
    await route.fulfill({
      status: reply.status,
      contentType: 'application/json',
      body: reply.body === undefined ? '' : JSON.stringify(reply.body),
    });
  }

  private viewer(headers: Record<string, string>): FakeUser | null {
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    return token ? (this.tokens.get(token) ?? null) : null;
  }

  private view(s: FakeSubmission, viewer: FakeUser | null) {
    return submissionJson({
      ...s,
      createdAtMs: s.createdAt,
      netScore: this.score(s),
      userVoteType: viewer ? (s.votes.get(viewer.id) ?? 0) : 0,
    });
  }

  score(s: FakeSubmission): number {
    let netScore = 0;
    for (const v of s.votes.values()) netScore += v;
    return netScore;
  }

  private answer(
    method: string,
    url: URL,
    headers: Record<string, string>,
    json: unknown,
    raw: Buffer | null,
  ): Reply {
    const path = url.pathname;
    const viewer = this.viewer(headers);
    const body = (json ?? {}) as Record<string, unknown>;
    const unauthorized = errorReply(401, 'UNAUTHORIZED', 'Authentication required');
    // the BFF's code and words (bff/src/csrf/protection.ts)
    const csrfMissing = errorReply(403, 'CSRF_INVALID', 'Invalid or expired CSRF token');

    if (method === 'GET' && path === '/api/artist-selection/submissions') {
      // the service's list rules (@tessera/facts/submissions)
      const rawSort = url.searchParams.get('sort');
      const sort = isSortOrder(rawSort) ? rawSort : DEFAULT_SORT;
      const page = Math.max(1, Number(url.searchParams.get('page') ?? '1') || 1);
      const limit = Number(url.searchParams.get('limit') ?? PAGE_SIZE) || PAGE_SIZE;
      const search = searchTerm(url.searchParams.get('search') ?? '')?.toLowerCase() ?? null;
      const found = this.submissions.filter(
        (s) =>
          search === null ||
          s.title.toLowerCase().includes(search) ||
          s.username.toLowerCase().includes(search),
      );
      const ranked = (s: FakeSubmission) => ({ id: s.id, netScore: this.score(s), createdAt: s.createdAt });
      found.sort((a, b) => compareSubmissions(sort, ranked(a), ranked(b)));
      const p = pageOf(found.length, page, limit);
      return {
        status: 200,
        body: {
          success: true,
          data: found.slice(p.skip, p.skip + p.limit).map((s) => this.view(s, viewer)),
          pagination: paginationJson(p),
        },
      };
    }

    if (method === 'POST' && path === UPLOAD_PATH) {
      // The direct upload: no token and no CSRF header are needed; the signed form fields decide.
      const file = raw ? multipartPart(raw, headers['content-type'] ?? '', 'file') : null;
      const key = raw
        ? multipartPart(raw, headers['content-type'] ?? '', 'key')?.toString('utf8')
        : undefined;
      if (!file || !key) return errorReply(400, 'VALIDATION_ERROR', 'The upload form is not valid.');
      this.images.set(key, Buffer.from(file));
      return { status: 204 };
    }

    if (!viewer) return unauthorized;
    if (headers['x-csrf-token'] !== 'csrf-e2e') return csrfMissing;

    if (method === 'POST' && path === '/api/artist-selection/upload-url') {
      // the service's rule and words (@tessera/facts/artwork)
      const problem = imageProblem({ type: String(body.contentType ?? ''), size: Number(body.fileSize) });
      if (problem !== null) {
        const field = problem === 'type' ? 'contentType' : 'fileSize';
        return errorReply(400, 'VALIDATION_ERROR', IMAGE_MESSAGES.api[problem], field);
      }
      const key = `img-${this.nextId++}.png`;
      return {
        status: 200,
        body: {
          success: true,
          data: {
            uploadUrl: UPLOAD_PATH,
            fields: { key, policy: 'signed-e2e' },
            imageUrl: imageUrlOf(key),
          },
        },
      };
    }

    if (method === 'POST' && path === '/api/artist-selection/submissions') {
      const title = String(body.title ?? '').trim();
      const description = String(body.description ?? '').trim();
      const imageUrl = String(body.imageUrl ?? '');
      // the service's checks and words (@tessera/facts/artwork), field by field
      const problem = artworkTextsProblem({ title, description });
      if (problem !== null) return errorReply(400, 'VALIDATION_ERROR', problem.message, problem.field);
      if (
        !imageUrl.startsWith(IMAGE_PATH_PREFIX) ||
        !this.images.has(imageUrl.slice(IMAGE_PATH_PREFIX.length))
      ) {
        return errorReply(400, 'VALIDATION_ERROR', 'Please upload the image again.', 'imageUrl');
      }
      if (/\bslur\b/i.test(`${title} ${description}`)) {
        return errorReply(400, 'CONTENT_REJECTED', SUBMISSION_MESSAGES.contentRejected);
      }
      if (this.submissions.some((s) => s.userId === viewer.id)) {
        return errorReply(409, 'CONFLICT', SUBMISSION_MESSAGES.activeExists);
      }
      const created = this.add({
        userId: viewer.id,
        username: viewer.username,
        title,
        description,
        imageUrl,
        createdAt: Date.now(),
      });
      return { status: 201, body: { success: true, data: this.view(created, viewer) } };
    }

    const vote = /^\/api\/artist-selection\/submissions\/([^/]+)\/vote$/.exec(path);
    if (method === 'POST' && vote) {
      const s = this.submissions.find((x) => x.id === decodeURIComponent(vote[1] ?? ''));
      if (!s) return errorReply(404, 'NOT_FOUND', SUBMISSION_MESSAGES.notFound);
      const type = body.voteType;
      if (!isVoteType(type)) return errorReply(400, 'VALIDATION_ERROR', SUBMISSION_MESSAGES.invalidVote);
      // the service's vote rule and removal (@tessera/facts/submissions)
      const { next } = applyVote(s.votes.get(viewer.id) ?? 0, type);
      if (next === 0) s.votes.delete(viewer.id);
      else s.votes.set(viewer.id, next);
      const netScore = this.score(s);
      const deleted = isRemovedByVotes(netScore);
      if (deleted) this.submissions.splice(this.submissions.indexOf(s), 1);
      return {
        status: 200,
        body: { success: true, data: { userVoteType: s.votes.get(viewer.id) ?? 0, netScore, deleted } },
      };
    }

    const one = /^\/api\/artist-selection\/submissions\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && one) {
      const s = this.submissions.find((x) => x.id === decodeURIComponent(one[1] ?? ''));
      if (!s) return errorReply(404, 'NOT_FOUND', SUBMISSION_MESSAGES.notFound);
      if (s.userId !== viewer.id) {
        return errorReply(403, 'FORBIDDEN', SUBMISSION_MESSAGES.deleteForbidden);
      }
      this.submissions.splice(this.submissions.indexOf(s), 1);
      return { status: 200, body: { success: true, message: SUBMISSION_MESSAGES.deleted } };
    }

    return errorReply(404, 'NOT_FOUND', `No route ${method} ${path}`);
  }
}
