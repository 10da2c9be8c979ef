import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemCard } from './item-card.tsx';
import { ItemImage } from './item-image.tsx';

describe('item pictures', () => {
  it('fall back from the CDN to the locally drawn item, then to a silhouette', () => {
    render(<ItemImage src="https://cdn.example/ak.webp" itemId={12} alt="AK-47 | 红线" />);
    const img = screen.getByRole('img', { name: 'AK-47 | 红线' });
    expect(img.getAttribute('src')).toBe('https://cdn.example/ak.webp');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'AK-47 | 红线' }).getAttribute('src')).toBe('/img/items/12.svg');
    fireEvent.error(screen.getByRole('img', { name: 'AK-47 | 红线' }));
    expect(screen.getByRole('img', { name: 'AK-47 | 红线' }).tagName.toLowerCase()).toBe('svg');
    // The CDN failed once: the next picture from it goes straight to the local drawing.
    render(<ItemImage src="https://cdn.example/m4.webp" itemId={13} alt="M4A4 | 咆哮" />);
    expect(screen.getByRole('img', { name: 'M4A4 | 咆哮' }).getAttribute('src')).toBe('/img/items/13.svg');
  });

  it('item card shows name, rarity, wear and the price floored to 2 decimals', () => {
    render(<ItemCard name="AWP | 二西莫夫" img="" quality={5} wear={3} priceUnits={1_234_599} />);
    expect(screen.getByText('AWP | 二西莫夫')).toBeTruthy();
    expect(screen.getByText('隐秘')).toBeTruthy();
    expect(screen.getByText('久经沙场')).toBeTruthy();
    expect(screen.getByText('123.45')).toBeTruthy();
  });
});
