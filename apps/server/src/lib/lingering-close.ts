import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';

/** How long, and how much of, the rest of a refused body is read and dropped after the answer, at most. */
export const LINGER_MS = 2_000;
export const LINGER_MAX_BYTES = 4 * 1024 * 1024;

/**
 * A lingering close (as in Apache and nginx) for an answer sent before the request body was read, such
 * as a 413: closing at once while the client is still sending makes the kernel answer its next bytes
 * with a reset, and many clients (browsers included) then lose our answer and report "connection
 * reset" instead of the message. So the rest of the body is read and dropped (never kept), the
 * connection is half-closed after the answer, and destroyed when the client has finished, after
 * LINGER_MS or after LINGER_MAX_BYTES, whichever comes first: a bounded cost, whatever the client offers.
 */
export function lingerAfterAnswer(request: IncomingMessage): void {
  const socket = request.socket;
  // Requests injected in tests (light-my-request) have no real connection to linger on.
  if (!(socket instanceof Socket)) return;
  let dropped = 0;
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_MAX_BYTES) socket.destroy();
  });
  request.resume();
  // Node's server ends a `Connection: close` response with `socket.destroySoon()` when the socket has
  // one, and with `socket.end()` (a half-close only) when it has not.
  (socket as { destroySoon?: unknown }).destroySoon = undefined;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('end', () => socket.destroy());
  socket.once('close', () => clearTimeout(timer));
}
