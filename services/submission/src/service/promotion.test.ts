/**
 * The hand-over with a fake canvas service and a fake renderer: a sold-out canvas hands over to the
 * top-voted submission (rasterised image, new active canvas named after it, the submission featured
 * and out of the vote); redelivery, duplicates, concurrent attempts and a crash between any two steps
 * end in exactly one new canvas; without a submission the gallery keeps the sold-out canvas; the
 * operators' PromoteSubmission uses the same code.
 */
import { ConnectError } from '@connectrpc/connect';
import { encodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import { ERROR_CODE_HEADER } from '@tessera/kit';
import { eventually } from '@tessera/kit/testing';
import { SortOrder } from '@tessera/proto/tessera/submission/v1/submission_pb.js';
import { afterEach, describe, expect, it } from 'vitest';
import { canvasClientOf, startCanvasStack } from '@tessera/renderer/testing';
import { promotionId } from '../adapters/promotions.js';
import { startHarness, submitAs, type Harness } from '../test/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const soldOut = (t: Harness, canvasIndex: number, msgId = `soldout-${canvasIndex}`) =>
  t.bus.publish(
    SUBJECTS.canvasSoldOut,
    encodeEvent(SUBJECTS.canvasSoldOut, { canvasIndex, atMs: Date.now() }),
    { msgId },
  );

/** Three submissions; the middle one gets the most votes. */
async function contest(t: Harness) {
  const a = await submitAs(t, 'pa', 'First light');
  const b = await submitAs(t, 'pb', 'Harbour at night');
  const c = await submitAs(t, 'pc', 'Late bloom');
  for (const u of ['v1', 'v2', 'v3']) await t.rpc.vote({ userId: u, submissionId: b.id, voteType: 1 });
  await t.rpc.vote({ userId: 'v1', submissionId: a.id, voteType: 1 });
  return { a, b, c };
}

async function doneRecord(t: Harness, from: number) {
  return eventually(async () => {
    const r = await t.core.deps.promotions.get(promotionId(from));
    return r?.state === 'done' ? r : null;
  }, 20_000);
}

describe('hand-over on tessera.canvas.soldout', () => {
  it('makes the top-voted submission the next active canvas and features it', async () => {
    h = await startHarness();
    const { b } = await contest(h);
    await soldOut(h, 1);
    const record = await doneRecord(h, 1);
    expect(record).toMatchObject({ submissionId: b.id, operator: 'soldout', canvasIndex: 2 });
    expect(h.canvas.created).toEqual([
      { name: 'Harbour at night', description: 'Warm colours over a quiet sea', source: b.id },
    ]);
    expect(h.canvas.active).toBe(2);
    expect(h.renderer.calls).toBe(1);
    expect(await h.core.deps.submissions.raw(b.id)).toMatchObject({
      status: 'featured',
      featuredCanvasIndex: 2,
    });
    // out of the vote: not listed, not votable, no longer the owner's active submission
    const listed = await h.rpc.listSubmissions({ sort: SortOrder.HOT, page: 1, limit: 50 });
    expect(listed.submissions.map((s) => s.id)).not.toContain(b.id);
    expect(listed.totalCount).toBe(2);
    await expect(h.rpc.vote({ userId: 'v9', submissionId: b.id, voteType: 1 })).rejects.toBeInstanceOf(
      ConnectError,
    );
    expect((await h.rpc.getUserSubmission({ userId: 'pb' })).submission).toBeUndefined();
    await submitAs(h, 'pb', 'Second try');
  });

  it('redelivered and duplicate sold-out events, and concurrent attempts, make one canvas', async () => {
    h = await startHarness();
    const { b } = await contest(h);
    await Promise.all([
      h.core.promotion.promote({ fromCanvas: 1, operator: 'soldout' }),
      h.core.promotion.promote({ fromCanvas: 1, operator: 'soldout' }),
      h.core.promotion.promote({ fromCanvas: 1, operator: 'soldout' }),
    ]);
    await soldOut(h, 1, 'soldout-1-again');
    await soldOut(h, 1);
    await doneRecord(h, 1);
    await eventually(async () => (await h!.core.deps.submissions.raw(b.id))?.status === 'featured', 10_000);
    expect(h.canvas.created).toHaveLength(1);
    expect(h.canvas.canvases).toHaveLength(2);
  });

  it('a crash after the canvas was created (the answer lost) is retried by redelivery into the same canvas', async () => {
    h = await startHarness();
    const { b } = await contest(h);
    h.canvas.failAfterCreate = 1;
    h.renderer.failNext = 1;
    await soldOut(h, 1);
    const record = await doneRecord(h, 1);
    console.log(
      `hand-over after failures: ${h.renderer.calls} rasterisations, ${h.canvas.createCalls} CreateCanvas calls`,
    );
    expect(h.canvas.createCalls).toBeGreaterThanOrEqual(2);
    expect(h.canvas.created).toHaveLength(1);
    expect(record.canvasIndex).toBe(2);
    expect(await h.core.deps.submissions.raw(b.id)).toMatchObject({
      status: 'featured',
      featuredCanvasIndex: 2,
    });
  });

  it('resumes a record left after each step: started before the submission was taken, and created before it was featured', async () => {
    h = await startHarness({ consumers: false });
    const { b, c } = await contest(h);
    const { promotions, submissions } = h.core.deps;
    // crashed after writing the record, before taking the submission out of the vote
    await promotions.start({
      _id: promotionId(1),
      fromCanvas: 1,
      submissionId: c.id,
      operator: 'soldout',
      state: 'started',
      startedAt: 1,
      updatedAt: 1,
    });
    const first = await h.core.promotion.promote({ fromCanvas: 1, operator: 'soldout' });
    expect(first).toMatchObject({ canvasIndex: 2, submission: { _id: c.id, status: 'featured' } });
    // crashed after the canvas was created, before the submission was featured
    await submissions.end(b.id, 'promoting', { promotionId: promotionId(2) });
    await promotions.start({
      _id: promotionId(2),
      fromCanvas: 2,
      submissionId: b.id,
      operator: 'soldout',
      state: 'started',
      startedAt: 1,
      updatedAt: 1,
    });
    await promotions.advance(promotionId(2), 'created', { canvasIndex: 7 }, 2);
    const calls = h.canvas.createCalls;
    const second = await h.core.promotion.promote({ fromCanvas: 2, operator: 'soldout' });
    expect(second).toMatchObject({
      canvasIndex: 7,
      submission: { _id: b.id, status: 'featured', featuredCanvasIndex: 7 },
    });
    expect(h.canvas.createCalls).toBe(calls);
    expect(await promotions.get(promotionId(2))).toMatchObject({ state: 'done' });
  });

  it('without any submission the gallery keeps the sold-out canvas', async () => {
    h = await startHarness({ consumers: false });
    expect(await h.core.promotion.promote({ fromCanvas: 1, operator: 'soldout' })).toBeNull();
    expect(h.canvas.createCalls).toBe(0);
    expect(h.canvas.active).toBe(1);
    expect(await h.core.deps.promotions.get(promotionId(1))).toBeNull();
  });

  it('does nothing for a sold-out canvas that is no longer the active one', async () => {
    h = await startHarness({ consumers: false });
    await contest(h);
    h.canvas.active = 1;
    expect(await h.core.promotion.promote({ fromCanvas: 5, operator: 'soldout' })).toBeNull();
    expect(h.canvas.createCalls).toBe(0);
  });
});

describe('PromoteSubmission (operators)', () => {
  it('promotes a named submission, or the top one, replacing the active canvas', async () => {
    h = await startHarness({ consumers: false });
    const { a, b } = await contest(h);
    const named = await h.rpc.promoteSubmission({ submissionId: a.id, operator: 'ops-anna' });
    expect(named).toMatchObject({ canvasIndex: 2, submission: { id: a.id, title: 'First light' } });
    expect(await h.core.deps.promotions.get(promotionId(1))).toMatchObject({
      operator: 'ops-anna',
      submissionId: a.id,
    });
    const top = await h.rpc.promoteSubmission({ operator: 'ops-anna' });
    expect(top).toMatchObject({ canvasIndex: 3, submission: { id: b.id } });
    // asking again for a hand-over from canvas 3 with another submission is refused
    await h.rpc.promoteSubmission({ operator: 'ops-anna' });
    const conflict = await h.rpc
      .promoteSubmission({ submissionId: b.id, operator: 'ops' })
      .catch((e: unknown) => e);
    expect((conflict as ConnectError).metadata.get(ERROR_CODE_HEADER)).toBe('NOT_FOUND');
    const none = await h.rpc.promoteSubmission({ operator: 'ops' }).catch((e: unknown) => e);
    expect((none as ConnectError).metadata.get(ERROR_CODE_HEADER)).toBe('NOT_FOUND');
    const noOperator = await h.rpc.promoteSubmission({ operator: ' ' }).catch((e: unknown) => e);
    expect((noOperator as ConnectError).metadata.get(ERROR_CODE_HEADER)).toBe('MISSING_FIELD');
    expect(h.canvas.created.map((c) => c.name)).toEqual(['First light', 'Harbour at night', 'Late bloom']);
  });
});

describe('hand-over with the real canvas service', () => {
  it('creates and activates the next canvas from the rasterised colours, named after the submission', async () => {
    const stack = await startCanvasStack();
    try {
      h = await startHarness({ bus: stack.bus, canvasClient: canvasClientOf(stack.canvasCore) });
      const { b } = await contest(h);
      await soldOut(h, stack.canvasIndex);
      const record = await doneRecord(h, stack.canvasIndex);
      const canvas = canvasClientOf(stack.canvasCore);
      const { canvas: active } = await canvas.getActiveCanvas({});
      expect(active).toMatchObject({
        canvasIndex: record.canvasIndex,
        name: 'Harbour at night',
        description: 'Warm colours over a quiet sea',
      });
      const { board } = await canvas.getBoard({ canvasIndex: record.canvasIndex!, boardIndex: 312 });
      // the renderer double answers every pixel as (200, 200, 200)
      expect([...board!.defaultColors.subarray(0, 6)]).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await h.core.deps.submissions.raw(b.id)).toMatchObject({
        status: 'featured',
        featuredCanvasIndex: record.canvasIndex,
      });
      // the activation reaches the verified-contributor pointer
      await eventually(
        async () => (await h!.core.deps.contributors.currentCanvas()) === record.canvasIndex,
        10_000,
      );
    } finally {
      await h?.close();
      h = undefined;
      await stack.close();
    }
  }, 60_000);
});
