import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BoxImage } from './box-image.tsx';

const imgOf = (container: HTMLElement) => container.querySelector('img');

describe('box pictures', () => {
  it("fall back from the CDN to the box's own drawing, then to the drawn crate underneath", () => {
    const first = render(
      <BoxImage src="https://cdn.example/case-a.webp" backup="/img/cases/9129.svg" alt="A" className="x" />,
    );
    // The generic crate is there underneath from the start: no broken-image icon ever shows.
    expect(first.container.querySelector('.box-art')).not.toBeNull();
    expect(imgOf(first.container)?.getAttribute('src')).toBe('https://cdn.example/case-a.webp');
    fireEvent.error(imgOf(first.container) as HTMLImageElement);
    // Issue 20: every case used to fall back to that one crate; now to its own.
    expect(imgOf(first.container)?.getAttribute('src')).toBe('/img/cases/9129.svg');
    fireEvent.error(imgOf(first.container) as HTMLImageElement);
    expect(imgOf(first.container)).toBeNull();
    expect(first.container.querySelector('.box-art')).not.toBeNull();

    // The CDN failed once: another case goes straight to its own drawing.
    const second = render(<BoxImage src="https://cdn.example/case-b.webp" backup="/img/cases/9130.svg" alt="B" />);
    expect(imgOf(second.container)?.getAttribute('src')).toBe('/img/cases/9130.svg');
  });

  it('shows a local picture once when it is its own backup (a themed box)', () => {
    const { container } = render(<BoxImage src="/img/boxes/1000001.svg" backup="/img/boxes/1000001.svg" alt="" />);
    expect(container.querySelectorAll('img')).toHaveLength(1);
    fireEvent.error(imgOf(container) as HTMLImageElement);
    expect(imgOf(container)).toBeNull();
  });
});
