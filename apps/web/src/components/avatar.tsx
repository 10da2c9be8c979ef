import { useState } from 'react';

/** A player's avatar; their initial on a colour of their name when there is no picture. */
export function Avatar({ src, name, size = 28 }: { src: string; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (!src || failed) {
    let hash = 0;
    for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) % 360;
    return (
      <span
        className="avatar avatar--initial"
        style={{ ...style, background: `hsl(${hash} 45% 38%)` }}
        aria-hidden="true"
      >
        {Array.from(name)[0] ?? '?'}
      </span>
    );
  }
  return <img className="avatar" style={style} src={src} alt="" onError={() => setFailed(true)} />;
}
