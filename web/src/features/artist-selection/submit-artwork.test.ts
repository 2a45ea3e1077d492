// Creating a submission: the upload URL, the direct upload, then the create call, in that order; a
// failed upload creates nothing.
import { describe, expect, it } from 'vitest';
import { ArtistSelectionApi, StorageUploadError } from './artist-selection-api.js';
import { createHarness, csrfBody, json, routes } from '../../api/client.fixture.js';
import { AuthStore } from '../../auth/auth-store.js';
import { hasOwnSubmission } from './use-own-submission.js';
import { submitArtwork } from './submit-artwork.js';

function setup(uploadStatus: number) {
  const auth = new AuthStore();
  auth.setSession({ accessToken: 'tok', expiresIn: 900 });
  const order: string[] = [];
  const h = createHarness(
    routes({
      'GET /csrf/csrf-token-secure': [json(200, csrfBody('c'))],
      'POST /artist-selection/upload-url': (call) => {
        order.push('upload-url');
        expect(call.body).toEqual({ filename: 'art.png', contentType: 'image/png', fileSize: 3 });
        return json(200, {
          data: { uploadUrl: '/api/artist-selection/uploads', fields: { key: 'k' }, imageUrl: '/img/k' },
        });
      },
      'POST /artist-selection/submissions': (call) => {
        order.push('create');
        expect(call.body).toEqual({ title: 'Harbour', description: 'Boats at dawn', imageUrl: '/img/k' });
        return json(201, { data: { id: 's9', title: 'Harbour' } });
      },
    }),
    { auth },
  );
  const api = new ArtistSelectionApi(h.client, {
    fetch: async (url) => {
      order.push(`upload ${url}`);
      return new Response(null, {
        status: uploadStatus,
        statusText: uploadStatus === 204 ? '' : 'Bad Request',
      });
    },
    timeoutMs: 1000,
  });
  const file = new File([new Uint8Array([1, 2, 3])], 'art.png', { type: 'image/png' });
  return { api, order, file };
}

describe('submitting artwork', () => {
  it('uploads first, then creates with the trimmed texts and the image URL', async () => {
    const { api, order, file } = setup(204);
    const created = await submitArtwork(api, { file, title: '  Harbour ', description: ' Boats at dawn  ' });
    expect(created?.id).toBe('s9');
    expect(order).toEqual(['upload-url', 'upload /api/artist-selection/uploads', 'create']);
  });

  it('creates nothing when the upload fails', async () => {
    const { api, order, file } = setup(400);
    const error = await submitArtwork(api, { file, title: 'Harbour', description: 'Boats at dawn' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StorageUploadError);
    expect(order).toEqual(['upload-url', 'upload /api/artist-selection/uploads']);
  });
});

describe('own submission', () => {
  it('is found by scanning the loaded list for the viewer', () => {
    const items = [{ userId: 'u1' }, { userId: 'u2' }] as unknown as Parameters<typeof hasOwnSubmission>[0];
    expect(hasOwnSubmission(items, 'u2')).toBe(true);
    expect(hasOwnSubmission(items, 'u3')).toBe(false);
    expect(hasOwnSubmission(items, null)).toBe(false);
    expect(hasOwnSubmission(undefined, 'u1')).toBe(false);
  });
});
