/**
 * Simple drawn marks for payment channels and social networks in the footer. They hint at the
 * brand colours and shapes without copying trademark artwork.
 */
interface MarkProps {
  size?: number;
}

export function AlipayMark({ size = 28 }: MarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#1677ff" />
      <path d="M8 11h16M16 7v8M10 15h12c-1.5 5-5 8.5-11 10" stroke="#fff" strokeWidth="2.4" fill="none" />
      <path d="M14 19c3 1.6 6.5 3.4 10 5" stroke="#fff" strokeWidth="2.4" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export function WechatPayMark({ size = 28 }: MarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#09bb07" />
      <path d="m8.5 15.5 4.5 4.5L24 10" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export function UnionPayMark({ size = 28 }: MarkProps) {
  return (
    <svg width={size * 1.4} height={size} viewBox="0 0 45 32" aria-hidden="true">
      <path d="M6 3h12L12 29H0z" fill="#e21836" />
      <path d="M18 3h12l-6 26H12z" fill="#00447c" />
      <path d="M30 3h15l-6 26H24z" fill="#007b84" />
      <text x="22.5" y="20" fill="#fff" fontSize="8" fontWeight="700" textAnchor="middle" fontFamily="Arial">
        UnionPay
      </text>
    </svg>
  );
}

export function UsdtMark({ size = 28 }: MarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <circle cx="16" cy="16" r="16" fill="#26a17b" />
      <path d="M9 8.5h14M16 8.5V24" stroke="#fff" strokeWidth="3" />
      <ellipse cx="16" cy="14.5" rx="8" ry="2.6" stroke="#fff" strokeWidth="1.8" fill="none" />
    </svg>
  );
}

export function QqMark({ size = 22 }: MarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 2.5c-3.6 0-5.6 2.8-5.6 6.2v1.1c-.9 1.1-2 3-2 4.7 0 1 .4 1.3.8 1 .3-.2.7-.8 1-1.3.3 1.3 1 2.4 2 3.3-1 .4-1.8 1-1.8 1.6 0 .9 1.7 1.4 3.6 1.4 1.2 0 2.2-.2 2.9-.5.4 0 .7.1 1.1.1.7.3 1.7.5 2.9.5 1.9 0 3.6-.5 3.6-1.4 0-.6-.8-1.2-1.8-1.6 1-.9 1.7-2 2-3.3.3.5.7 1.1 1 1.3.4.3.8 0 .8-1 0-1.7-1.1-3.6-2-4.7V8.7c0-3.4-2-6.2-5.6-6.2z" />
    </svg>
  );
}

export function WechatMark({ size = 22 }: MarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M9 3.5c-4 0-7 2.6-7 5.8 0 1.8 1 3.4 2.5 4.5l-.6 2 2.4-1.2c.8.2 1.7.4 2.7.4h.5a5 5 0 0 1-.2-1.5c0-3.3 3.1-5.9 6.9-5.9h.6C16.2 5.3 12.9 3.5 9 3.5zm-2.4 3.4a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8zm4.8 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8z" />
      <path d="M22 14.4c0-2.7-2.6-4.9-5.8-4.9s-5.9 2.2-5.9 4.9 2.7 4.9 5.9 4.9c.7 0 1.3-.1 1.9-.3l1.9 1-.5-1.6c1.5-.9 2.5-2.3 2.5-4zm-7.7-.8a.8.8 0 1 1 0-1.6.8.8 0 0 1 0 1.6zm3.8 0a.8.8 0 1 1 0-1.6.8.8 0 0 1 0 1.6z" />
    </svg>
  );
}

export function WeiboMark({ size = 22 }: MarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M10.1 19.8c-4.2 0-8.1-2-8.1-5 0-1.6 1-3.4 2.7-5.1 2.3-2.3 5-3.4 6-2.4.5.5.5 1.3.2 2.3-.2.5.4.2.4.2 1.8-.8 3.4-.8 4 .1.3.5.3 1.1 0 1.8-.1.3 0 .4.3.5 1.3.4 2.8 1.4 2.8 3.2 0 2.9-4.2 6.4-8.3 6.4zm-.1-9c-3.2.3-5.6 2.3-5.4 4.4.2 2.1 3 3.5 6.2 3.2 3.2-.3 5.6-2.3 5.4-4.4-.2-2.1-3-3.5-6.2-3.2z" />
      <path d="M17.6 3.3a5.3 5.3 0 0 1 4.2 6.9.8.8 0 0 1-1.5-.5 3.7 3.7 0 0 0-2.9-4.8.8.8 0 0 1 .2-1.6z" />
    </svg>
  );
}

export function BilibiliMark({ size = 22 }: MarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor">
      <rect x="2.5" y="6.5" width="19" height="14" rx="3" strokeWidth="2" />
      <path d="m7.5 2.5 3 3.5M16.5 2.5l-3 3.5M8.5 12v2M15.5 12v2" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
