import { vi } from 'vitest';

/**
 * An XMLHttpRequest stand-in the test drives by hand. jsdom's real XHR reports upload progress
 * only once the whole body has gone (0, then 100 %), so the values in between — what a
 * browser reports on a slow upload — can only be shown with this. Tests of the request itself
 * (fields, headers, answers) use jsdom's real XHR against the test server instead.
 */
export class ControlledXhr {
  static instances: ControlledXhr[] = [];

  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  readonly headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  responseText = '';
  aborted = false;

  constructor() {
    ControlledXhr.instances.push(this);
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  addEventListener(type: string, listener: EventListener, options?: AddEventListenerOptions) {
    this.events.addEventListener(type, listener, options);
  }

  send(body: unknown): void {
    this.body = body;
  }

  abort(): void {
    this.aborted = true;
    this.events.dispatchEvent(new ProgressEvent('abort'));
  }

  // ---- What the test does ----

  /** The browser has sent `loaded` of `total` bytes (`total` 0: it cannot tell). */
  progress(loaded: number, total: number): void {
    this.upload.dispatchEvent(
      new ProgressEvent('progress', { loaded, total, lengthComputable: total > 0 }),
    );
  }

  /** The server answers with `body` as JSON. */
  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.events.dispatchEvent(new ProgressEvent('load'));
  }

  /** The connection fails. */
  fail(): void {
    this.events.dispatchEvent(new ProgressEvent('error'));
  }
}

/** Replaces the global XMLHttpRequest until `vi.unstubAllGlobals()`; returns the requests made. */
export function installControlledXhr(): ControlledXhr[] {
  ControlledXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', ControlledXhr);
  return ControlledXhr.instances;
}
