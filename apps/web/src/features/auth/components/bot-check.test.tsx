import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { BotCheck, TURNSTILE_SCRIPT_URL } from './bot-check.tsx';

const turnstileScripts = () =>
  [...document.querySelectorAll('script')].filter((script) =>
    script.src.startsWith(TURNSTILE_SCRIPT_URL),
  );

describe('bot check', () => {
  it('renders and loads nothing without a site key', () => {
    const { container } = render(<BotCheck siteKey={undefined} />);
    expect(container).toBeEmptyDOMElement();
    expect(turnstileScripts()).toHaveLength(0);
  });

  it("loads Cloudflare Turnstile's script once when a site key is set", () => {
    const { container, rerender } = render(<BotCheck siteKey="1x00000000000000000000AA" />);
    expect(container.firstChild).not.toBeNull();
    rerender(<BotCheck siteKey="1x00000000000000000000AA" />);
    expect(turnstileScripts()).toHaveLength(1);
    expect(turnstileScripts()[0]?.async).toBe(true);
  });
});
