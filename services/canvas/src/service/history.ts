/**
 * GetCanvasHistory: the purchase history of a canvas in commit order (domain/history.ts), encoded
 * as @tessera/facts/timelapse writes it. Built from the boards that sold anything, STREAM_BATCH
 * boards a read, and remembered per canvas with the canvas version it was read at: the same version
 * answers the same bytes without reading a board (the version is read first, so the bytes are never
 * older than it). Concurrent requests for one canvas share one build.
 */
import { create } from '@bufbuild/protobuf';
import { TOTAL_BOARDS } from '@tessera/facts/grid';
import { encodeHistory } from '@tessera/facts/timelapse';
import { BoundedMap, SingleFlight } from '@tessera/kit';
import {
  GetCanvasHistoryResponseSchema,
  type GetCanvasHistoryResponse,
} from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { historyCommits, type HistoryBoard } from '../domain/history.js';
import type { CanvasDeps } from './deps.js';
import type { SummaryCache } from './summaries.js';

/** What the history reads: the boards, the canvas summaries (its version) and the canvas check. */
export interface HistoryDeps {
  boards: CanvasDeps['boards'];
  summaries: SummaryCache;
  requireCanvas: (canvasIndex: number) => Promise<unknown>;
}

const READ_BATCH = 25;
/** Canvases whose latest history is remembered. */
const REMEMBERED = 8;

export class CanvasHistory {
  private readonly latest = new BoundedMap<number, GetCanvasHistoryResponse>(REMEMBERED);
  private readonly builds = new SingleFlight<string, GetCanvasHistoryResponse>();

  constructor(private readonly deps: HistoryDeps) {}

  async get(canvasIndex: number): Promise<GetCanvasHistoryResponse> {
    await this.deps.requireCanvas(canvasIndex);
    const version = (await this.deps.summaries.get(canvasIndex)).version();
    const known = this.latest.get(canvasIndex);
    if (known && known.canvasVersion === version) return known;
    return this.builds.run(`${canvasIndex}:${version}`, async () => {
      const boards: HistoryBoard[] = [];
      for (let from = 0; from < TOTAL_BOARDS; from += READ_BATCH)
        boards.push(...(await this.deps.boards.soldRange(canvasIndex, from, from + READ_BATCH)));
      const commits = historyCommits(boards);
      const answer = create(GetCanvasHistoryResponseSchema, {
        history: encodeHistory(commits),
        canvasVersion: version,
        commitCount: commits.length,
        pixelCount: commits.reduce((n, c) => n + c.offsets.length, 0),
      });
      this.latest.set(canvasIndex, answer);
      return answer;
    });
  }
}
