import { useEffect, useRef } from 'react';

/** Cloudflare Turnstile's loader (it must be loaded from this exact address). */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

interface Turnstile {
  render(container: HTMLElement, options: Record<string, unknown>): string | undefined;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

let scriptLoad: Promise<Turnstile> | null = null;

function loadTurnstile(): Promise<Turnstile> {
  scriptLoad ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${TURNSTILE_SCRIPT_URL}?render=explicit`;
    script.async = true;
    script.defer = true;
    script.onload = () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not start.'));
    script.onerror = () => {
      scriptLoad = null; // a later visit may try again
      reject(new Error('The bot-check script could not be loaded.'));
    };
    document.head.append(script);
  });
  return scriptLoad;
}

/**
 * The invisible bot check of the login screen (docs/product.md §2). It runs on load only
 * when a site key is configured; otherwise it renders and loads nothing. As in
 * the spec, its result is not sent anywhere.
 */
export function BotCheck({ siteKey }: { siteKey: string | undefined }) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!siteKey) return;
    let isCancelled = false;
    let widgetId: string | undefined;
    loadTurnstile()
      .then((turnstile) => {
        if (isCancelled || !containerRef.current) return;
        widgetId = turnstile.render(containerRef.current, {
          sitekey: siteKey,
          appearance: 'interaction-only',
          execution: 'render',
        });
      })
      .catch(() => {
        // Never block sign-in on the bot check: its result is not used.
      });
    return () => {
      isCancelled = true;
      if (widgetId) window.turnstile?.remove(widgetId);
    };
  }, [siteKey]);

  if (!siteKey) return null;
  return <div ref={containerRef} data-testid="bot-check" className="mt-4 flex justify-center" />;
}
