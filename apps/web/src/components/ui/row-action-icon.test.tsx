import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RowActionIcon, type RowActionIconName, RowActionIconSprite } from './row-action-icon.tsx';

describe('RowActionIcon', () => {
  it.each<RowActionIconName>(['view', 'edit', 'delete'])(
    '%s refers to a symbol of the sprite that holds lucide’s drawing',
    (name) => {
      const { container } = render(
        <>
          <RowActionIconSprite />
          <button type="button" aria-label="Act">
            <RowActionIcon name={name} />
          </button>
        </>,
      );
      const use = container.querySelector('button use');
      const target = use?.getAttribute('href') ?? '';
      const symbol = container.querySelector(`symbol${target}`);
      expect(symbol).not.toBeNull();
      expect(symbol?.querySelectorAll('path, circle').length).toBeGreaterThan(0);
      // Decorative: the button's own name is all a screen reader hears.
      expect(container.querySelector('button svg')).toHaveAttribute('aria-hidden', 'true');
    },
  );

  it('the sprite takes no room and is hidden from assistive technology', () => {
    const { container } = render(<RowActionIconSprite />);
    const sprite = container.querySelector('svg');
    expect(sprite).toHaveAttribute('aria-hidden', 'true');
    expect(sprite).toHaveAttribute('width', '0');
    expect(sprite).toHaveAttribute('height', '0');
  });
});
