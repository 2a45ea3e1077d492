/**
 * The event-stream parser of the tests and the benchmarks (sse-parser.mjs): fields with or without
 * the space after the colon, multi-line data, comments, and events split anywhere across chunks.
 */
import { describe, expect, it } from 'vitest';
import { parseSseBlock, SseParser } from './sse-parser.mjs';

describe('parseSseBlock', () => {
  it('reads id, event and data, joins data lines, and takes one optional space after the colon', () => {
    expect(parseSseBlock('id: 7\nevent: pixels\ndata: {"a":1}')).toEqual({
      id: '7',
      event: 'pixels',
      data: '{"a":1}',
    });
    expect(parseSseBlock('event:lock:expired\ndata:  two spaces\ndata:\ndata: end')).toEqual({
      event: 'lock:expired',
      data: ' two spaces\n\nend',
    });
    expect(parseSseBlock(': ping')).toEqual({ comment: 'ping', data: '' });
    expect(parseSseBlock('retry: 1000\nunknown: x\ndata')).toEqual({ data: '' });
  });
});

describe('SseParser', () => {
  it('answers each event once its blank line has arrived, wherever the chunks split it', () => {
    const text = ': hello\n\nid: 1\nevent: pixels\ndata: {"x":1}\n\nevent: canvas:soldout\ndata: {}\n\n';
    for (let cut = 0; cut <= text.length; cut++) {
      const parser = new SseParser();
      const got = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut))];
      expect(got, `split at ${cut}`).toEqual([
        { comment: 'hello', data: '' },
        { id: '1', event: 'pixels', data: '{"x":1}' },
        { event: 'canvas:soldout', data: '{}' },
      ]);
    }
    const parser = new SseParser();
    expect(parser.push('data: half')).toEqual([]);
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ data: 'half' }]);
  });
});
