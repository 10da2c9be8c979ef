import { randomInt } from 'node:crypto';

const W = 120;
const H = 40;
const COLOURS = ['#e0a526', '#4fc3f7', '#ef5350', '#66bb6a', '#ab47bc', '#ffca28', '#26a69a'];
const pick = <T>(xs: readonly T[]): T => xs[randomInt(xs.length)] as T;

/**
 * The picture of a captcha answer: each glyph rotated, skewed and offset at random over noise
 * curves and dots. It stops casual scripts, not a determined OCR; the per-phone and per-IP code
 * limits are what bound abuse (docs/site-and-accounts.md "Accounts and sessions").
 */
export function captchaSvg(answer: string): string {
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="#1b1f2b"/>`];
  for (let i = 0; i < 4; i++) {
    const y1 = randomInt(4, H - 4);
    const y2 = randomInt(4, H - 4);
    parts.push(
      `<path d="M${randomInt(0, 20)} ${y1} Q${randomInt(30, 90)} ${randomInt(0, H)} ${randomInt(100, W)} ${y2}" stroke="${pick(COLOURS)}" stroke-width="${1 + randomInt(2)}" fill="none" opacity="0.7"/>`,
    );
  }
  const step = (W - 16) / answer.length;
  [...answer].forEach((ch, i) => {
    const x = 10 + i * step + randomInt(0, 6);
    const y = 28 + randomInt(-4, 5);
    const rotate = randomInt(-30, 31);
    const skew = randomInt(-15, 16);
    parts.push(
      `<text x="${x}" y="${y}" transform="rotate(${rotate} ${x + 8} ${y - 10}) skewX(${skew})" font-family="Verdana,DejaVu Sans,sans-serif" font-size="${22 + randomInt(0, 7)}" font-weight="bold" fill="${pick(COLOURS)}">${ch}</text>`,
    );
  });
  for (let i = 0; i < 30; i++) {
    parts.push(`<circle cx="${randomInt(W)}" cy="${randomInt(H)}" r="1" fill="${pick(COLOURS)}"/>`);
  }
  parts.push(
    `<path d="M0 ${randomInt(10, 30)} C40 ${randomInt(H)} 80 ${randomInt(H)} ${W} ${randomInt(10, 30)}" stroke="${pick(COLOURS)}" stroke-width="2" fill="none"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
