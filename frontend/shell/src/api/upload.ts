import type { UploadProgressListener } from '@planner/remote-contract';

/** Sends a multipart request and reports its upload: what fetch cannot (it has no upload progress). */
export type UploadTransport = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: FormData },
  onProgress: UploadProgressListener,
) => Promise<Response>;

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * The upload transport of the browser: XMLHttpRequest, whose `upload` reports
 * the bytes sent, answered as a fetch Response so that the client treats it as
 * any other answer (refresh on 401, rate limits, error texts). A failed
 * connection rejects as fetch does.
 */
export const xhrUpload: UploadTransport = (url, init, onProgress) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'blob';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => {
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(new Response(empty ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr.getAllResponseHeaders()) }));
    });
    xhr.addEventListener('error', () => reject(new TypeError('Network request failed')));
    xhr.addEventListener('abort', () => reject(new TypeError('Network request aborted')));
    xhr.send(init.body);
  });
