import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody } from '@planner/service-kit';
import { GatewayMessages } from '../domain/messages.js';

const TIMED_OUT = JSON.stringify(errorBody(408, GatewayMessages.requestTimeout));

/**
 * Gives a request `timeoutMs` to arrive whole, as Node's `requestTimeout` does;
 * Node's is one value for the whole server, and an upload route needs far longer
 * than the rest (the server turns Node's off and times each request with a body
 * here). Past it the client gets 408 (or, when an answer has started, loses the
 * connection), which also ends the body's stream to the service.
 */
export function timeRequest(request: IncomingMessage, response: ServerResponse, timeoutMs: number): void {
  const socket = request.socket;
  const timer = setTimeout(() => {
    // Destroying the request closes the connection and ends the body's stream to the service.
    if (response.headersSent) request.destroy();
    else response.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(TIMED_OUT), connection: 'close' }).end(TIMED_OUT, () => request.destroy());
  }, timeoutMs);
  // The body read to its end, or the connection gone: after an early answer (a 413) Node
  // lets go of the request, which then never closes itself.
  const done = () => {
    clearTimeout(timer);
    request.off('close', done);
    socket.off('close', done);
  };
  request.once('close', done);
  socket.once('close', done);
}
