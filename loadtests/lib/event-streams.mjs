// Many event streams (GET /api/events) for the benchmarks, each as its own client: the BFF caps the
// streams of one client address (16, bff/src/hardening/stream-cap.ts), so stream i comes from its own
// loopback address 127.2.x.y (Linux routes all of 127.0.0.0/8 to loopback). The events are parsed by
// the tests' parser (bff/src/canvas/test/sse-parser.mjs).
import http from 'node:http';
import { SseParser } from '../../bff/src/canvas/test/sse-parser.mjs';

/**
 * The loopback source address of client `i` (0 to 50,799): 127.2.0.1, ..., 127.2.0.200, 127.2.1.1, ...
 * @param {number} i
 * @returns {string}
 */
export function clientAddress(i) {
  if (!Number.isInteger(i) || i < 0 || i >= 254 * 200)
    throw new RangeError(`client ${i}: only 0 to ${254 * 200 - 1} have an address`);
  return `127.2.${Math.floor(i / 200)}.${(i % 200) + 1}`;
}

/**
 * Opens `url` as an event stream from `localAddress` (its own connection) and resolves with its
 * status once the head arrived; `onEvent` gets each event as it completes (a stream answered with
 * another status is read no further). Rejects when the connection fails.
 * @param {string} url
 * @param {{ localAddress?: string; onEvent?: (ev: import('../../bff/src/canvas/test/sse-parser.d.mts').SseEvent) => void }} [opts]
 * @returns {Promise<{ status: number; close: () => void }>}
 */
export function openEventStream(url, { localAddress, onEvent } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { localAddress, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      const close = () => req.destroy();
      if (status !== 200) {
        res.resume();
        resolve({ status, close });
        return;
      }
      const parser = new SseParser();
      res.setEncoding('utf8');
      res.on('data', (/** @type {string} */ chunk) => {
        for (const ev of parser.push(chunk)) onEvent?.(ev);
      });
      res.on('error', () => undefined); // closed by close(), or by the server going away
      resolve({ status, close });
    });
    req.on('error', reject);
  });
}
