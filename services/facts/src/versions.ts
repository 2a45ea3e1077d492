/**
 * The canvas version rule, defined once: every write of a board raises that board's version, and a
 * canvas's version is the sum of its 625 board versions, so it grows with every change of any board.
 * The canvas service derives it from its board summaries (`Canvas.version`, the events'
 * `canvas_version`) and the renderer from the boards its frames reflect (its images' version and
 * ETag); both sides keep a `BoardVersions`, so the same boards give the same number on both. Pure: no
 * I/O, no Node API.
 */
import { isBoardIndex, TOTAL_BOARDS } from './grid.js';

/** The known version of each board of one canvas, and their sum (the canvas version). */
export class BoardVersions {
  readonly #versions = new Float64Array(TOTAL_BOARDS);
  // kept as the boards change, so reading the canvas version costs nothing
  #total = 0;

  /** The version known for a board (0 before any is known). */
  of(boardIndex: number): number {
    return this.#versions[boardIndex] ?? 0;
  }

  /**
   * Records that a board is at `version`. A version older than the one known is a late report of a
   * state already replaced (another replica's read, an event overtaken by a newer one): it changes
   * nothing and answers false. The same or a newer version answers true. Throws RangeError for a bad
   * board index or a version that is not a non-negative integer.
   */
  note(boardIndex: number, version: number): boolean {
    if (!isBoardIndex(boardIndex)) throw new RangeError(`board index must be 0 to ${TOTAL_BOARDS - 1}`);
    if (!Number.isSafeInteger(version) || version < 0)
      throw new RangeError(`a board version is a non-negative integer, not ${version}`);
    const known = this.of(boardIndex);
    if (version < known) return false;
    this.#versions[boardIndex] = version;
    this.#total += version - known;
    return true;
  }

  /** The canvas version: the sum of the board versions. */
  total(): number {
    return this.#total;
  }
}
